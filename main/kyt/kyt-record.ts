import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  KytTransactionInput,
  type KytStatus,
  type KytSubmissionSummary,
} from '../../preload/contract';
import type { Logger } from '../lib/logger';
import { fold, foldedWords } from '../press/subject-key';
import { answerBrief, type AnswerBrief } from './kyt-answer';
import type { KytSubmissionRecord } from './kyt-ports';

// A submission as kept in the local store, and what lists and search derive from it. The body is
// the truth; everything else here is derived again from it whenever the derivation changes.

export const KYT_SUBMISSION_KIND = 'kyt.submission';

export const KYT_STATUSES = [
  'waiting',
  'sending',
  'scored',
  'refused',
  'in-doubt',
  'marked-sent',
  'withdrawn',
] as const satisfies readonly KytStatus[];

/** The transaction's id on the service, made by CaseDesk when the investigator gave none. */
export const newExternalId = (): string => `cd-${randomUUID()}`;

const KeptTransaction = KytTransactionInput.transform((transaction, context) => {
  const externalId = transaction.external_id;
  if (externalId === undefined) {
    context.addIssue({ code: 'custom', message: 'a kept transaction has its external_id' });
    return z.NEVER;
  }
  return { ...transaction, external_id: externalId };
});

/** A record's body read back from the local store (a file): checked before it is used. */
const RecordSchema = z.object({
  id: z.string().min(1),
  transaction: KeptTransaction,
  status: z.enum(KYT_STATUSES),
  statusReason: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  answer: z.unknown(),
  basedOnId: z.string().nullable(),
  batch: z.object({ id: z.string().min(1), line: z.number().int() }).nullable(),
});

/** The body as kept, or why it cannot be read. */
export function readRecord(
  body: unknown,
): { ok: true; record: KytSubmissionRecord } | { ok: false; problem: string } {
  const parsed = RecordSchema.safeParse(body);
  if (!parsed.success) return { ok: false, problem: parsed.error.message };
  return { ok: true, record: { ...parsed.data, answer: parsed.data.answer ?? null } };
}

const NO_ANSWER: AnswerBrief = {
  serviceId: null,
  score: null,
  state: null,
  convertedAmount: null,
  convertedCurrency: null,
  customers: [],
};

/**
 * What lists need of an answer. The readers are total by contract; one that throws on a shape
 * nobody foresaw must not keep a submission from being listed or its answer from being kept, so
 * it is logged and the submission listed without it.
 */
export function briefOf(answer: unknown, logger: Logger): AnswerBrief {
  if (answer === null || answer === undefined) return NO_ANSWER;
  try {
    return answerBrief(answer);
  } catch (error) {
    logger.error('a kept KYT answer could not be read for the lists', error);
    return NO_ANSWER;
  }
}

const nonEmpty = (value: string | undefined): string | null =>
  value !== undefined && value.trim() !== '' ? value : null;

/** The list's row of a submission. */
export function summaryOf(record: KytSubmissionRecord, brief: AnswerBrief): KytSubmissionSummary {
  const { transaction: t } = record;
  const fromExternalId = nonEmpty(t.from.external_id);
  const toExternalId = nonEmpty(t.to.external_id);
  return {
    id: record.id,
    serviceId: brief.serviceId,
    externalId: t.external_id,
    status: record.status,
    statusReason: record.statusReason,
    createdAt: record.createdAt,
    settledAt: record.settledAt,
    amount: t.amount,
    currency: t.currency,
    date: t.date ?? null,
    label: nonEmpty(t.label),
    fromName: nonEmpty(t.from.full_name),
    fromExternalId,
    toName: nonEmpty(t.to.full_name),
    toExternalId,
    customers: brief.customers.length
      ? [...brief.customers]
      : [fromExternalId, toExternalId].filter((id): id is string => id !== null),
    score: brief.score,
    state: brief.state,
    convertedAmount: brief.convertedAmount,
    convertedCurrency: brief.convertedCurrency,
    basedOnId: record.basedOnId,
    batch: record.batch,
  };
}

/** The version of everything derived here: a row of another version is derived again. */
export const DERIVED_VERSION = 1;

/** One row of the index tables (local store migration 005). */
export interface IndexRow {
  id: string;
  status: KytStatus;
  createdMs: number;
  dateMs: number;
  score: number | null;
  stateText: string | null;
  stateCode: string | null;
  currency: string;
  labelFolded: string;
  fromExternalId: string | null;
  toExternalId: string | null;
  batchId: string | null;
  batchLine: number;
  /** Sender, receiver and the customers the service linked. */
  customers: string[];
  summary: KytSubmissionSummary;
}

/** What of an index row an outcome changes: a kept record's transaction never does. */
export type OutcomeRow = Pick<
  IndexRow,
  'id' | 'status' | 'score' | 'stateText' | 'stateCode' | 'customers' | 'summary'
>;

export function outcomeRowOf(summary: KytSubmissionSummary): OutcomeRow {
  return {
    id: summary.id,
    status: summary.status,
    score: summary.score !== null && Number.isFinite(summary.score) ? summary.score : null,
    stateText: summary.state?.text ?? null,
    stateCode: summary.state?.code ?? null,
    customers: [
      ...new Set(
        [summary.fromExternalId, summary.toExternalId, ...summary.customers].filter(
          (id): id is string => id !== null && id !== '',
        ),
      ),
    ],
    summary,
  };
}

export function indexRowOf(summary: KytSubmissionSummary, createdMs: number): IndexRow {
  const dated = summary.date === null ? Number.NaN : Date.parse(summary.date);
  return {
    ...outcomeRowOf(summary),
    createdMs,
    dateMs: Number.isFinite(dated) ? dated : createdMs,
    currency: summary.currency,
    labelFolded: fold(summary.label ?? ''),
    fromExternalId: summary.fromExternalId,
    toExternalId: summary.toExternalId,
    batchId: summary.batch?.id ?? null,
    batchLine: summary.batch?.line ?? 0,
  };
}

// eslint-disable-next-line no-control-regex
const ASCII = /^[\u0000-\u007f]*$/;

/**
 * Folded words as search folds them (foldedWords); plain ASCII, most of what a batch holds (ids,
 * amounts, codes), only needs lower case: the same words for a fraction of the cost.
 */
function wordsOf(text: string): string[] {
  return ASCII.test(text) ? (text.toLowerCase().match(/[a-z0-9]+/g) ?? []) : foldedWords(text);
}

/**
 * The words Ctrl+K finds a submission by: its ids, the participants' names and ids, its label,
 * state, currency and amount (as typed: 1250.5 and 1250.50 alike).
 */
export function searchTextOf(summary: KytSubmissionSummary): string {
  const amount = Number.isFinite(summary.amount)
    ? [String(summary.amount), summary.amount.toFixed(2)]
    : [];
  const texts = [
    summary.id,
    summary.serviceId ?? '',
    summary.externalId,
    summary.fromName ?? '',
    summary.fromExternalId ?? '',
    summary.toName ?? '',
    summary.toExternalId ?? '',
    ...summary.customers,
    summary.label ?? '',
    summary.state?.text ?? '',
    summary.state?.code ?? '',
    summary.currency,
    ...amount,
  ];
  // All plain ASCII (most of what a batch holds): one pass over them all, separated by a space,
  // finds the same words in the same order as a pass over each.
  const joined = texts.join(' ');
  const words = new Set(ASCII.test(joined) ? wordsOf(joined) : texts.flatMap(wordsOf));
  return ` ${[...words].join(' ')} `;
}
