import { rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { SearchHitView } from '../../preload/contract';
import { caseFileName, claimFolder } from '../casefile/case-file-output';
import type { CaseSubject } from '../casefile/case-record';
import type { CaseFileSources } from '../casefile/case-sources';
import { exportCaseFile } from '../casefile/export-case-file';
import type { PrintToPdf } from '../casefile/pdf-printer';
import { createDownloadedFiles } from '../downloads/downloaded-files';
import { AppError } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import { prepared } from '../lib/sqlite/statements';
import type { AppSettingsStore } from '../settings/app-settings';
import type { ProfileSettingsStore } from '../settings/profile-settings';
import { resultFolder } from '../settings/result-folder';
import type { Workbench } from '../workbench/workbench';
import type { Workspace } from '../workspace/workspace';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

// Notes and proposed decisions live in the profile's local store, never on the service: every
// call answers offline. Who is named as their author is this installation's analyst (app
// settings), asked once per call so a change of name applies from the next note on.

/** The open profile's workbench; a clear refusal while its local store cannot be opened. */
export function workbenchOf(space: Workspace): Workbench {
  if (space.workbench) return space.workbench;
  throw new AppError(
    'unavailable',
    'Notes and proposals are kept in this profile’s local store, which could not be opened; reviewing from the cache goes on.' +
      (space.localStoreNotice ? ` ${space.localStoreNotice}` : ''),
  );
}

/** What a case file is gathered from in the open profile: its cache and its local store's services. */
export function caseSourcesOf(space: Workspace): CaseFileSources {
  const local = space.localStore.state === 'open' ? space.localStore.store : null;
  const relations = space.relations;
  return {
    cache: space.db,
    service: space.baseUrl,
    journal: local?.journal ?? null,
    workbench: space.workbench,
    press: space.press,
    kyt: space.kyt,
    keptRelations: relations ? (externalId) => relations.list(externalId) : null,
    downloads: local ? createDownloadedFiles(local) : null,
  };
}

/** `2026-05-04`: the export's day, in the investigator's own time, for the folder's name. */
const dayOf = (at: Date) =>
  [at.getFullYear(), at.getMonth() + 1, at.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');

export function createWorkbenchHandlers(deps: {
  workspaces: WorkspaceManager;
  appSettings: Pick<AppSettingsStore, 'analystName' | 'saveAnalystName'>;
  /** Where case files are written: the profile's download folder. */
  settings: Pick<ProfileSettingsStore, 'get'>;
  /** Electron's printing in the desktop app, Chromium headless in the browser host. */
  printToPdf: PrintToPdf;
  logger: Logger;
}): DomainHandlers<'workbench'> {
  const { workspaces, appSettings } = deps;
  const bench = async () => workbenchOf(await workspaces.require());
  const author = () => appSettings.analystName();
  return {
    notes: async ({ target, before, limit }) => (await bench()).notePage(target, { before, limit }),
    addNote: async ({ target, text }) => (await bench()).addNote(target, text, await author()),
    editNote: async ({ id, text }) => (await bench()).editNote(id, text, await author()),
    draft: async ({ key }) => (await bench()).draft(key),
    saveDraft: async ({ key, text }) => (await bench()).saveDraft(key, text),
    discardDraft: async ({ key }) => (await bench()).discardDraft(key),
    proposals: async ({ alertId }) => (await bench()).proposals(alertId),
    propose: async (input) => (await bench()).propose(input, await author()),
    withdraw: async ({ id, reason }) => (await bench()).withdraw(id, reason, await author()),
    counts: async () => (await bench()).counts(),
    analyst: async () => ({ name: await appSettings.analystName() }),
    setAnalyst: async ({ name }) => ({ name: await appSettings.saveAnalystName(name) }),
    async exportCaseFile(input) {
      const space = await workspaces.require();
      const subject: CaseSubject =
        'alertId' in input
          ? { kind: 'alert', id: input.alertId }
          : { kind: 'customer', id: input.customerExternalId };
      const parent = await resultFolder(deps.settings, space.folder);
      // A folder of its own per export, so its two files stay together in the download folder.
      const folderName = await claimFolder(parent, `${caseFileName(subject)}-${dayOf(new Date())}`);
      const folder = join(parent, folderName);
      try {
        const local = space.localStore.state === 'open' ? space.localStore.store : null;
        const done = await exportCaseFile(
          {
            sources: caseSourcesOf(space),
            journal: local?.journal ?? null,
            printToPdf: deps.printToPdf,
            actor: await author(),
            logger: deps.logger,
          },
          subject,
          folder,
        );
        return {
          folderName,
          files: done.files,
          pdf: done.pdfName !== null,
          pdfProblem: done.pdfProblem,
          bundleSha256: done.bundleSha256,
          manifestSha256: done.manifestSha256,
          journalSeq: done.journalSeq,
        };
      } catch (error) {
        // Nothing of a failed export is left: its folder is empty (the export removes its files).
        await rmdir(folder).catch(() => undefined);
        throw error;
      }
    },
  };
}

const SEARCHED = 20;

const TARGET_NAMES = {
  alert: 'alert',
  customer: 'customer',
  thread: 'thread',
  document: 'document',
} as const;

/** Notes matching the global search, as hits; none while the local store is unavailable. */
export function noteSearchHits(space: Workspace, text: string): SearchHitView[] {
  if (!space.workbench) return [];
  return space.workbench.search(text, SEARCHED).map((hit) => ({
    kind: 'note',
    id: hit.id,
    title: hit.excerpt,
    detail: `Note on ${TARGET_NAMES[hit.target.kind]} ${hit.target.id} · kept in CaseDesk`,
    threadId: hit.target.kind === 'thread' ? hit.target.id : null,
    customerExternalId:
      hit.target.kind === 'customer'
        ? hit.target.id
        : hit.target.kind === 'document'
          ? documentCustomer(space, hit.target.id)
          : null,
    noteOn: hit.target,
  }));
}

const documentCustomer = (space: Workspace, documentId: string): string | null =>
  (prepared(space.db, 'SELECT customer_external_id FROM documents WHERE id = ?', 'pluck').get(
    documentId,
  ) as string | undefined) ?? null;
