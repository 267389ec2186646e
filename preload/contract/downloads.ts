import { z } from 'zod';
import { method } from './define';
import { Id, RequestId } from './common';

// Safe downloads of documents and attachments into the profile's folder.

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
