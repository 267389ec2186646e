import { AppError } from '../lib/app-error';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

// Scaffold while the KYT core is built (issue 15): every method says it is not there yet.
const notYet = (): never => {
  throw new AppError('unavailable', 'Transaction monitoring is not available in this build yet.');
};

export function createKytHandlers(_workspaces: WorkspaceManager): DomainHandlers<'kyt'> {
  return {
    submit: notYet,
    get: notYet,
    list: notYet,
    compare: notYet,
    decide: notYet,
    participants: notYet,
    previewImport: notYet,
    import: notYet,
    batches: notYet,
    batchLines: notYet,
    resumeBatch: notYet,
    pauseBatch: notYet,
    cancelBatch: notYet,
    saveBatchResult: notYet,
  };
}
