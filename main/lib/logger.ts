/** A small leveled logger; main passes it down instead of calling console everywhere. */
export interface Logger {
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

export function createConsoleLogger(prefix = 'casedesk'): Logger {
  const at = () => new Date().toISOString();
  return {
    info: (message, ...details) => console.log(`${at()} [${prefix}] ${message}`, ...details),
    warn: (message, ...details) => console.warn(`${at()} [${prefix}] WARN ${message}`, ...details),
    error: (message, ...details) =>
      console.error(`${at()} [${prefix}] ERROR ${message}`, ...details),
  };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
