import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SalvageRows from '../../../main/lib/sqlite/salvage-rows';
import type * as SetAsideForRecovery from '../../../main/lib/sqlite/set-aside-for-recovery';
import { silentLogger } from '../../../main/lib/logger';
import { openOutbox } from '../../../main/outbox/outbox-store';
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

describe('an outbox recovery cut short by a crash', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let path = '';
  let ids: string[] = [];
  beforeEach(() => {
    temp = makeTempDir('casedesk-outbox-recovery-crash-');
    path = join(temp.path, 'outbox.db');
    const outbox = openOutbox(path, silentLogger);
    ids = [
      outbox.enqueue({ kind: 'document.delete', id: 'doc-1' }).id,
      outbox.enqueue({ kind: 'document.update', id: 'doc-2', display_name: 'Passport' }).id,
    ];
    outbox.close();
    corruptPages(path, [rootPageOf(path, 'outbox_by_state')]);
  });
  afterEach(() => temp.remove());

  const asideCopies = () =>
    readdirSync(temp.path).filter((name) => /^outbox\.db\.unreadable-\d+$/.test(name));

  it('after the move, before the changes were read back: the next open recovers them, held', () => {
    // A copy of a file to upload that no change in the outbox claims.
    mkdirSync(join(temp.path, 'outbox-files'));
    writeFileSync(join(temp.path, 'outbox-files', 'upload-9'), 'filed bytes');
    crash.at = 'salvage';
    expect(() => openOutbox(path, silentLogger)).toThrow(/stopped before the salvage/);
    expect(asideCopies()).toHaveLength(1);

    const outbox = openOutbox(path, silentLogger);
    expect(outbox.recovery).toMatchObject({
      keptAt: join(temp.path, asideCopies()[0] ?? ''),
      recovered: 2,
      unreadable: 0,
      partial: false,
      copiesKept: 1,
    });
    expect(outbox.list().map((item) => [item.id, item.state])).toEqual([
      [ids[0], 'failed'],
      [ids[1], 'failed'],
    ]);
    outbox.close();
    expect(existsSync(`${path}.recovering.json`)).toBe(false);
    const again = openOutbox(path, silentLogger);
    expect(again.recovery).toBeNull();
    expect(again.list()).toHaveLength(2);
    again.close();
    expect(asideCopies()).toHaveLength(1);
  });

  it('after the commit, before the marker was removed: recovered again, none counted unreadable or twice', () => {
    mkdirSync(join(temp.path, 'outbox-files'));
    writeFileSync(join(temp.path, 'outbox-files', 'upload-9'), 'filed bytes');
    crash.at = 'marker removal';
    expect(() => openOutbox(path, silentLogger)).toThrow(/stopped before the marker removal/);

    const outbox = openOutbox(path, silentLogger);
    expect(outbox.recovery).toMatchObject({ recovered: 2, unreadable: 0, copiesKept: 1 });
    expect(outbox.list()).toHaveLength(2);
    outbox.close();
    expect(asideCopies()).toHaveLength(1);
  });
});
