import { z } from 'zod';
import { method } from './define';
import { Day, Id } from './common';
import type { OutboxItemView } from './outbox';

// Adverse-media (press) reports (issue 14). The interface can generate a report, read one by its
// id and force one for a customer, but never list them: every report CaseDesk generates, opens or
// picks up is kept in the profile's local store, and every screen here reads from there (offline
// too). Report strings are service data: screens show them as text only, links only after their
// address is shown, images only when asked.

export const PressEntityType = z.enum(['person', 'firm']);
export type PressEntityType = z.infer<typeof PressEntityType>;

const Part = z.string().trim().max(256);

/**
 * Whom a report is about. The service takes one `name`; the components, when given, say how it
 * was made (a customer's first/middle/last names or company name) and make it when `name` is empty.
 */
export const PressSubject = z
  .object({
    name: z.string().trim().max(512).default(''),
    firstName: Part.optional(),
    middleName: Part.optional(),
    lastName: Part.optional(),
    companyName: Part.optional(),
    /** ISO 3166 alpha-2, any case. */
    countryCodes: z
      .array(z.string().regex(/^[A-Za-z]{2}$/, 'Country codes have two letters (ISO 3166).'))
      .max(50)
      .default([]),
    dateOfBirth: Day.optional(),
    entityType: PressEntityType.optional(),
    /** The customer the report is made for, when it is made from a customer's page. */
    customerExternalId: Id.optional(),
  })
  .strict()
  .refine(
    (subject) =>
      [
        subject.name,
        subject.firstName,
        subject.middleName,
        subject.lastName,
        subject.companyName,
      ].some((part) => (part ?? '').trim().length > 0),
    { message: 'Give a name to report on.' },
  );
export type PressSubjectInput = z.input<typeof PressSubject>;

export const PressGenerateInput = z
  .object({
    subject: PressSubject,
    /**
     * The stored report to compare with (`previous_instant_report_id`). Absent: the newest kept
     * report of the same subject, if any; null: none.
     */
    previousReportId: Id.nullable().optional(),
    /**
     * The investigator confirmed generating although a report of this subject was made a short
     * while ago, or a generation of it may already have reached the service (lost answer).
     */
    confirmRepeat: z.boolean().default(false),
  })
  .strict();
export type PressGenerateRequest = z.input<typeof PressGenerateInput>;

/** How CaseDesk came to keep a report. */
export type PressReportOrigin = 'generated' | 'opened' | 'forced';

export interface PressCategoryBrief {
  category: string;
  severity: string;
  reverted: boolean;
}

/** A kept report as lists show it (read without the report's body). */
export interface PressReportSummary {
  id: string;
  /** The service's created_at, as sent (its format is open). */
  createdAt: string | null;
  /** When CaseDesk kept it, ms since epoch: lists sort and filter by it when createdAt is odd. */
  keptAtMs: number;
  /** The name the report is about (its input name, else the name asked for). */
  subjectName: string;
  /** The subject's comparison key: reports with the same key are "the same subject". */
  subjectKey: string;
  customerExternalId: string | null;
  origin: PressReportOrigin;
  /** The report it was generated to be compared with, if any. */
  previousReportId: string | null;
  categories: PressCategoryBrief[];
  /** The highest severity among categories not reverted (high > medium > low > other), or null. */
  highestSeverity: string | null;
  sourceCount: number;
  /** Sources the investigator marked read. */
  readSourceCount: number;
  namesakeCount: number | null;
  /** The risk summary's first characters, for lists. */
  riskSummaryStart: string;
}

/** One source (article) of a report, listed once per URL however many sections cite it. */
export interface PressSourceView {
  /** Stable within the report: the URL, else `#index`, else `#n` in reading order. */
  key: string;
  url: string;
  /** The URL's host, for "site"; empty when the URL has none. */
  site: string;
  title: string;
  snippet: string;
  summary: string;
  quality: boolean;
  /** Remote images: shown only when the investigator asks. */
  images: string[];
  index: number | null;
  /** general, other, and/or the names of categories citing it. */
  citedIn: string[];
  read: boolean;
}

export interface PressCategoryView {
  category: string;
  severity: string;
  degreeOfCertainty: string;
  reason: string;
  reverted: boolean;
  /** Keys of `PressReportDetail.sources`. */
  sourceKeys: string[];
}

