export { KeptLocallyBadge, NotesPanel } from './NotesPanel';
export { ProposalPanel } from './ProposalPanel';
