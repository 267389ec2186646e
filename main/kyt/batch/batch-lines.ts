import type { KytBatchLine, KytStatus } from '../../../preload/contract';
import type { AnswerBrief } from '../kyt-answer';
import type { KytStore, KytSubmissionRecord } from '../kyt-ports';
import type { InvalidLine } from './batch-book';

// A batch's lines in file order: its submissions (read from the store a page at a time, so a
// batch of any size is never held whole) merged with the lines that could not be read.

export type MergedLine =
  | { kind: 'submission'; line: number; record: KytSubmissionRecord }
  | { kind: 'invalid'; line: number; invalid: InvalidLine };

const PAGE = 500;

/** Every line from `start` submissions and `startInvalid` invalid lines on, in line order. */
export function* mergedLines(
  store: KytStore,
  batchId: string,
  invalid: readonly InvalidLine[],
  start = 0,
  startInvalid = 0,
): Generator<MergedLine> {
  let offset = start;
  let nextInvalid = startInvalid;
  let page = store.byBatch(batchId, offset, PAGE);
  let inPage = 0;
  while (true) {
    if (inPage === page.length && page.length === PAGE) {
      offset += page.length;
      page = store.byBatch(batchId, offset, PAGE);
      inPage = 0;
    }
    const record = page[inPage];
    const bad = invalid[nextInvalid];
    if (!record && !bad) return;
    const recordLine = record?.batch?.line ?? Number.POSITIVE_INFINITY;
    if (bad && bad.line < recordLine) {
      nextInvalid += 1;
      yield { kind: 'invalid', line: bad.line, invalid: bad };
    } else if (record) {
      inPage += 1;
      yield { kind: 'submission', line: record.batch?.line ?? 0, record };
    }
  }
}

/** How many invalid lines come before `line` (they are in line order). */
function invalidBefore(invalid: readonly InvalidLine[], line: number): number {
  let low = 0;
  let high = invalid.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((invalid[middle]?.line ?? 0) < line) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Where the merged line at `position` comes from: how many submissions and invalid lines lie
 * before it. Found with a few single reads (a binary search over the submissions), so a page deep
 * in a long batch does not read every line before it.
 */
function startOf(
  store: KytStore,
  batchId: string,
  invalid: readonly InvalidLine[],
  submissions: number,
  position: number,
): { submissions: number; invalid: number } {
  // The merged position of submission i is i + the invalid lines before its line: increasing in i.
  const positionOf = (index: number) => {
    const line = store.byBatch(batchId, index, 1)[0]?.batch?.line ?? Number.POSITIVE_INFINITY;
    return index + invalidBefore(invalid, line);
  };
  let low = 0;
  let high = submissions;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (positionOf(middle) < position) low = middle + 1;
    else high = middle;
  }
  return { submissions: low, invalid: Math.min(invalid.length, position - low) };
}

const PROBLEMS: ReadonlySet<KytStatus> = new Set(['refused', 'in-doubt']);

export function lineView(
  merged: MergedLine,
  brief: (answer: unknown) => AnswerBrief,
): KytBatchLine {
  if (merged.kind === 'invalid')
    return {
      line: merged.line,
      submissionId: null,
      status: 'invalid',
      score: null,
      state: null,
      error: merged.invalid.message,
    };
  const { record } = merged;
  const answer = record.status === 'scored' ? brief(record.answer) : null;
  return {
    line: merged.line,
    submissionId: record.id,
    status: record.status,
    score: answer?.score ?? null,
    state: answer?.state?.text ?? null,
    error: record.statusReason,
  };
}

/** A page of a batch's lines; with `onlyProblems`, the invalid, refused and in-doubt ones. */
export function batchLinesPage(
  store: KytStore,
  batchId: string,
  invalid: readonly InvalidLine[],
  options: { onlyProblems: boolean; offset: number; limit: number },
  brief: (answer: unknown) => AnswerBrief,
): KytBatchLine[] {
  const page: KytBatchLine[] = [];
  if (options.onlyProblems) {
    let skipped = 0;
    for (const merged of mergedLines(store, batchId, invalid)) {
      if (merged.kind === 'submission' && !PROBLEMS.has(merged.record.status)) continue;
      if (skipped < options.offset) {
        skipped += 1;
        continue;
      }
      page.push(lineView(merged, brief));
      if (page.length === options.limit) break;
    }
    return page;
  }
  const counts = store.batchCounts(batchId);
  const submissions = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const start = startOf(store, batchId, invalid, submissions, options.offset);
  for (const merged of mergedLines(store, batchId, invalid, start.submissions, start.invalid)) {
    page.push(lineView(merged, brief));
    if (page.length === options.limit) break;
  }
  return page;
}
