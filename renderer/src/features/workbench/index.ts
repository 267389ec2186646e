export { KeptLocallyBadge, NotesPanel } from './NotesPanel';
export { ProposalPanel } from './ProposalPanel';
export { NotesDialog } from './NotesDialog';
export { CaseFileButton, CaseFileResult } from './CaseFile';
export { useNoteCount } from './use-note-count';
