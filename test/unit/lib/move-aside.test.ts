import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moveDatabaseAside } from '../../../main/lib/move-aside';
import { makeTempDir } from '../../support/temp-dir';

describe('moving a database aside', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.remove());

  it('keeps the file with its -wal and -shm, byte for byte, and leaves none behind', () => {
    const path = join(temp.path, 'outbox.db');
    for (const suffix of ['', '-wal', '-shm']) writeFileSync(`${path}${suffix}`, `bytes${suffix}`);
    const aside = moveDatabaseAside(path, 'unreadable');
    expect(aside).toMatch(/outbox\.db\.unreadable-\d+$/);
    for (const suffix of ['', '-wal', '-shm'])
      expect(readFileSync(`${aside}${suffix}`, 'utf8')).toBe(`bytes${suffix}`);
    expect(readdirSync(temp.path).filter((name) => /^outbox\.db(-wal|-shm)?$/.test(name))).toEqual(
      [],
    );
  });
});
