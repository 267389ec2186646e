import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LocalStore } from '../../../main/local/local-store';
import { openTestLocalStore } from '../../support/kyt-fixture';
import { makeTempDir } from '../../support/temp-dir';

describe('a kept record’s body alone', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let local: LocalStore;
  let clock = 1_000;
  beforeEach(() => {
    temp = makeTempDir('casedesk-local-body-');
    local = openTestLocalStore(temp.path, () => clock);
  });
  afterEach(() => {
    local.close();
    temp.remove();
  });

  it('is replaced with its index and creation time kept, and read back as stored text', () => {
    local.put(
      'note',
      'n1',
      { text: 'first' },
      {
        subject: 'S',
        digest: { v: 1 },
        searchText: ' first ',
      },
    );
    clock = 2_000;
    expect(local.setBody('note', 'n1', { text: 'second' })).toBe(2_000);
    expect(local.bodyText('note', 'n1')).toBe('{"text":"second"}');
    expect(local.get('note', 'n1')).toMatchObject({
      body: { text: 'second' },
      createdAt: new Date(1_000).toISOString(),
      updatedAt: new Date(2_000).toISOString(),
    });
    expect(local.searchDigests('note', ['first'], 10).map((digest) => digest.id)).toEqual(['n1']);
    expect(local.bodyText('note', 'none')).toBeUndefined();
    expect(() => local.setBody('note', 'none', {})).toThrow(/not kept/);
  });
});
