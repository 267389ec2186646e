import { z } from 'zod';
import { method } from './define';

// Records the service sent that CaseDesk could not read (issue 13): set aside by the sync, listed
// with why, and exportable. Their raw JSON is service data: screens show it as text only.

export interface UnreadableRecordView {
  /** The service operation that answered it, e.g. `alerts.search`. */
  operation: string;
  reason: string;
  /** The record as received, JSON text. */
  raw: string;
  firstSeenMs: number;
  lastSeenMs: number;
  timesSeen: number;
}

export interface UnreadableList {
  records: UnreadableRecordView[];
  /** All set aside; more than `records` when the list was cut at its limit. */
  total: number;
}

export const UnreadableExportInput = z
  .object({ format: z.enum(['json', 'ndjson']).default('json') })
  .strict()
  .optional();

export const unreadableMethods = {
  list: method<UnreadableList>()(z.undefined()),
  /** The whole list as text, for the renderer to save. */
  export: method<{ fileName: string; mime: string; text: string }>()(UnreadableExportInput),
};