export interface PressReportDetail {
  summary: PressReportSummary;
  generalSummary: string;
  riskSummary: string;
  categories: PressCategoryView[];
  sources: PressSourceView[];
  namesake: {
    count: number | null;
    score: number | null;
    historicalOrDeadEntity: boolean | null;
    /** As the service sent them, JSON text. */
    indexes: string;
  } | null;
  /** What the report was made for, as the service tells it. */
  input: {
    name: string;
    components: Array<{ field: string; value: string }>;
    countryCodes: string[];
    age: number | null;
    entity: number | null;
  } | null;
  /** Sections the service left empty or did not send, named for the reader ("risk summary"). */
  missingSections: string[];
  /**
   * What the investigator asked for, when CaseDesk generated it (the service's input tells neither
   * the date of birth nor the name's parts as typed): "Generate again" starts from it.
   */
  asked?: PressSubjectInput | null;
}

export type PressTextPiece = { op: 'same' | 'added' | 'removed'; text: string };

export type PressCategoryChange =
  | 'added'
  | 'removed'
  | 'severity'
  | 'certainty'
  | 'severity-and-certainty'
  | 'reverted'
  | 'restored'
  | 'unchanged';

export interface PressDiff {
  older: PressReportSummary;
  newer: PressReportSummary;
  categories: Array<{
    category: string;
    change: PressCategoryChange;
    before: Omit<PressCategoryView, 'sourceKeys'> | null;
    after: Omit<PressCategoryView, 'sourceKeys'> | null;
  }>;
  sources: {
    added: PressSourceView[];
    removed: PressSourceView[];
    unchanged: number;
  };
  namesake: {
    countBefore: number | null;
    countAfter: number | null;
    scoreBefore: number | null;
    scoreAfter: number | null;
  };
  generalSummary: PressTextPiece[];
  riskSummary: PressTextPiece[];
  /** Nothing changed between the two. */
  same: boolean;
}

export type PressGenerateResult =
  | {
      state: 'generated';
      report: PressReportDetail;
      diff: PressDiff | null;
      /** Something the investigator should know of how it was made (the previous id was unknown). */
      notice?: string;
    }
  /** Made a short while ago: confirm (confirmRepeat) to generate anyway. */
  | { state: 'recent'; recent: PressReportSummary }
  /**
   * An earlier generation of this subject lost its answer: it may exist on the service (the
   * interface cannot list reports). `lookedIn` says, as a sentence, where CaseDesk could look for
   * it (for an instant report: nowhere, and why).
   */
  | { state: 'in-doubt'; since: string; lookedIn: string }
  /** A generation of this subject is still waiting for the service's answer (since then). */
  | { state: 'running'; since: string };

export const PressListFilter = z
  .object({
    customerExternalId: Id.optional(),
    /**
     * Reports of the same subject (a summary's `subjectKey`: the same name in any order, case or
     * accents); with `customerExternalId` too, the customer's reports under any name as well.
     */
    subjectKey: z.string().trim().min(1).max(100_000).optional(),
    /** Part of the subject's name, any case and accents. */
    subject: z.string().trim().min(1).max(200).optional(),
    category: z.string().trim().min(1).max(200).optional(),
    /** At least this severity among categories not reverted. */
    severity: z.enum(['low', 'medium', 'high']).optional(),
    keptFrom: Day.optional(),
    keptTo: Day.optional(),
  })
  .strict();
export type PressListFilterInput = z.input<typeof PressListFilter>;

export interface PressList {
  /** Newest first. */
  reports: PressReportSummary[];
  total: number;
  /** Every category seen in kept reports, for the filter. */
  categories: string[];
}

export const PressMarkReadInput = z
  .object({ reportId: Id, sourceKey: z.string().min(1).max(100_000), read: z.boolean() })
  .strict();

export const pressMethods = {
  /** Generates an instant report on the service (it may cost the tenant) and keeps it. */
  generate: method<PressGenerateResult>()(PressGenerateInput),
  /** A kept report; null when CaseDesk has none of that id (`open` fetches it). */
  get: method<PressReportDetail | null>()(z.object({ id: Id }).strict()),
  /** Reads a report by id from the service (GET reportbody) and keeps it. */
  open: method<PressReportDetail>()(z.object({ id: Id.transform((id) => id.trim()) }).strict()),
  list: method<PressList>()(z.object({ filter: PressListFilter.default({}) }).strict()),
  /** Any two kept reports, older first in the answer whatever the order asked. */
  compare: method<PressDiff>()(z.object({ a: Id, b: Id }).strict()),
  /** Queued in the outbox: sent once when the service can be reached. */
  force: method<OutboxItemView>()(z.object({ customerExternalId: Id }).strict()),
  markSourceRead: method<PressReportSummary>()(PressMarkReadInput),
};
