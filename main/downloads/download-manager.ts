import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import type { DownloadView } from '../../preload/contract';
import { AppError } from '../lib/app-error';
import type { ProfileSettingsStore } from '../settings/profile-settings';
import { checkDownloadFolder } from '../settings/profile-settings';
import type { CallOptions, DownloadResult } from '../api';
import type { CacheDb } from '../cache/open-cache';
import type { LocalStoreOpening } from '../local/local-store';
import { downloadFailureMessage } from './download-failure';
import { markAsDownloaded } from './download-provenance';
import { downloadSubject, type DownloadSubject, type DownloadTargetRef } from './download-subject';
import { cachedFileFacts, createDownloadedFiles } from './downloaded-files';
import { saveDownload, type SavedDownload } from './safe-download';

/** Often enough for a progress bar to move smoothly, rarely enough not to flood the renderer. */
export const PROGRESS_EVERY_MS = 150;

/** Finished downloads kept for the session's list; running ones are always kept. */
const MAX_KEPT = 200;

export interface DownloadRequest {
  requestId: string;
  target: DownloadTargetRef;
  acknowledged: boolean;
}

type Fetch = (id: string, options?: CallOptions) => Promise<DownloadResult>;

/** What downloads use of the active profile's workspace. */
export interface DownloadWorkspace {
  /** The cache: what a file is called and how safe it is. */
  db: CacheDb;
  /** The profile's folder, where its settings are. */
  folder: string;
  client: { documents: { download: Fetch }; attachments: { download: Fetch } };
  /** Where each saved file's hash is recorded (downloaded-files.ts); absent or closed: not recorded. */
  localStore?: LocalStoreOpening;
}

export interface DownloadManagerDeps {
  workspace: () => Promise<DownloadWorkspace>;
  settings: Pick<ProfileSettingsStore, 'get'>;
  /** Called with each change of a started download (throttled while bytes arrive). */
  emit: (view: DownloadView) => void;
  /** Marks a saved file as downloaded from the internet (best effort). */
  markSaved?: (path: string) => Promise<unknown>;
  progressEveryMs?: number;
}

interface Entry {
  view: DownloadView;
  controller: AbortController;
  /** The response body while bytes arrive, so a cancel stops it at once. */
  body: Readable | null;
  lastEmitAt: number;
  settled: Promise<void>;
}

type FolderCheck = { folder: string } | { problem: string };

/**
 * Records a saved file with its hash and what the cache said of it, for case files. Best effort:
 * a record that cannot be written never fails the download itself.
 */
function recordSaved(space: DownloadWorkspace, target: DownloadTargetRef, saved: SavedDownload) {
  if (space.localStore?.state !== 'open') return;
  try {
    createDownloadedFiles(space.localStore.store).keep({
      v: 1,
      target: { ...target },
      ...cachedFileFacts(space.db, target),
      path: saved.path,
      savedName: basename(saved.path),
      bytes: saved.bytes,
      sha256: saved.sha256,
      savedAtMs: Date.now(),
    });
  } catch {
    // The file is saved all the same; a case file then lists it without its hash.
  }
}

/**
 * This session's downloads of documents and attachments: each asked for once per request id,
 * warned about before it starts, saved safely into the profile's download folder in the
 * background, and never opened. An external document's address is reported, never fetched.
 */
