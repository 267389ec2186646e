import { basename } from 'node:path';
import { AppError } from '../lib/app-error';
import type { CustomerImports } from '../customers/import/import-ports';
import type { ProfileSettingsStore } from '../settings/profile-settings';
import { resultFolder } from '../settings/result-folder';
import type { UploadFiling } from '../uploads/upload-filing';
import type { Workspace } from '../workspace/workspace';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

// Bulk imports of customers live in the profile's local store: reading, paging and editing lines
// answer offline; a dry run and a save send their batches themselves and report with
// `customerImport.changed`.

function importsOf(space: Workspace): CustomerImports {
  if (space.customerImports) return space.customerImports;
  throw new AppError(
    'unavailable',
    'Customer imports are kept in this profile’s local store, which could not be opened; reviewing from the cache goes on.' +
      (space.localStoreNotice ? ` ${space.localStoreNotice}` : ''),
  );
}

export interface CustomerImportBridgeDeps {
  workspaces: WorkspaceManager;
  /** Staged files (dropped or chosen) by their handle: the import reads the file in main. */
  filing: Pick<UploadFiling, 'stagedFile'>;
  /** The profile's download folder: where the result file goes. */
  settings: Pick<ProfileSettingsStore, 'get'>;
}

export function createCustomerImportHandlers(
  deps: CustomerImportBridgeDeps,
): DomainHandlers<'customerImport'> {
  const { workspaces } = deps;
  const imports = async () => importsOf(await workspaces.require());

  return {
    async preview({ file, of }) {
      const found = await imports();
      return found.preview(await deps.filing.stagedFile(file), of);
    },
    async start(input) {
      const found = await imports();
      const file = await deps.filing.stagedFile(input.file);
      const relationsFile = input.relationsFile
        ? await deps.filing.stagedFile(input.relationsFile)
        : undefined;
      return found.start({
        file,
        ...(relationsFile ? { relationsFile } : {}),
        ...(input.mapping ? { mapping: input.mapping } : {}),
        ...(input.relationsMapping ? { relationsMapping: input.relationsMapping } : {}),
        saveMapping: input.saveMapping,
        batchSize: input.batchSize,
        disableRiskScan: input.disableRiskScan,
        verify: input.verify,
      });
    },
    list: async () => (await imports()).list(),
    get: async ({ id }) => (await imports()).get(id),
    lines: async ({ id, onlyProblems, offset, limit }) =>
      (await imports()).lines(id, { onlyProblems, offset, limit }),
    editLine: async ({ id, line, customer, relation }) =>
      (await imports()).editLine(id, line, {
        ...(customer ? { customer } : {}),
        ...(relation ? { relation } : {}),
      }),
    verify: async ({ id, all }) => (await imports()).verify(id, all),
    save: async ({ id }) => (await imports()).save(id),
    pause: async ({ id }) => (await imports()).pause(id),
    cancel: async ({ id }) => (await imports()).cancel(id),
    async saveResult({ id }) {
      const space = await workspaces.require();
      const found = importsOf(space);
      const folder = await resultFolder(deps.settings, space.folder);
      // The window hears the file's name only; the folder is the investigator's, shown in settings.
      return { fileName: basename(await found.saveResult(id, folder)) };
    },
  };
}
