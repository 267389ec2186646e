import type {
  BridgeError,
  BridgeErrorCode,
  CasedeskApi,
  Result,
  Transport,
} from '../../../preload/contract';
import { createHttpTransport } from './http-transport';

// The only module that touches window.casedesk. The Electron preload provides it; in a plain
// browser (the browser host) the same contract is reached over HTTP.
export const transport: Transport = window.casedesk ? 'electron' : 'browser';
export const api: CasedeskApi = window.casedesk ?? createHttpTransport();

/** A bridge error, typed again on this side (errors lose their type crossing IPC). */
export class BridgeCallError extends Error {
  readonly code: BridgeErrorCode;
  readonly fields: Record<string, string> | undefined;
  constructor(error: BridgeError) {
    super(error.message);
    this.name = 'BridgeCallError';
    this.code = error.code;
    this.fields = error.fields;
  }
}

export async function unwrap<T>(pending: Promise<Result<T>>): Promise<T> {
  const result = await pending;
  if (result.ok) return result.value;
  throw new BridgeCallError(result.error);
}

export function errorMessage(error: unknown): string {
  if (error instanceof BridgeCallError) return error.message;
  if (error instanceof Error) return `Something went wrong: ${error.message}`;
  return 'Something went wrong.';
}

/** Messages to show beside form fields, keyed by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof BridgeCallError ? (error.fields ?? {}) : {};
}
