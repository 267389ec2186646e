import { basename } from 'node:path';
import type { KytSubmissionSummary, SearchHitView } from '../../preload/contract';
import { AppError } from '../lib/app-error';
import type { KytBatches } from '../kyt/kyt-ports';
import { SUBMIT_WAIT_MS, type KytService } from '../kyt/kyt-service';
import type { ProfileSettingsStore } from '../settings/profile-settings';
import { resultFolder } from '../settings/result-folder';
import type { UploadFiling } from '../uploads/upload-filing';
import type { Workspace } from '../workspace/workspace';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

// KYT submissions live in the profile's local store (the interface cannot list or read one
// again): every method reads or writes there and answers offline; submit and a decision to send
// again queue the submission in the outbox, and a batch sends its lines itself.

const refusal = (space: Workspace, what: string) =>
  new AppError(
    'unavailable',
    `${what} are kept in this profile’s local store, which could not be opened; reviewing from the cache goes on.` +
      (space.localStoreNotice ? ` ${space.localStoreNotice}` : ''),
  );

/** The open profile's KYT core; a clear refusal while its local store cannot be opened. */
export function kytOf(space: Workspace): KytService {
  if (space.kyt) return space.kyt;
  throw refusal(space, 'Transactions');
}

function batchesOf(space: Workspace): KytBatches {
  if (space.kytBatches) return space.kytBatches;
  throw refusal(space, 'Transaction batches');
}

/** Connectivity in which a submission is not expected to go out now: it is answered `waiting`. */
const NOT_SENDING = new Set(['offline', 'token_refused', 'token_missing']);

export interface KytBridgeDeps {
  workspaces: WorkspaceManager;
  /** Staged files (dropped or chosen) by their handle: an import reads the file in main. */
  filing: Pick<UploadFiling, 'stagedFile'>;
  /** The profile's download folder: where a batch's result file goes. */
  settings: Pick<ProfileSettingsStore, 'get'>;
}

export function createKytHandlers(deps: KytBridgeDeps): DomainHandlers<'kyt'> {
  const { workspaces } = deps;
  const kyt = async () => kytOf(await workspaces.require());
  const batches = async () => batchesOf(await workspaces.require());
  const kick = (space: Workspace) => () => workspaces.replaySoon(space);

  return {
    async submit(input) {
      const space = await workspaces.require();
      const { connectivity } = await workspaces.status();
      return kytOf(space).submit(input, {
        kick: kick(space),
        waitMs: NOT_SENDING.has(connectivity) ? 0 : SUBMIT_WAIT_MS,
      });
    },
    get: async ({ id }) => (await kyt()).get(id),
    list: async ({ filter }) => (await kyt()).list(filter),
    compare: async ({ a, b }) => (await kyt()).compare(a, b),
    async decide({ id, decision }) {
      const space = await workspaces.require();
      return kytOf(space).decide(id, decision, { kick: kick(space) });
    },
    participants: async ({ text, limit }) => (await kyt()).participants(text, limit),

    async previewImport({ file }) {
      const found = await batches();
      const { path, fileName } = await deps.filing.stagedFile(file);
      return found.preview(path, fileName);
    },
    async import({ file, mapping, saveMapping, start }) {
      const found = await batches();
      const { path, fileName } = await deps.filing.stagedFile(file);
      return found.import({
        path,
        fileName,
        ...(mapping === undefined ? {} : { mapping }),
        saveMapping,
        start,
      });
    },
    batches: async () => (await batches()).list(),
    batchLines: async ({ id, onlyProblems, offset, limit }) =>
      (await batches()).lines(id, onlyProblems, offset, limit),
    resumeBatch: async ({ id }) => (await batches()).resume(id),
    pauseBatch: async ({ id }) => (await batches()).pause(id),
    cancelBatch: async ({ id }) => (await batches()).cancel(id),
    async saveBatchResult({ id }) {
      const space = await workspaces.require();
      const found = batchesOf(space);
      const folder = await resultFolder(deps.settings, space.folder);
      // The window hears the file's name only; the folder is the investigator's, shown in settings.
      return { fileName: basename(await found.saveResult(id, folder)) };
    },
  };
}

const SEARCHED = 10;

const amountText = (summary: KytSubmissionSummary) =>
  `${Number.isFinite(summary.amount) ? summary.amount : '?'} ${summary.currency}`;

/** One kept submission as a global search hit: it opens at `#/kyt/<id>`. */
export function kytHit(summary: KytSubmissionSummary): SearchHitView {
  const parties = `${summary.fromName ?? summary.fromExternalId ?? '?'} → ${summary.toName ?? summary.toExternalId ?? '?'}`;
  const outcome =
    summary.status === 'scored'
      ? [summary.score === null ? null : `score ${summary.score}`, summary.state?.text ?? null]
          .filter(Boolean)
          .join(', ')
      : summary.status;
  return {
    kind: 'kyt',
    id: summary.id,
    title: `${amountText(summary)} ${parties}`,
    detail: [summary.label, outcome || summary.status].filter(Boolean).join(' · '),
    threadId: null,
    customerExternalId: summary.fromExternalId ?? summary.toExternalId,
  };
}

/** Kept submissions matching the search, as hits; none while the local store is unavailable. */
export function kytSearchHits(space: Workspace, text: string): SearchHitView[] {
  return space.kyt ? space.kyt.search(text, SEARCHED).map(kytHit) : [];
}
