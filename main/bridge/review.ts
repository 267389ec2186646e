import { basename } from 'node:path';
import { AppError } from '../lib/app-error';
import type { EventHub } from '../lib/event-hub';
import { silentLogger, type Logger } from '../lib/logger';
import { loadIdentity, type Identity } from '../review/identity';
import { createReview, type Me, type Review } from '../review/review';
import { readReviewFile } from '../review/review-files';
import type { AppSettingsStore } from '../settings/app-settings';
import { checkDownloadFolder, type ProfileSettingsStore } from '../settings/profile-settings';
import type { UploadFiling } from '../uploads/upload-filing';
import type { Workspace } from '../workspace/workspace';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';
import { workbenchOf } from './workbench';
import { tenantOf } from '../review/review-checks';

// Second reviews live in the profile's local store and travel as files: every call answers
// offline. Review files are written into the profile's download folder, and the window hears
// their names only; an imported file is named by the handle it was dropped or chosen under.

/** What cache.changed names when kept reviews changed (they are not in the cache). */
export const REVIEWS_CHANGED = 'kept_reviews';

/**
 * The open profile's reviews (a view over its stores, cheap to make); a clear refusal while its
 * local store cannot be opened. `logger` hears of kept records that cannot be read.
 */
export function reviewOf(space: Workspace, logger: Logger = silentLogger): Review {
  const workbench = workbenchOf(space);
  if (space.localStore.state !== 'open') throw new Error('a workbench without its local store');
  return createReview({
    local: space.localStore.store,
    cache: space.db,
    workbench,
    tenant: tenantOf(space.baseUrl),
    logger,
  });
}

/** The profile's download folder, where review files are written; or what to do first. */
async function reviewFolder(
  settings: Pick<ProfileSettingsStore, 'get'>,
  space: Workspace,
): Promise<string> {
  const { downloadFolder } = await settings.get(space.folder);
  if (downloadFolder === null)
    throw new AppError(
      'invalid_input',
      'Review files are written into your download folder, and none is chosen: choose one in Settings, then try again.',
    );
  try {
    return await checkDownloadFolder(downloadFolder);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new AppError(
      'invalid_input',
      `Review files are written into your download folder, which cannot be used: ${error.message} Choose another in Settings, then try again.`,
    );
  }
}

export interface ReviewBridgeDeps {
  workspaces: WorkspaceManager;
  appSettings: Pick<AppSettingsStore, 'analystName'>;
  filing: Pick<UploadFiling, 'stagedFile'>;
  settings: Pick<ProfileSettingsStore, 'get'>;
  events: EventHub;
  logger: Logger;
  /** The app's data folder: this installation's review key is kept there, for every profile. */
  dataDir: string;
}

export function createReviewHandlers(deps: ReviewBridgeDeps): DomainHandlers<'review'> {
  const { workspaces } = deps;
  let identity: Promise<Identity> | null = null;
  const me = async (): Promise<Me> => {
    // Made once; a failure (a full disk) is tried again at the next call.
    identity ??= loadIdentity(deps.dataDir, deps.logger).catch((error: unknown) => {
      identity = null;
      throw error;
    });
    return { name: await deps.appSettings.analystName(), identity: await identity };
  };
  const changed = () => deps.events.emit('cache.changed', { tables: [REVIEWS_CHANGED] });

  return {
    async identity() {
      const { name, identity: key } = await me();
      return { name, fingerprint: key.fingerprint };
    },
    status: async ({ alertId }) =>
      reviewOf(await workspaces.require(), deps.logger).status(alertId),
    async exportRequest({ alertId }) {
      const space = await workspaces.require();
      const review = reviewOf(space, deps.logger);
      const folder = await reviewFolder(deps.settings, space);
      const sent = await review.send(alertId, await me(), folder);
      changed();
      return { fileName: basename(sent.path), requestDigest: sent.requestDigest };
    },
    async importFile({ file }) {
      const space = await workspaces.require();
      const review = reviewOf(space, deps.logger);
      const { path, fileName } = await deps.filing.stagedFile(file);
      const text = await readReviewFile(path, fileName);
      const imported = review.importText(text, fileName, await me());
      changed();
      return imported;
    },
    request: async ({ requestDigest }) =>
      reviewOf(await workspaces.require(), deps.logger).request(requestDigest),
    async answer({ requestDigest, decision, reason }) {
      const space = await workspaces.require();
      const review = reviewOf(space, deps.logger);
      const folder = await reviewFolder(deps.settings, space);
      const answered = await review.answer(requestDigest, decision, reason, await me(), folder);
      changed();
      return { fileName: basename(answered.path) };
    },
    counts: async () => reviewOf(await workspaces.require(), deps.logger).counts(),
  };
}
