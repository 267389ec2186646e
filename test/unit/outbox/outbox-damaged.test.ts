import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../../main/lib/logger';
import { openOutbox } from '../../../main/outbox/outbox-store';
import { makeTempDir } from '../../support/temp-dir';

describe('an outbox file that cannot be read', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.remove());

  it('is kept aside, said loudly, and a new outbox takes its place', () => {
    const path = join(temp.path, 'outbox.db');
    writeFileSync(
      path,
      Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(4096, 0x42)]),
    );
    const errors: string[] = [];
    const logger: Logger = { info() {}, warn() {}, error: (message) => void errors.push(message) };
    const outbox = openOutbox(path, logger);
    expect(errors[0]).toMatch(/could not be read.*kept at .*outbox\.db\.unreadable-\d+/);
    const names = readdirSync(temp.path);
    expect(names.some((name) => /^outbox\.db\.unreadable-\d+$/.test(name))).toBe(true);
    const item = outbox.enqueue({ kind: 'document.delete', id: 'doc-1' });
    expect(outbox.get(item.id)?.state).toBe('queued');
    outbox.close();
  });
});
