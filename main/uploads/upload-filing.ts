import type { z } from 'zod';
import type { InspectedFile, LocalFile, OutboxItemView, UploadInput } from '../../preload/contract';
import { AppError } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import { outboxCopyPath } from '../outbox/outbox-files';
import type { OutboxPayload } from '../outbox/outbox-store';
import { outboxItemView } from '../outbox/outbox-view';
import { megabytes, type ProfileSettingsStore } from '../settings/profile-settings';
import type { CacheDb } from '../cache/open-cache';
import type { Outbox } from '../outbox/outbox-store';
import type { OutboxReplayer } from '../outbox/outbox-replayer';
import type { StagingArea } from './staging-area';
import type { UploadProgressReporter } from './upload-progress';
import { copyForUpload, moveForUpload, type KeptCopy } from './upload-copy';
import { checkUploadSize, type OpenedUpload } from './upload-source';
import { prepared } from '../lib/sqlite/statements';

type UploadRequest = z.output<typeof UploadInput>;
type UploadPayload = Extract<OutboxPayload, { kind: 'document.upload' }>;

/** The file name of an external document: the last part of its address, else a plain word. */
function nameFromUrl(url: string): string {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).at(-1);
    const decoded = last ? decodeURIComponent(last).trim() : '';
    return decoded && decoded.length <= 255 ? decoded : 'document';
  } catch {
    return 'document';
  }
}

/** What filing uses of the active profile's workspace. */
export interface FilingWorkspace {
  /** The cache: is the customer known. */
  db: CacheDb;
  /** The profile's folder, where its settings are. */
  folder: string;
  outbox: Pick<Outbox, 'filesDir' | 'get'>;
  replayer: Pick<OutboxReplayer, 'enqueue'>;
}

/**
 * Filing documents: checks a dropped file, keeps a copy of its bytes in the profile's outbox (a
 * staged file is moved there instead), queues the upload and sends it in the background. The
 * request id is the outbox item's id: the same request again is the same upload.
 */
