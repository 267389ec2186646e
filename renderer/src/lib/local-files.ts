// zod's tree-shakable build: the renderer checks one small answer, not worth the full library.
import * as z from 'zod/mini';
import type { LocalFileInput, StagedFile } from '../../../preload/contract';
import { transport } from './api';
import { PAGE_SECRET_HEADER, pageSecret } from './page-secret';
import { visibleFileName } from './file-names';

// A dropped File becomes the contract's LocalFile here, and only here. The renderer never reads a
// file's bytes nor names a path: in Electron the preload registers the File with main and answers
// its handle; through the browser host the File itself is the request body, which the browser
// streams from disk, and the host answers a handle too.

/** A file that cannot be filed, with a message that says what to do. */
export class LocalFileError extends Error {
  constructor(
    message: string,
    /** Trying again may work (CaseDesk was busy or signed out); otherwise the file itself is refused. */
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'LocalFileError';
  }
}

/** What the investigator dropped or picked: a file, or a folder (which cannot be filed). */
export interface DroppedFile {
  file: File;
  isFolder: boolean;
}

/**
 * The files of a drop, read while the drop event lasts (its DataTransfer is emptied after).
 * A folder shows up as a File too; only its entry tells it apart.
 */
export function droppedFiles(data: DataTransfer): DroppedFile[] {
  const items = Array.from(data.items ?? []).filter((item) => item.kind === 'file');
  if (items.length === 0) return Array.from(data.files).map((file) => ({ file, isFolder: false }));
  const dropped: DroppedFile[] = [];
  for (const item of items) {
    const file = item.getAsFile();
    if (!file) continue;
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    dropped.push({ file, isFolder: entry?.isDirectory === true });
  }
  return dropped;
}

/** A drag that carries files from the operating system (not text or a link from the page). */
export function carriesFiles(data: DataTransfer | null): boolean {
  return data !== null && Array.from(data.types).includes('Files');
}

const StagedAnswer = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    value: z.object({
      token: z.string().check(z.regex(/^[a-f0-9]{32}$/)),
      fileName: z.string(),
      size: z.int().check(z.minimum(0)),
    }),
  }),
  z.object({
    ok: z.literal(false),
    error: z.object({ code: z.string(), message: z.string().check(z.minLength(1)) }),
  }),
]);

/** The browser host's answer to POST /files, read defensively: it crosses HTTP. */
export function readStagedAnswer(status: number, body: string, fileName: string): StagedFile {
  let parsed: z.infer<typeof StagedAnswer> | null = null;
  try {
    const result = StagedAnswer.safeParse(JSON.parse(body));
    if (result.success) parsed = result.data;
  } catch {
    parsed = null;
  }
  if (parsed?.ok) return parsed.value;
  if (status === 401)
    throw new LocalFileError(
      'This browser tab is no longer signed in to CaseDesk. Open the link CaseDesk printed, then try again.',
      true,
    );
  // The host refuses a file (too large, unreadable) with 4xx; anything else is worth a retry.
  if (parsed) throw new LocalFileError(parsed.error.message, status >= 500);
  if (status === 413)
    throw new LocalFileError(
      `“${fileName}” is larger than this profile accepts. File a smaller copy, or raise the limit.`,
    );
  throw new LocalFileError(
    `CaseDesk could not take “${fileName}” (HTTP ${status}). Try again; if it keeps failing, restart CaseDesk.`,
    true,
  );
}

/** Streams a File to the browser host, which keeps it until uploads.file names its token. */
function stageFile(
  file: File,
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<StagedFile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/files');
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.setRequestHeader('X-CaseDesk-File-Name', encodeURIComponent(file.name));
    request.setRequestHeader(PAGE_SECRET_HEADER, pageSecret());
    // Messages name the file as the form shows it, never with its hidden characters.
    const name = visibleFileName(file.name);
    request.upload.onprogress = (event) =>
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onload = () => {
      try {
        resolve(readStagedAnswer(request.status, request.responseText, name));
      } catch (error) {
        reject(error instanceof Error ? error : new LocalFileError(String(error)));
      }
    };
    // The browser gives no reason: the file may be gone or unreadable, or CaseDesk stopped.
    request.onerror = () =>
      reject(
        new LocalFileError(
          `“${name}” could not be read and sent to CaseDesk. Check that the file still exists and can be opened, and that CaseDesk is running, then try again.`,
          true,
        ),
      );
    request.onabort = () => reject(new LocalFileError(`Adding “${name}” was cancelled.`, true));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

/**
 * Electron: registers the dropped or chosen File with main (through the preload) and answers its
 * handle; null when the File is not a file on disk.
 */
export async function registerWithMain(file: File): Promise<StagedFile | null> {
  const bridge = window.casedeskFiles;
  if (!bridge) return null;
  const answer = await bridge.register(file);
  if (answer === null) return null;
  if (answer.ok) return answer.value;
  // A refused file (missing, a folder, one of CaseDesk's own) stays refused; anything else may pass.
  const final = answer.error.code === 'invalid_input' || answer.error.code === 'not_found';
  throw new LocalFileError(answer.error.message, !final);
}

export const notOnDiskMessage = (name: string) =>
  `“${name}” is not a file on this computer’s disk (it may come from a web page or an archive). Save it to a folder first, then drop it from there.`;

/**
 * The LocalFile that names a dropped File for uploads.inspect and uploads.file. Through the
 * browser host this sends the file's bytes to the host, with progress.
 */
export async function toLocalFile(
  file: File,
  onProgress: (sent: number, total: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<LocalFileInput> {
  if (transport === 'electron') {
    const registered = await registerWithMain(file);
    if (!registered) throw new LocalFileError(notOnDiskMessage(visibleFileName(file.name)));
    return { kind: 'staged', token: registered.token };
  }
  const staged = await stageFile(file, onProgress, signal);
  return { kind: 'staged', token: staged.token };
}
