import { z } from 'zod';
import { anything, date, flag, key, list, num, openObject, text } from './fields';

// Spec, Resources: Customer (read shape), Customer detail, Customer statistics, Customer event,
// and the response of Save customers.

export const WireNameVariationSchema = z.looseObject({
  company_name: text,
  first_name: text,
  last_name: text,
  middle_name: text,
  trading_name: text,
});

export const WireCustomerSchema = z.looseObject({
  // The caller's key for the customer: alerts, threads and every customer path name it.
  external_id: key,
  id: text,
  account_number: text,
  account_type: openObject,
  alias_ids: list(z.string()),
  client_id: text,
  comment: text,
  company_name: text,
  contacts: text,
  created_at: text,
  created_by: num,
  custom_fields: openObject,
  customer_type: text,
  date_of_birth: text,
  disabled: flag,
  domicile_code: text,
  domicile_codes: list(z.string()),
  first_name: text,
  kyc_level: num,
  last_name: text,
  middle_name: text,
  name_variations: list(WireNameVariationSchema),
  /** Deprecated in favour of nationality_codes (spec, Versioning 3). */
  nationality_code: text,
  nationality_codes: list(z.string()),
  parent_external_id: text,
  phone: text,
  registration_number: text,
  review_groups: list(z.string()),
  revision_number: text,
  trading_name: text,
});
export type WireCustomer = z.output<typeof WireCustomerSchema>;

export const WireIndicatorSchema = z.looseObject({
  fieldtype: openObject,
  id: num,
  name: text,
  value: anything,
});
export type WireIndicator = z.output<typeof WireIndicatorSchema>;

export const WireEddStatusSchema = z.looseObject({
  agent_id: num,
  agent_name: text,
  client_id: num,
  comment: text,
  created_at: text,
  customer_id: text,
  disabled: flag,
  edd_state: openObject,
  id: num,
  next_review_date: text,
  revision_number: num,
});
export type WireEddStatus = z.output<typeof WireEddStatusSchema>;

const indicator = WireIndicatorSchema.nullish();

export const WireCustomerDetailSchema = z.looseObject({
  customer: WireCustomerSchema,
  custom_fields: list(WireIndicatorSchema),
  edd_status: WireEddStatusSchema.nullish(),
  overall_risk: openObject,
  closed_chat_categories: indicator,
  open_chat_categories: indicator,
  may_be_pep: indicator,
  may_be_press_risk: indicator,
  may_be_san: indicator,
  pep: indicator,
  press_risk: indicator,
  se: indicator,
  str: indicator,
  tm: indicator,
  vid_failed: indicator,
  vid_in_progress: indicator,
  vid_outdated: indicator,
  vid_success: indicator,
});
export type WireCustomerDetail = z.output<typeof WireCustomerDetailSchema>;

export const WireCustomerStatsSchema = z.looseObject({ alerts: num, last_scan_date: text });
export type WireCustomerStats = z.output<typeof WireCustomerStatsSchema>;

/** Timeline item; the field names really are capitalised so (spec, Customer event). */
export const WireCustomerEventSchema = z.looseObject({
  ID: key,
  AgentID: num,
  ClientID: num,
  CreatedAt: date,
  CustomerExternalID: text,
  Description: text,
  /** Allowed values not shown (spec, Events 1): any string. */
  EventType: text,
  ParentID: text,
  Title: text,
  Url: text,
});
export type WireCustomerEvent = z.output<typeof WireCustomerEventSchema>;

export const WireTimelineSchema = z.array(WireCustomerEventSchema);

const LineProblem = z.looseObject({ detail: text, error: text });

export const WireSaveResponseSchema = z.looseObject({
  added: list(z.looseObject({ customer_id: text, external_id: text })),
  detail: list(
    z.looseObject({
      external_id: text,
      errors: list(LineProblem),
      warnings: list(LineProblem),
    }),
  ),
  /** Allowed values not shown (spec, Gaps): any string. */
  status: text,
  verify_input: flag,
});
export type WireSaveResponse = z.output<typeof WireSaveResponseSchema>;
