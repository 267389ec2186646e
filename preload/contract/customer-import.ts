import { z } from 'zod';
import { method } from './define';
import { Id } from './common';
import { LocalFile } from './uploads';
import { CustomerDraft, RelationDraft, type SaveProblem } from './customers';

// Bulk import of customers (and optionally relations) from CSV, JSON or NDJSON: a column mapping
// (saved per profile), a dry run of the whole file in batches (verify_input), a grid of the lines
// with problems, edited in place and verified again, then the real save in batches with pause and
// cancel, and a result file per line. An import is kept in the profile's local store, so it
// survives a restart and resumes where it stopped (a save is an upsert by external id, so sending a
// batch again after a dropped connection is safe).

export type ImportFormat = 'csv' | 'json' | 'ndjson';

/** CSV column per write-shape field (`first_name`, `domicile_codes`, `fields.<name>`, …). */
export const ImportMapping = z.record(z.string().min(1).max(200), z.string().min(1).max(500));
export type ImportMapping = z.infer<typeof ImportMapping>;

export interface ImportFilePreview {
  fileName: string;
  format: ImportFormat;
  /** The CSV's separator as found, or null. */
  separator: string | null;
  columns: string[];
  sample: string[][];
  /** The profile's saved mapping when its columns are all present, else one guessed from names. */
  mapping: ImportMapping;
  mappingSaved: boolean;
  /** The write-shape fields a column can be mapped to. */
  fields: string[];
}

export type ImportState =
  /** Read, nothing sent. */
  | 'ready'
  | 'verifying'
  /** Dry run done: every line has a verdict. */
  | 'verified'
  | 'saving'
  /** By the investigator, or by itself (offline, the token refused): resume goes on. */
  | 'paused'
  | 'cancelled'
  | 'done';

export interface ImportView {
  id: string;
  fileName: string;
  relationsFileName: string | null;
  state: ImportState;
  /** Why it paused or stopped, in words the investigator can act on. */
  reason: string | null;
  createdAt: string;
  batchSize: number;
  disableRiskScan: boolean;
  customers: number;
  relations: number;
  /** Lines that could not be read into the write shape (bad JSON, a missing external id, …). */
  unreadable: number;
  /** Lines with the service's errors at the last verify or save. */
  withErrors: number;
  withWarnings: number;
  /** Lines the dry run has verified, and the save has sent, so far (progress). */
  verified: number;
  saved: number;
  /** The service deferred scan and risk in some batch although not asked to. */
  riskScanForced: boolean;
  /**
   * Grows with every change kept: an answer and a change event can cross on the way, and the
   * view with the smaller revision is the older one.
   */
  revision: number;
}

export type ImportLineStatus =
  /** Read, not verified yet. */
  | 'read'
  | 'unreadable'
  | 'valid'
  | 'invalid'
  | 'saved'
  /** Sent and refused by the service. */
  | 'refused'
  /** Edited since its last verdict. */
  | 'edited';

export interface ImportLine {
  /** 1-based line (CSV row after the header, or NDJSON/JSON item), customers then relations. */
  line: number;
  kind: 'customer' | 'relation';
  externalId: string;
  status: ImportLineStatus;
  /** The write shape the line became (null when unreadable). */
  customer: CustomerDraft | null;
  relation: RelationDraft | null;
  /** The line as read (cells for CSV, JSON text otherwise), for an unreadable line. */
  source: string;
  errors: SaveProblem[];
  warnings: SaveProblem[];
  customerId: string | null;
}

export const ImportStartInput = z
  .object({
    file: LocalFile,
    relationsFile: LocalFile.optional(),
    /** For CSV customers files. */
    mapping: ImportMapping.optional(),
    relationsMapping: ImportMapping.optional(),
    saveMapping: z.boolean().default(true),
    batchSize: z.number().int().min(1).max(1000).default(100),
    disableRiskScan: z.boolean().default(false),
    /** Start the dry run at once. */
    verify: z.boolean().default(true),
  })
  .strict();

const ImportRef = z.object({ id: Id }).strict();

export const customerImportMethods = {
  preview: method<ImportFilePreview>()(
    z
      .object({ file: LocalFile, of: z.enum(['customers', 'relations']).default('customers') })
      .strict(),
  ),
  /** Reads every line in (unreadable ones kept with their reason), then starts the dry run unless asked not to. */
  start: method<ImportView>()(ImportStartInput),
  list: method<ImportView[]>()(z.undefined()),
  get: method<ImportView | null>()(ImportRef),
  lines: method<{ total: number; lines: ImportLine[] }>()(
    z
      .object({
        id: Id,
        /** Only lines with errors or warnings, unreadable or edited ones. */
        onlyProblems: z.boolean().default(false),
        offset: z.number().int().min(0).default(0),
        limit: z.number().int().min(1).max(1000).default(200),
      })
      .strict(),
  ),
  /** Replaces one line's write shape (the grid's edit); it is verified again with the next verify. */
  editLine: method<ImportLine>()(
    z
      .object({
        id: Id,
        line: z.number().int().min(1),
        customer: CustomerDraft.optional(),
        relation: RelationDraft.optional(),
      })
      .strict(),
  ),
  /** The dry run: every line not verified since read or edited (all lines with `all`). */
  verify: method<ImportView>()(z.object({ id: Id, all: z.boolean().default(false) }).strict()),
  /** The real save, in batches, of the lines without errors; goes on from where it stopped. */
  save: method<ImportView>()(ImportRef),
  pause: method<ImportView>()(ImportRef),
  cancel: method<ImportView>()(ImportRef),
  /** Writes the per-line result file (line, external id, added, customer id, errors, warnings) into downloads. */
  saveResult: method<{ fileName: string }>()(ImportRef),
};

export interface CustomerImportEvents {
  'customerImport.changed': ImportView;
}