export function createDownloadManager(deps: DownloadManagerDeps) {
  const entries = new Map<string, Entry>();
  const markSaved = deps.markSaved ?? markAsDownloaded;
  const progressEveryMs = deps.progressEveryMs ?? PROGRESS_EVERY_MS;

  const snapshot = (view: DownloadView): DownloadView => ({
    ...view,
    target: { ...view.target },
    warnings: [...view.warnings],
  });
  const publish = (entry: Entry) => {
    entry.lastEmitAt = Date.now();
    deps.emit(snapshot(entry.view));
  };
  const update = (entry: Entry, change: Partial<DownloadView>) => {
    entry.view = { ...entry.view, ...change };
    publish(entry);
  };

  const folderFor = async (profileFolder: string): Promise<FolderCheck> => {
    const { downloadFolder } = await deps.settings.get(profileFolder);
    if (downloadFolder === null)
      return { problem: 'Choose a folder for downloads in settings, then download again.' };
    try {
      return { folder: await checkDownloadFolder(downloadFolder) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return {
        problem: `The download folder cannot be used: ${error.message} Choose another in settings, then download again.`,
      };
    }
  };

  const forget = () => {
    for (const [id, entry] of entries) {
      if (entries.size <= MAX_KEPT) return;
      if (entry.view.state !== 'running') entries.delete(id);
    }
  };

  const run = async (
    entry: Entry,
    space: DownloadWorkspace,
    subject: DownloadSubject,
    folder: string | null,
  ): Promise<void> => {
    const { signal } = entry.controller;
    const { kind, id } = subject.target;
    try {
      const api = kind === 'document' ? space.client.documents : space.client.attachments;
      const result = await api.download(id, { signal });
      if (result.kind === 'redirect') {
        // Shown to the investigator, who may open it in the system browser; never fetched here.
        update(entry, { state: 'external', externalUrl: result.location });
        return;
      }
      entry.body = result.body;
      if (signal.aborted) {
        result.body.destroy();
        signal.throwIfAborted();
      }
      if (folder === null) {
        result.body.destroy();
        update(entry, {
          state: 'failed',
          error:
            'The service sent this document’s content: choose a folder for downloads in settings, then download again.',
        });
        return;
      }
      update(entry, { total: result.size ?? subject.size });
      const saved = await saveDownload({
        folder,
        serverName: subject.name,
        fallbackName: subject.fallbackName,
        body: result.body,
        onProgress: (bytes) => {
          entry.view = { ...entry.view, received: bytes };
          if (Date.now() - entry.lastEmitAt >= progressEveryMs) publish(entry);
        },
      });
      await markSaved(saved.path).catch(() => undefined);
      recordSaved(space, subject.target, saved);
      update(entry, { state: 'saved', path: saved.path, received: saved.bytes });
    } catch (error) {
      if (signal.aborted) {
        update(entry, { state: 'cancelled', error: null });
        return;
      }
      update(entry, {
        state: 'failed',
        error: downloadFailureMessage(error, { kind, folder, received: entry.view.received }),
      });
    } finally {
      // A save refused before it read the body (the folder went away) must not hold the connection.
      entry.body?.destroy();
      entry.body = null;
    }
  };

  return {
    async start(request: DownloadRequest): Promise<DownloadView> {
      const known = entries.get(request.requestId);
      if (known) return snapshot(known.view);
      const space = await deps.workspace();
      const subject = downloadSubject(space.db, request.target);
      const view: DownloadView = {
        id: request.requestId,
        target: { ...subject.target },
        name: subject.name,
        state: 'running',
        warnings: subject.warnings,
        received: 0,
        total: subject.size,
        path: null,
        externalUrl: null,
        error: null,
        startedAt: new Date().toISOString(),
      };
      if (subject.warnings.length > 0 && !request.acknowledged)
        return { ...view, state: 'needs_confirmation' };
      const check = await folderFor(space.folder);
      // An external document saves nothing here: it needs no folder, only the service's answer.
      if ('problem' in check && !subject.external)
        return { ...view, state: 'needs_folder', error: check.problem };
      const folder = 'folder' in check ? check.folder : null;

      // The same request may have been started while this one looked things up.
      const raced = entries.get(request.requestId);
      if (raced) return snapshot(raced.view);
      const entry: Entry = {
        view,
        controller: new AbortController(),
        body: null,
        lastEmitAt: 0,
        settled: Promise.resolve(),
      };
      entries.set(request.requestId, entry);
      forget();
      publish(entry);
      entry.settled = run(entry, space, subject, folder);
      return snapshot(entry.view);
    },

    /** This session's downloads, newest first. */
    list(): DownloadView[] {
      return [...entries.values()].reverse().map((entry) => snapshot(entry.view));
    },

    /** Stops a running download and waits until nothing of it is left on disk. */
    async cancel(id: string): Promise<DownloadView> {
      const entry = entries.get(id);
      if (!entry) throw new AppError('not_found', 'There is no such download in this session.');
      if (entry.view.state === 'running') {
        entry.controller.abort(new Error('Download cancelled.'));
        entry.body?.destroy(new Error('Download cancelled.'));
        await entry.settled;
      }
      return snapshot(entry.view);
    },

    /** A download of this session, as it is now; null when there is none. */
    find(id: string): DownloadView | null {
      const entry = entries.get(id);
      return entry ? snapshot(entry.view) : null;
    },
  };
}

export type DownloadManager = ReturnType<typeof createDownloadManager>;
