import { z } from 'zod';
import { date, key, num, text } from './fields';

// Spec, Resources: Alert (AlertWithLastRevision, AlertRevision); Search alerts answers {data, total}.

export const WireAlertRevisionSchema = z.looseObject({
  id: text,
  // A string in the spec, where every other agent id is an integer: accept both.
  agent_id: z.union([z.string(), z.number()]).nullish(),
  comment: text,
  created_at: date,
  customer_revision_id: text,
  profile_date: num,
  revision_number: num,
  /** 0–100 in the spec; not clamped here, the screens show what the service says. */
  score: num,
  /**
   * 1–7 today (spec, States and transitions). Any integer or text is kept: an unknown state is
   * shown as received and flagged (issue 13, "Odd data shown plainly"), never a reason to refuse.
   */
  state: z.union([z.number().int(), z.string()]).nullish(),
  /** PEP, SAN, SIP, RCA_SIP… in the spec's words "for example": any string. */
  top_category: text,
});
export type WireAlertRevision = z.output<typeof WireAlertRevisionSchema>;

export const WireAlertSchema = z.looseObject({
  id: key,
  created_at: date,
  customer_external_id: text,
  profile_number: text,
  last_revision: WireAlertRevisionSchema.nullish(),
});
export type WireAlert = z.output<typeof WireAlertSchema>;

export const WireAlertPageSchema = z.looseObject({
  data: z.array(WireAlertSchema),
  total: num,
});
export type WireAlertPage = z.output<typeof WireAlertPageSchema>;
