import { z } from 'zod';

// Spec, Resources: Press report (instant report body), Source, ReportCategory, PressMetadata.
// A report may have cost the tenant, and the interface cannot list it again: one odd value (a
// number where text belongs, a null in a list) must not lose the rest. So unlike other wire
// schemas, every field here is read on its own: text from text or a number, a number from a number
// or numeric text, anything else as nothing; list items that cannot be read are left out. Only a
// kept body without a report id is refused (it cannot be kept or read again); an answer's missing
// id is settled by the operation (api/press.ts).

const lenientText = z
  .union([z.string(), z.number().transform(String)])
  .nullish()
  .catch(null);
const lenientNum = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .nullish()
  .catch(null);
const lenientFlag = z.boolean().nullish().catch(null);
const lenientOpen = z.record(z.string(), z.unknown()).nullish().catch(null);

/** A list whose items are read one by one: what cannot be read is left out; anything else is empty. */
function lenientList<T extends z.ZodType>(item: T) {
  return z
    .array(z.unknown())
    .nullish()
    .catch(null)
    .transform((value): Array<z.output<T>> =>
      (value ?? []).flatMap((entry) => {
        const read = item.safeParse(entry);
        return read.success ? [read.data] : [];
      }),
    );
}

/** An object read field by field; anything else (text, a list) reads as nothing. */
function lenientObject<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.looseObject(shape).nullish().catch(null);
}

export const WirePressSourceSchema = z.looseObject({
  consulted_by_agents: lenientList(z.number()),
  website: lenientObject({
    images: lenientList(z.string()),
    index: lenientNum,
    is_known_as_quality_source: lenientFlag,
    snippet: lenientText,
    summary: lenientText,
    title: lenientText,
    url: lenientText,
  }),
});
export type WirePressSource = z.output<typeof WirePressSourceSchema>;

export const WireReportCategorySchema = z.looseObject({
  category: lenientText,
  degree_of_certainty: lenientText,
  reason: lenientText,
  reverted: lenientFlag,
  severity: lenientText,
  sources: lenientList(WirePressSourceSchema),
});
export type WireReportCategory = z.output<typeof WireReportCategorySchema>;

/**
 * A report id: text, or a number JSON holds exactly (12345678901234567890 is read as
 * 12345678901234567000, another report's id).
 */
const reportId = z.union([
  z.string().refine((value) => value.trim().length > 0),
  z
    .number()
    .refine((value) => Number.isSafeInteger(value))
    .transform(String),
]);

export const WirePressReportSchema = z.looseObject({
  // Needed to read the report again and to compare a later one with it.
  report_body_id: reportId,
  created_at: lenientText,
  general_summary: lenientText,
  risk_summary: lenientText,
  general_sources: lenientList(WirePressSourceSchema),
  other_sources: lenientList(WirePressSourceSchema),
  report_categories: lenientList(WireReportCategorySchema),
  namesake: lenientObject({
    count: lenientNum,
    historical_or_dead_entity: lenientFlag,
    indexes: lenientList(z.unknown()),
    score: lenientNum,
  }),
  metadata: lenientObject({
    input: lenientObject({
      additional_info: lenientObject({
        Age: lenientNum,
        CountryCodes: lenientList(z.string()),
        Entity: lenientNum,
      }),
      name: lenientText,
      search_name_components: lenientObject({
        company_name: lenientText,
        first_name: lenientText,
        last_name: lenientText,
        middle_name: lenientText,
        raw_queried_name: lenientText,
        trading_name: lenientText,
      }),
    }),
    sources: lenientOpen,
    time: lenientOpen,
    tokens: lenientOpen,
  }),
});
export type WirePressReport = z.output<typeof WirePressReportSchema>;

/** A report as the service answers it: an id that cannot be read is null, for the operation to settle. */
export const WirePressAnswerSchema = WirePressReportSchema.extend({
  report_body_id: reportId.nullish().catch(null),
});
