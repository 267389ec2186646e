import type { Logger } from '../../lib/logger';

// The customers an import saved, read back into the cache in the background, a few at a time.

export interface ImportReadBacks {
  start(id: string, externalIds: readonly string[]): void;
  settled(id: string): Promise<void>;
  close(): Promise<void>;
}

export function createImportReadBacks(deps: {
  readBack: ((externalId: string, signal: AbortSignal) => Promise<void>) | null;
  logger: Logger;
  onReadBack?: (id: string, done: number, total: number) => void;
}): ImportReadBacks {
  const { logger } = deps;
  const readBacks = new Map<string, { controller: AbortController; done: Promise<void> }>();
  return {
    start(id, externalIds) {
      const read = deps.readBack;
      if (!read) return;
      const controller = new AbortController();
      const unique = [...new Set(externalIds)];
      let done = 0;
      const worker = async () => {
        for (let next = unique.shift(); next !== undefined; next = unique.shift()) {
          if (controller.signal.aborted) return;
          try {
            await read(next, controller.signal);
          } catch (error) {
            // The next sync reads it: the customer is saved, only the cache is behind.
            logger.warn(`customer import ${id}: reading ${next} back failed: ${String(error)}`);
          }
          done += 1;
          deps.onReadBack?.(id, done, done + unique.length);
        }
      };
      const total = unique.length;
      deps.onReadBack?.(id, 0, total);
      const promise = Promise.all([worker(), worker(), worker(), worker()]).then(() => undefined);
      readBacks.set(id, { controller, done: promise });
      void promise.finally(() => {
        if (readBacks.get(id)?.done === promise) readBacks.delete(id);
      });
    },
    async settled(id) {
      await readBacks.get(id)?.done;
    },
    async close() {
      const open = [...readBacks.values()];
      for (const readBack of open) readBack.controller.abort();
      await Promise.all(open.map((one) => one.done));
    },
  };
}
