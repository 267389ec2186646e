import type { DocumentFilterInput } from '../../../../preload/contract';

/** Documents per page of the list. */
export const PAGE_SIZE = 50;

// The bridge's limits (preload/contract/documents.ts): a value beyond them is left out of the filter
// rather than letting the whole search fail.
const MAX_ID = 256;
const MAX_DISPLAY_NAME = 512;
const MAX_FILE_NAME = 255;
const MAX_FILE_TYPE = 32;
const MAX_TAG = 64;
const MAX_LIST = 32;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const text = (value: unknown, max: number): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed !== '' && trimmed.length <= max ? trimmed : undefined;
};

const list = (value: unknown, max: number, fold: (item: string) => string): string[] => {
  if (!Array.isArray(value)) return [];
  const items = value
    .map((item) => text(item, max))
    .filter((item): item is string => item !== undefined)
    .map(fold);
  return [...new Set(items)].sort().slice(0, MAX_LIST);
};

/** A real calendar day (2024-02-30 is not one). */
function day(value: unknown): string | undefined {
  if (typeof value !== 'string' || !DAY.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
    ? value
    : undefined;
}

/**
 * The document filter in its one canonical form: only known fields of the right type and size,
 * no empty values, lists deduplicated and sorted (file types in lower case, as they match in any
 * case). The route's filter comes from an editable address, so nothing in it is trusted.
 */
export function cleanDocumentFilter(raw: unknown): DocumentFilterInput {
  const source =
    typeof raw === 'object' && raw !== null && !Array.isArray(raw)
      ? (raw as Record<string, unknown>)
      : {};
  const filter: DocumentFilterInput = {};
  const customerExternalId = text(source.customerExternalId, MAX_ID);
  if (customerExternalId) filter.customerExternalId = customerExternalId;
  const displayName = text(source.displayName, MAX_DISPLAY_NAME);
  if (displayName) filter.displayName = displayName;
  const fileName = text(source.fileName, MAX_FILE_NAME);
  if (fileName) filter.fileName = fileName;
  const fileTypes = list(source.fileTypes, MAX_FILE_TYPE, (type) =>
    type.replace(/^\./, '').toLowerCase(),
  ).filter(Boolean);
  if (fileTypes.length) filter.fileTypes = fileTypes;
  let createdFrom = day(source.createdFrom);
  let createdTo = day(source.createdTo);
  // A range typed backwards means the same days.
  if (createdFrom && createdTo && createdFrom > createdTo)
    [createdFrom, createdTo] = [createdTo, createdFrom];
  if (createdFrom) filter.createdFrom = createdFrom;
  if (createdTo) filter.createdTo = createdTo;
  const tags = list(source.tags, MAX_TAG, (tag) => tag);
  if (tags.length) filter.tags = tags;
  return filter;
}

export function isFilterEmpty(filter: DocumentFilterInput): boolean {
  return Object.keys(cleanDocumentFilter(filter)).length === 0;
}

/** A filter changed by a patch (undefined removes a field), in canonical form. */
export function patchFilter(
  filter: DocumentFilterInput,
  patch: Partial<DocumentFilterInput>,
): DocumentFilterInput {
  return cleanDocumentFilter({ ...cleanDocumentFilter(filter), ...patch });
}

/** The same string for the same filter, whatever order its fields were written in. */
export function filterKey(filter: DocumentFilterInput): string {
  const clean = cleanDocumentFilter(filter);
  const keys = Object.keys(clean).sort() as Array<keyof DocumentFilterInput>;
  return JSON.stringify(keys.map((key) => [key, clean[key]]));
}

/** "1–50 of 312": the rows a page shows, counted from one. */
export function pageRange(offset: number, rows: number, total: number): [number, number, number] {
  if (total === 0 || rows === 0) return [0, 0, total];
  return [offset + 1, offset + rows, total];
}

/** The first row of the page before or after, or null at either end. */
export function pageStep(
  offset: number,
  total: number,
  step: 1 | -1,
  size = PAGE_SIZE,
): number | null {
  const next = offset + step * size;
  if (next < 0) return offset > 0 ? 0 : null;
  return next < total ? next : null;
}

/** Where a page past the end (the list shrank under it) should go: the last page. */
export function lastPageOffset(total: number, size = PAGE_SIZE): number {
  return total > 0 ? Math.floor((total - 1) / size) * size : 0;
}
