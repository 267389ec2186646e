import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SalvageRows from '../../../main/lib/sqlite/salvage-rows';
import type * as SetAsideForRecovery from '../../../main/lib/sqlite/set-aside-for-recovery';
import { silentLogger } from '../../../main/lib/logger';
import { openLocalStore, type LocalStoreOpening } from '../../../main/local/local-store';
import { corruptPages, rootPageOf } from '../../support/database-files';
import { makeTempDir } from '../../support/temp-dir';

// The process stopping at a chosen step of a recovery: the step throws, once.
const crash = vi.hoisted(() => ({ at: null as 'salvage' | 'marker removal' | null }));
const stopHere = (step: 'salvage' | 'marker removal') => {
  if (crash.at !== step) return;
  crash.at = null;
  throw new Error(`stopped before the ${step}`);
};
vi.mock('../../../main/lib/sqlite/salvage-rows', async (original) => {
  const real = await original<typeof SalvageRows>();
  return {
    ...real,
    salvageRows: (...args: Parameters<typeof real.salvageRows>) => {
      stopHere('salvage');
      return real.salvageRows(...args);
    },
  };
});
vi.mock('../../../main/lib/sqlite/set-aside-for-recovery', async (original) => {
  const real = await original<typeof SetAsideForRecovery>();
  return {
    ...real,
    recoveryCommitted: (path: string) => {
      stopHere('marker removal');
      real.recoveryCommitted(path);
    },
  };
});

function opened(opening: LocalStoreOpening) {
  if (opening.state !== 'open') throw new Error(`not open: ${opening.reason}`);
  return opening;
}

describe('a local store recovery cut short by a crash', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let path = '';
  beforeEach(() => {
    temp = makeTempDir('casedesk-local-recovery-crash-');
    path = join(temp.path, 'local.db');
    const { store } = opened(openLocalStore(path, silentLogger));
    for (let n = 0; n < 20; n += 1) store.put('note', `n${n}`, { n });
    store.close();
    corruptPages(path, [rootPageOf(path, 'local_records_by_created')]);
  });
  afterEach(() => temp.remove());

  const asideCopies = () =>
    readdirSync(temp.path).filter((name) => /^local\.db\.unreadable-\d+$/.test(name));

  it('after the move, before the records were read back: the next open recovers them all', () => {
    crash.at = 'salvage';
    // A recovery that fails opens the profile without its local store (never not at all), says
    // why, and keeps the marker so the next open tries again.
    const failed = openLocalStore(path, silentLogger);
    expect(failed).toMatchObject({ state: 'unavailable' });
    if (failed.state === 'unavailable') {
      expect(failed.reason).toMatch(/stopped before the salvage/);
      expect(failed.reason).toMatch(/tried again at the next start/);
    }
    expect(existsSync(`${path}.recovering.json`)).toBe(true);
    expect(asideCopies()).toHaveLength(1);

    const opening = opened(openLocalStore(path, silentLogger));
    expect(opening.recovery).toMatchObject({ recovered: 20, unreadable: 0, partial: false });
    expect(opening.recovery?.keptAt).toBe(join(temp.path, asideCopies()[0] ?? ''));
    expect(opening.store.list('note')).toHaveLength(20);
    opening.store.close();
    expect(existsSync(`${path}.recovering.json`)).toBe(false);
    expect(opened(openLocalStore(path, silentLogger)).recovery).toBeNull();
    // One damaged copy, kept; nothing more moved aside.
    expect(asideCopies()).toHaveLength(1);
  });

  it('after the commit, before the marker was removed: recovered again, no record counted unreadable or twice', () => {
    crash.at = 'marker removal';
    expect(() => openLocalStore(path, silentLogger)).toThrow(/stopped before the marker removal/);

    const opening = opened(openLocalStore(path, silentLogger));
    expect(opening.recovery).toMatchObject({ recovered: 20, unreadable: 0 });
    expect(opening.store.list('note')).toHaveLength(20);
    opening.store.close();
    expect(asideCopies()).toHaveLength(1);
  });
});