export function createUploadFiling<Space extends FilingWorkspace>(deps: {
  /** The active profile's workspace; a clear error when there is none. */
  workspace: () => Promise<Space>;
  /** Sends what is queued, in the background. */
  replaySoon: (space: Space) => void;
  /** `uploads.progress` events, throttled. */
  progress: UploadProgressReporter;
  settings: ProfileSettingsStore;
  staging: StagingArea;
  logger: Logger;
}) {
  const { staging } = deps;
  const filing = new Map<string, Promise<OutboxItemView>>();

  const limitOf = async (space: FilingWorkspace) =>
    megabytes((await deps.settings.get(space.folder)).maxUploadMb);

  const keepCopy = async (
    space: FilingWorkspace,
    request: UploadRequest,
    source: z.output<typeof LocalFile>,
  ): Promise<{ fileName: string } & KeptCopy & { path: string }> => {
    const limitBytes = await limitOf(space);
    const target = outboxCopyPath(space.outbox.filesDir, request.requestId);
    const progress = (done: number, total: number, final = false) =>
      deps.progress.report(
        { requestId: request.requestId, phase: 'copying', done, total, error: null },
        final,
      );
    const staged = await staging.find(source.token);
    checkUploadSize(staged.fileName, staged.size, limitBytes);
    const taken = await staging.take(source.token);
    if (taken.kind === 'copy') {
      try {
        await moveForUpload({
          from: taken.path,
          fileName: taken.fileName,
          size: taken.size,
          limitBytes,
          target,
          logger: deps.logger,
        });
      } catch (error) {
        // Still where it was: it may be filed again once the problem is fixed.
        await staging.putBack(taken);
        throw error;
      }
      progress(taken.size, taken.size, true);
      return { fileName: taken.fileName, size: taken.size, sha256: taken.sha256, path: target };
    }
    // A file registered by the desktop app: copied from where it is, checked on the descriptor.
    let opened: OpenedUpload;
    try {
      opened = await staging.open(taken, limitBytes);
    } catch (error) {
      await staging.putBack(taken);
      throw error;
    }
    try {
      progress(0, opened.size, true);
      const kept = await copyForUpload({
        source: opened.handle,
        fileName: taken.fileName,
        expectedSize: opened.size,
        limitBytes,
        target,
        onProgress: progress,
        logger: deps.logger,
      });
      progress(kept.size, kept.size, true);
      return { fileName: taken.fileName, ...kept, path: target };
    } catch (error) {
      await staging.putBack(taken);
      throw error;
    } finally {
      await opened.handle.close();
    }
  };

  const fileNew = async (space: Space, request: UploadRequest): Promise<OutboxItemView> => {
    const customer = prepared(space.db, 'SELECT 1 FROM customers WHERE external_id = ?').get(
      request.customerExternalId,
    );
    if (!customer)
      throw new AppError(
        'not_found',
        `Customer ${request.customerExternalId} is not in the offline cache: sync, then file the document again.`,
      );
    const fields = {
      customer_external_id: request.customerExternalId,
      display_name: request.displayName,
      tag_codes: request.tagCodes,
    };
    let payload: UploadPayload;
    if (request.source.kind === 'external') {
      payload = {
        kind: 'document.upload',
        ...fields,
        file_name: request.fileName ?? nameFromUrl(request.source.url),
        source: {
          type: 'external',
          file_url: request.source.url,
          file_size: request.source.size,
        },
      };
    } else {
      let kept: Awaited<ReturnType<typeof keepCopy>>;
      try {
        kept = await keepCopy(space, request, request.source);
      } catch (error) {
        deps.progress.report(
          {
            requestId: request.requestId,
            phase: 'failed',
            done: 0,
            total: 0,
            error: error instanceof Error ? error.message : String(error),
          },
          true,
        );
        throw error;
      }
      payload = {
        kind: 'document.upload',
        ...fields,
        file_name: request.fileName ?? kept.fileName,
        source: { type: 'file', path: kept.path, size: kept.size, sha256: kept.sha256 },
      };
    }
    const item = space.replayer.enqueue(payload, request.requestId);
    deps.replaySoon(space);
    return outboxItemView(item);
  };

  return {
    async inspect(source: z.output<typeof LocalFile>): Promise<InspectedFile> {
      // An unknown token is answered as such, whatever the profile.
      const staged = await staging.find(source.token);
      const limitBytes = await limitOf(await deps.workspace());
      if (staged.kind === 'original') {
        // The file as it is now, opened and checked as filing will.
        const opened = await staging.open(staged, limitBytes);
        await opened.handle.close();
        return { fileName: staged.fileName, size: opened.size, limitBytes };
      }
      checkUploadSize(staged.fileName, staged.size, limitBytes);
      return { fileName: staged.fileName, size: staged.size, limitBytes };
    },

    /**
     * Where a dropped or chosen file is, for a reader in main (a KYT batch import), checked as
     * filing checks it (a registered file must still be the one dropped); the window never learns it.
     */
    async stagedFile(
      source: z.output<typeof LocalFile>,
    ): Promise<{ path: string; fileName: string }> {
      const staged = await staging.find(source.token);
      if (staged.kind === 'original') {
        const opened = await staging.open(staged, Number.MAX_SAFE_INTEGER);
        await opened.handle.close();
      }
      return { path: staged.path, fileName: staged.fileName };
    },

    async file(request: UploadRequest): Promise<OutboxItemView> {
      const space = await deps.workspace();
      const existing = space.outbox.get(request.requestId);
      if (existing) return outboxItemView(existing);
      const running = filing.get(request.requestId);
      if (running) return running;
      const started = fileNew(space, request).finally(() => filing.delete(request.requestId));
      filing.set(request.requestId, started);
      return started;
    },
  };
}

export type UploadFiling = ReturnType<typeof createUploadFiling>;
