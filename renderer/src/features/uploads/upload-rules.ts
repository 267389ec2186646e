import { formatBytes } from '../../lib/format';
import { MAX_TAGS } from '../../lib/tag-codes';

// What the upload form can know and say before anything is sent. Main checks every file again
// (uploads.inspect); these checks only spare the investigator a round trip.

export const MAX_DISPLAY_NAME = 512;
export const MAX_FILE_NAME = 255;
export const MAX_CUSTOMER_ID = 256;

/** The profile's upload limit in bytes, as main computes it from maxUploadMb. */
export const limitBytes = (maxUploadMb: number): number => maxUploadMb * 1024 * 1024;

/** A display name from a file name: the name without its extension ("scan.final.pdf" → "scan.final"). */
export function displayNameFromFileName(fileName: string): string {
  const name = fileName.trim();
  const dot = name.lastIndexOf('.');
  // A leading dot (".env") is part of the name, not an extension.
  const stem = dot > 0 ? name.slice(0, dot).trim() : name;
  return (stem || name).slice(0, MAX_DISPLAY_NAME);
}

/** A file name's extension, lower case, without the dot; empty when it has none. */
export function fileTypeOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/** The last part of a URL's path, as a file name for an external document. */
export function fileNameFromUrl(url: string): string {
  try {
    const parts = new URL(url).pathname.split('/').filter(Boolean);
    const last = parts.at(-1);
    return last ? decodeURIComponent(last).slice(0, MAX_FILE_NAME) : '';
  } catch {
    return '';
  }
}

/** Why a dropped file cannot be filed, as far as the renderer can tell; null when it can. */
export function precheckFile(
  file: { name: string; size: number; isFolder: boolean },
  maxBytes: number | null,
): string | null {
  if (file.isFolder)
    return `“${file.name}” is a folder. Open it and drop the files inside instead.`;
  if (file.size === 0)
    return `“${file.name}” is empty: there is nothing in it to file. Check that it is the file you meant.`;
  if (maxBytes !== null && file.size > maxBytes)
    return `Too large: ${formatBytes(file.size)}, over this profile’s limit of ${formatBytes(maxBytes)}. Nothing was sent; file a smaller copy.`;
  return null;
}

export interface DraftFields {
  displayName: string;
  customerExternalId: string;
  tags: readonly string[];
}

export type DraftErrors = Partial<Record<'displayName' | 'customerExternalId' | 'tags', string>>;

/** What is missing or wrong in one file's form before it may be filed. */
export function draftErrors(fields: DraftFields): DraftErrors {
  const errors: DraftErrors = {};
  const displayName = fields.displayName.trim();
  if (!displayName) errors.displayName = 'Give the document a display name.';
  else if (displayName.length > MAX_DISPLAY_NAME)
    errors.displayName = `At most ${MAX_DISPLAY_NAME} characters.`;
  const customer = fields.customerExternalId.trim();
  if (!customer) errors.customerExternalId = 'Name the customer (external id) to file it on.';
  else if (customer.length > MAX_CUSTOMER_ID)
    errors.customerExternalId = `An external id is at most ${MAX_CUSTOMER_ID} characters.`;
  if (fields.tags.length > MAX_TAGS) errors.tags = `At most ${MAX_TAGS} tags.`;
  return errors;
}

export interface ExternalFields {
  url: string;
  size: string;
  fileName: string;
}

export type ExternalErrors = Partial<Record<'url' | 'size' | 'fileName', string>>;

/** The external reference's own fields: an http(s) address, a whole number of bytes, a file name. */
export function externalErrors(fields: ExternalFields): ExternalErrors {
  const errors: ExternalErrors = {};
  const url = fields.url.trim();
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!url) errors.url = 'Give the address where the document is kept.';
  else if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:'))
    errors.url = 'Give a full web address starting with https:// (or http://).';
  else if (url.length > 2048) errors.url = 'At most 2048 characters.';
  const size = fields.size.trim();
  if (!/^\d+$/.test(size) || !Number.isSafeInteger(Number(size)))
    errors.size = 'Give the size in bytes as a whole number (0 if unknown).';
  const fileName = fields.fileName.trim();
  if (!fileName) errors.fileName = 'Give the file name the service should record.';
  else if (fileName.length > MAX_FILE_NAME)
    errors.fileName = `At most ${MAX_FILE_NAME} characters.`;
  return errors;
}

/** Where an upload is, from the form's first check to the service's answer. */
export type UploadStage =
  'draft' | 'preparing' | 'copying' | 'queued' | 'sending' | 'done' | 'failed' | 'discarded';

/** A bar's fill, 0–1, or null where there is nothing to measure. */
export function progressFraction(stage: UploadStage, done: number, total: number): number | null {
  if (stage === 'done') return 1;
  if (stage === 'draft' || stage === 'failed' || stage === 'discarded') return null;
  if (stage === 'queued') return null;
  if (total <= 0) return null;
  return Math.max(0, Math.min(1, done / total));
}
