/** Error codes a bridge call can answer with. The renderer branches on these, never on messages. */
export type BridgeErrorCode =
  | 'invalid_input'
  | 'unknown_method'
  | 'forbidden_sender'
  | 'not_found'
  | 'conflict'
  | 'secure_storage_unavailable'
  | 'unavailable'
  /** The request may have reached the service and done its work; its answer was lost. */
  | 'outcome_unknown'
  | 'internal';

export interface BridgeError {
  code: BridgeErrorCode;
  message: string;
  /** For `invalid_input`: a message per input field, to show beside the field. */
  fields?: Record<string, string>;
}

/**
 * Every bridge reply. Errors thrown across Electron IPC lose their type (electron/electron#24427),
 * so main never throws to the renderer: it answers with this envelope.
 */
export type Result<T> = { ok: true; value: T } | { ok: false; error: BridgeError };
