import type { BridgeErrorCode } from '../../preload/contract';

/** An error meant for the investigator: its code crosses the bridge, its message is shown. */
export class AppError extends Error {
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
