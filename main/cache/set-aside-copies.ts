import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Logger } from '../lib/logger';

/** How long a cache set aside is kept for inspection: it holds personal data. */
export const SET_ASIDE_KEPT_DAYS = 30;

/**
 * Deletes the copies of this cache set aside (see moveDatabaseAside) more than 30 days ago, with
 * their -wal and -shm. The time is the one in the copy's name: when it was set aside. Only the
 * cache's: an outbox kept aside may hold unsent work and is never deleted here.
 */
export function removeOldSetAsideCopies(
  cachePath: string,
  logger: Logger,
  now: number = Date.now(),
): void {
  const folder = dirname(cachePath);
  const pattern = new RegExp(`^${escaped(basename(cachePath))}\\.damaged-(\\d+)(-wal|-shm)?$`);
  const limit = now - SET_ASIDE_KEPT_DAYS * 86_400_000;
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const setAsideAt = Number(pattern.exec(name)?.[1] ?? NaN);
    if (!(setAsideAt < limit)) continue;
    try {
      rmSync(join(folder, name), { force: true });
      logger.info(`deleted ${name}: a cache set aside more than ${SET_ASIDE_KEPT_DAYS} days ago`);
    } catch (error) {
      logger.warn(`could not delete the old cache copy ${name}`, error);
    }
  }
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
