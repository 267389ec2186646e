import {
  csvCell,
  resultFileName as namedResultFile,
  writeCsvFile,
} from '../../lib/tabular/csv-file';
import type { AnswerBrief } from '../kyt-answer';
import type { MergedLine } from './batch-lines';

// A batch's result file: one row per line of the imported file, invalid ones too, in line order
// (line, external_id, status, score, state, converted_amount, converted_currency, error), written
// as main/lib/tabular/csv-file.ts writes every result file.

export const RESULT_COLUMNS = [
  'line',
  'external_id',
  'status',
  'score',
  'state',
  'converted_amount',
  'converted_currency',
  'error',
] as const;

export function resultRow(merged: MergedLine, brief: (answer: unknown) => AnswerBrief): string {
  let cells: Array<string | number | null>;
  if (merged.kind === 'invalid')
    cells = [
      merged.line,
      merged.invalid.externalId,
      'invalid',
      null,
      null,
      null,
      null,
      merged.invalid.message,
    ];
  else {
    const { record } = merged;
    const answer = record.status === 'scored' ? brief(record.answer) : null;
    cells = [
      merged.line,
      record.transaction.external_id,
      record.status,
      answer?.score ?? null,
      answer?.state?.text ?? null,
      answer?.convertedAmount ?? null,
      answer?.convertedCurrency ?? null,
      record.statusReason,
    ];
  }
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** `<file name>-results-<YYYY-MM-DD>.csv`, made safe to create in any folder. */
export const resultFileName = (fileName: string, at: Date) =>
  namedResultFile(fileName, at, 'transactions');

/** Writes the rows into `folder` under a free name; answers the file's path. */
export const writeResultFile = (folder: string, name: string, rows: Iterable<string>) =>
  writeCsvFile(folder, name, RESULT_COLUMNS, rows);
