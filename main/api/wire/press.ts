import { z } from 'zod';
import { anything, flag, key, list, num, openObject, text } from './fields';

// Spec, Resources: Press report (instant report body), Source, ReportCategory, PressMetadata.

export const WirePressSourceSchema = z.looseObject({
  consulted_by_agents: list(z.number()),
  website: z
    .looseObject({
      images: list(z.string()),
      index: num,
      is_known_as_quality_source: flag,
      snippet: text,
      summary: text,
      title: text,
      url: text,
    })
    .nullish(),
});
export type WirePressSource = z.output<typeof WirePressSourceSchema>;

export const WireReportCategorySchema = z.looseObject({
  category: text,
  degree_of_certainty: text,
  reason: text,
  reverted: flag,
  severity: text,
  sources: list(WirePressSourceSchema),
});
export type WireReportCategory = z.output<typeof WireReportCategorySchema>;

export const WirePressReportSchema = z.looseObject({
  // Needed to read the report again and to compare a later one with it.
  report_body_id: key,
  created_at: text,
  general_summary: text,
  risk_summary: text,
  general_sources: list(WirePressSourceSchema),
  other_sources: list(WirePressSourceSchema),
  report_categories: list(WireReportCategorySchema),
  namesake: z
    .looseObject({
      count: num,
      historical_or_dead_entity: flag,
      indexes: list(anything),
      score: num,
    })
    .nullish(),
  metadata: z
    .looseObject({
      input: z
        .looseObject({
          additional_info: z
            .looseObject({ Age: num, CountryCodes: list(z.string()), Entity: num })
            .nullish(),
          name: text,
          search_name_components: z
            .looseObject({
              company_name: text,
              first_name: text,
              last_name: text,
              middle_name: text,
              raw_queried_name: text,
              trading_name: text,
            })
            .nullish(),
        })
        .nullish(),
      sources: openObject,
      time: openObject,
      tokens: openObject,
    })
    .nullish(),
});
export type WirePressReport = z.output<typeof WirePressReportSchema>;
