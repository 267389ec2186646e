import { z } from 'zod';
import { method } from './define';
import type { OutboxItemState, OutboxItemView } from './outbox';
import type { DocumentView } from './review';

// Documents and files: the cached document search, filing documents (uploads, edits, deletes go
// through the outbox, so they work offline), safe downloads, and the per-profile file settings.

const Id = z.string().min(1).max(256);
/** A calendar day, YYYY-MM-DD, read as a whole UTC day (from: its start; to: its end). */
const Day = z.iso.date();
/** Chosen by the renderer, so progress events can be matched before the call returns; reused, it is the same request. */
const RequestId = z.string().uuid();
const TagCode = z.string().trim().min(1).max(64);

// ---------------------------------------------------------------------------------------------
// Documents

/** Every filter of the service's document search, answered from the cache. */
export const DocumentFilter = z
  .object({
    customerExternalId: Id.optional(),
    /** Part of the display name, any case. */
    displayName: z.string().min(1).max(512).optional(),
    /** Part of the file name, any case. */
    fileName: z.string().min(1).max(255).optional(),
    /** Any of these file types (extensions), any case. */
    fileTypes: z.array(z.string().min(1).max(32)).max(32).optional(),
    createdFrom: Day.optional(),
    createdTo: Day.optional(),
    /** Any of these tags. */
    tags: z.array(TagCode).max(32).optional(),
  })
  .strict();
export type DocumentFilterInput = z.input<typeof DocumentFilter>;

export const DocumentSearchInput = z
  .object({
    filter: DocumentFilter.default({}),
    offset: z.number().int().min(0).max(10_000_000).default(0),
    limit: z.number().int().min(1).max(200).default(50),
  })
  .strict();

/** A change to this document waiting in the outbox. */
export interface PendingChange {
  outboxId: string;
  kind: 'update' | 'delete';
  state: OutboxItemState;
  lastError: string | null;
}

/** A cached document as the list shows it: with a pending edit's new values, marked pending. */
export interface DocumentRowView extends DocumentView {
  pending: PendingChange | null;
}

/** A document filed from this computer that the service has not confirmed yet. */
export interface PendingUploadView {
  outboxId: string;
  customerExternalId: string;
  displayName: string;
  fileName: string;
  /** Bytes of the file, or the external reference's stated size. */
  fileSize: number;
  tags: string[];
  external: boolean;
  state: OutboxItemState;
  lastError: string | null;
  createdAt: string;
}

export interface DocumentSearchPage {
  total: number;
  offset: number;
  rows: DocumentRowView[];
  /** Pending uploads matching the filter's customer (all of them without one), newest first. */
  pendingUploads: PendingUploadView[];
}

export interface DocumentFacets {
  /** Tags already seen on cached documents, most used first: the interface has no list of tags. */
  tags: Array<{ value: string; count: number }>;
  fileTypes: Array<{ value: string; count: number }>;
}

export const DocumentUpdateInput = z
  .object({
    id: Id,
    displayName: z.string().trim().min(1).max(512).optional(),
    tagCodes: z.array(TagCode).max(50).optional(),
  })
  .strict()
  .refine((input) => input.displayName !== undefined || input.tagCodes !== undefined, {
    message: 'Change the display name, the tags, or both.',
  });

export const documentsMethods = {
  search: method<DocumentSearchPage>()(DocumentSearchInput),
  facets: method<DocumentFacets>()(z.undefined()),
  /** Queued in the outbox and sent at once when the service can be reached. */
  update: method<OutboxItemView>()(DocumentUpdateInput),
  remove: method<OutboxItemView>()(z.object({ id: Id }).strict()),
};

// ---------------------------------------------------------------------------------------------
// Uploads

/**
 * Where a dropped file's bytes are. The renderer never reads them: in Electron the preload turns
 * the dropped File into its path; through the browser host the file is first streamed to the host
 * (POST /files) and named by the token it answers with.
 */
export const LocalFile = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('path'), path: z.string().min(1).max(4096) }).strict(),
  z
    .object({
      kind: z.literal('staged'),
      token: z.string().regex(/^[a-f0-9]{32}$/, 'not a staged file token'),
    })
    .strict(),
]);
export type LocalFileInput = z.input<typeof LocalFile>;

/** What the browser host's POST /files answers (inside a Result). */
export interface StagedFile {
  token: string;
  fileName: string;
  size: number;
}

export interface InspectedFile {
  fileName: string;
  size: number;
  /** The profile's upload limit, for the form to show. */
  limitBytes: number;
}

/** An external document: filed by reference, no bytes sent. */
export const ExternalReference = z
  .object({
    kind: z.literal('external'),
    url: z.url({ protocol: /^https?$/ }).max(2048),
    size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  })
  .strict();

