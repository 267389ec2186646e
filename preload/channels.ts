// Channel names shared by the preload script and the Electron shell. Kept apart from the contract
// because the sandboxed preload may only import the contract as types.
export const INVOKE_CHANNEL = 'casedesk:invoke';
export const EVENT_CHANNEL = 'casedesk:event';
/**
 * The preload's own message: a file the investigator dropped or chose, named by its path, for main
 * to register and answer a handle. Not part of the contract: the window never names a path.
 */
export const REGISTER_FILE_CHANNEL = 'casedesk:register-file';
