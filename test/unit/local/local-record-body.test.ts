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

describe('a record replaced with its index', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let local: LocalStore;
  let clock = 1_000;
  beforeEach(() => {
    temp = makeTempDir('casedesk-local-replace-');
    local = openTestLocalStore(temp.path, () => clock);
  });
  afterEach(() => {
    local.close();
    temp.remove();
  });

  it('is made when none is kept, else rewritten with its creation time kept and new words found', () => {
    const index = (words: string) => ({
      subject: null,
      digest: { v: 1, words },
      searchText: words,
    });
    clock = 1_000;
    expect(local.replace('note', 'n1', { text: 'first' }, index(' first '))).toBe(1_000);
    clock = 2_000;
    expect(local.replace('note', 'n1', { text: 'second' }, index(' second '))).toBe(2_000);
    expect(local.get('note', 'n1')).toEqual({
      kind: 'note',
      id: 'n1',
      body: { text: 'second' },
      createdAt: new Date(1_000).toISOString(),
      updatedAt: new Date(2_000).toISOString(),
    });
    expect(local.digests('note')).toEqual([
      {
        id: 'n1',
        subject: null,
        digest: { v: 1, words: ' second ' },
        createdMs: 1_000,
        updatedMs: 2_000,
      },
    ]);
    expect(local.searchDigests('note', ['second'], 10).map((digest) => digest.id)).toEqual(['n1']);
    expect(local.searchDigests('note', ['first'], 10)).toEqual([]);
    // Of another kind under the same id: a record of its own.
    expect(local.replace('press-report', 'n1', { title: 'r' }, index(' r '))).toBe(2_000);
    expect(local.list('note')).toHaveLength(1);
    expect(() => local.replace('note', 'n2', undefined, index(' x '))).toThrow(/JSON body/);
  });
});
