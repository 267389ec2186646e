// Channel names shared by the preload script and the Electron shell. Kept apart from the contract
// because the sandboxed preload may only import the contract as types.
export const INVOKE_CHANNEL = 'casedesk:invoke';
export const EVENT_CHANNEL = 'casedesk:event';