export const UploadInput = z
  .object({
    requestId: RequestId,
    customerExternalId: Id,
    displayName: z.string().trim().min(1).max(512),
    /** The file name the service records; a local file's own name when absent. */
    fileName: z.string().trim().min(1).max(255).optional(),
    tagCodes: z.array(TagCode).max(50).default([]),
    source: z.union([LocalFile, ExternalReference]),
  })
  .strict();
export type UploadInputValue = z.input<typeof UploadInput>;

/** `discarded`: the investigator discarded it in the Outbox; it was not filed. */
export type UploadPhase = 'copying' | 'queued' | 'sending' | 'done' | 'failed' | 'discarded';

export interface UploadProgress {
  /** The requestId given to uploads.file, which is also the outbox item's id. */
  requestId: string;
  phase: UploadPhase;
  /** Bytes copied (copying) or sent (sending). */
  done: number;
  total: number;
  error: string | null;
}

export const uploadsMethods = {
  /** Checks a dropped file before anything is sent: exists, a file, readable, within the limit. */
  inspect: method<InspectedFile>()(z.object({ source: LocalFile }).strict()),
  /**
   * Files a document: the bytes are copied into the profile's outbox (so moving or changing the
   * original later changes nothing), queued, and sent at once when the service can be reached.
   */
  file: method<OutboxItemView>()(UploadInput),
};

export interface UploadsEvents {
  'uploads.progress': UploadProgress;
}

// ---------------------------------------------------------------------------------------------
// Downloads

export const DownloadTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('document'), id: Id }).strict(),
  z.object({ kind: z.literal('attachment'), id: Id }).strict(),
]);
export type DownloadTargetInput = z.input<typeof DownloadTarget>;

/** Reasons to think twice before saving a file. */
export type DownloadWarning = 'dangerous' | 'unverified' | 'executable';

export type DownloadState =
  /** Not started: warnings to acknowledge first (call again with acknowledged). */
  | 'needs_confirmation'
  /** Not started: the profile has no download folder yet (save one in settings, call again). */
  | 'needs_folder'
  | 'running'
  | 'saved'
  /** An external document: its address, not followed; the investigator may open it. */
  | 'external'
  | 'failed'
  | 'cancelled';

export interface DownloadView {
  id: string;
  target: { kind: 'document' | 'attachment'; id: string };
  /** The name the record gives, as the service sent it (shown, never used as a path). */
  name: string;
  state: DownloadState;
  warnings: DownloadWarning[];
  received: number;
  total: number | null;
  /** Where it was saved. */
  path: string | null;
  externalUrl: string | null;
  error: string | null;
  startedAt: string;
}

export const DownloadStartInput = z
  .object({
    requestId: RequestId,
    target: DownloadTarget,
    /** The investigator saw the warnings and chose to save anyway. */
    acknowledged: z.boolean().default(false),
  })
  .strict();

const DownloadRef = z.object({ id: RequestId }).strict();

export interface FolderChoice {
  /** False where CaseDesk cannot show a folder picker (the browser host): type the path instead. */
  handled: boolean;
  folder: string | null;
}

export interface ShowInFolderResult {
  /** False where CaseDesk cannot open the file manager (the browser host): the path is shown. */
  handled: boolean;
  path: string;
}

export const downloadsMethods = {
  start: method<DownloadView>()(DownloadStartInput),
  /** This session's downloads, newest first. */
  list: method<DownloadView[]>()(z.undefined()),
  cancel: method<DownloadView>()(DownloadRef),
  showInFolder: method<ShowInFolderResult>()(DownloadRef),
  /** The system folder picker, where there is one; the choice is not saved until settings.save. */
  chooseFolder: method<FolderChoice>()(z.undefined()),
};

export interface DownloadsEvents {
  'downloads.changed': DownloadView;
}

// ---------------------------------------------------------------------------------------------
// Settings of the active profile

export interface ProfileSettings {
  /** Where downloads are saved; null until the investigator picks one. */
  downloadFolder: string | null;
  /** A folder to offer when none is picked yet (the user's Downloads folder where it exists). */
  suggestedDownloadFolder: string;
  /** Files larger than this are refused before anything is sent. */
  maxUploadMb: number;
}

export const SettingsChange = z
  .object({
    downloadFolder: z.string().min(1).max(4096).nullable().optional(),
    maxUploadMb: z.number().int().min(1).max(10_240).optional(),
  })
  .strict();

export const settingsMethods = {
  get: method<ProfileSettings>()(z.undefined()),
  /** A download folder must exist, be a folder and be writable. */
  save: method<ProfileSettings>()(SettingsChange),
};
