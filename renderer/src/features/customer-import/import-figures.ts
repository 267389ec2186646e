import type { ImportLineStatus, ImportState, ImportView } from '../../../../preload/contract';

// What an import's view says in figures and words: its progress, the next steps it allows.

export const STATE_LABELS: Record<ImportState, string> = {
  ready: 'Read, not checked yet',
  verifying: 'Dry run in progress',
  verified: 'Dry run done',
  saving: 'Saving',
  paused: 'Paused',
  cancelled: 'Cancelled',
  done: 'Saved',
};

export const LINE_STATUS_LABELS: Record<ImportLineStatus, string> = {
  read: 'Not checked',
  unreadable: 'Unreadable',
  valid: 'Valid',
  invalid: 'Has errors',
  saved: 'Saved',
  refused: 'Refused',
  edited: 'Edited',
};

export const totalLines = (view: ImportView): number => view.customers + view.relations;

/** Lines the save sends: the readable ones without errors (at the last verdict). */
export const linesToSave = (view: ImportView): number =>
  Math.max(0, totalLines(view) - view.unreadable - view.withErrors);

const share = (done: number, of: number): number | null =>
  of > 0 ? Math.min(1, Math.max(0, done / of)) : null;

/** The dry run's progress, 0 to 1 (null for an empty file). */
export const verifyShare = (view: ImportView): number | null =>
  share(view.verified, totalLines(view));

/** The save's progress, 0 to 1, over the lines it sends. */
export const saveShare = (view: ImportView): number | null =>
  share(view.saved, Math.max(view.saved, linesToSave(view)));

/** A paused import goes on with what it was doing: the dry run until every line has a verdict. */
export function resumeWith(view: ImportView): 'verify' | 'save' {
  return view.saved > 0 || view.verified >= totalLines(view) - view.unreadable ? 'save' : 'verify';
}

/** Lines can be edited while nothing is sent and the import is not over. */
export const linesEditable = (view: Pick<ImportView, 'state'>): boolean =>
  view.state !== 'verifying' &&
  view.state !== 'saving' &&
  view.state !== 'done' &&
  view.state !== 'cancelled';

/** Which of the two long tasks the view's figures are about. */
export function phaseOf(view: ImportView): 'verify' | 'save' {
  if (view.state === 'saving' || view.state === 'done') return 'save';
  if (view.state === 'paused') return resumeWith(view);
  return view.saved > 0 ? 'save' : 'verify';
}

export type ImportAction =
  'verify' | 'verifyAll' | 'save' | 'pause' | 'cancel' | 'resume' | 'saveResult';

/** The actions the import's state allows, in the order the panel shows them. */
export function actionsFor(view: ImportView): ImportAction[] {
  switch (view.state) {
    case 'ready':
      return ['verify', 'cancel'];
    case 'verifying':
    case 'saving':
      return ['pause', 'cancel'];
    case 'verified':
      return linesToSave(view) > 0
        ? ['save', 'verify', 'verifyAll', 'cancel']
        : ['verify', 'verifyAll', 'cancel'];
    case 'paused':
      return ['resume', 'cancel'];
    case 'cancelled':
      return view.verified > 0 ? ['saveResult'] : [];
    case 'done':
      return ['saveResult'];
  }
}

/** Newest first; the service's ISO times compare as text. */
export const newestFirst = (views: readonly ImportView[]): ImportView[] =>
  [...views].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
