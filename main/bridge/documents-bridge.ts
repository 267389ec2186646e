import type { WorkspaceManager } from '../workspace/workspace-manager';
import { AppError } from './app-error';
import type { DomainHandlers } from './handlers';

// PLACEHOLDER (being built): documents and uploads handlers.
const notYet = (): never => {
  throw new AppError('unavailable', 'Documents are not available in this build yet.');
};

export function createDocumentsHandlers(
  _workspaces: WorkspaceManager,
): DomainHandlers<'documents'> {
  return { search: notYet, facets: notYet, update: notYet, remove: notYet };
}

export function createUploadsHandlers(_workspaces: WorkspaceManager): DomainHandlers<'uploads'> {
  return { inspect: notYet, file: notYet };
}
