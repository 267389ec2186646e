import { z } from 'zod';
import { method } from './define';
import { Id, RequestId, TagCode } from './common';
import type { OutboxItemView } from './outbox';

// Filing documents: a dropped or chosen file is checked, copied into the outbox and sent.

const NOT_A_HANDLE =
  'A file is named only by the handle CaseDesk gave it when it was dropped or chosen with Add files…, never by its path (in the desktop app as in a browser): drop the file or choose it again.';

/**
 * A dropped or chosen file, by the handle main gave for it. The renderer never reads its bytes
 * and never names a path: in Electron the preload registers the file with main (its own message,
 * not this bridge) and gets the handle; through the browser host the file is first streamed to
 * the host (POST /files) and named by the token it answers with. A script in the window can name
 * only files the investigator dropped or chose.
 */
export const LocalFile = z
  .object({
    kind: z.literal('staged', { error: NOT_A_HANDLE }),
    token: z.string().regex(/^[a-f0-9]{32}$/, 'not a staged file token'),
  })
  .strict();
export type LocalFileInput = z.input<typeof LocalFile>;

/** What registering a file answers (the browser host's POST /files, the preload's register). */
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
    source: z.discriminatedUnion('kind', [LocalFile, ExternalReference], { error: NOT_A_HANDLE }),
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
