import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../main/lib/app-error';
import { silentLogger } from '../../../main/lib/logger';
import { createProfileSettings, SETTINGS_FILE } from '../../../main/settings/profile-settings';
import { makeTempDir } from '../../support/temp-dir';

describe('relation type labels per profile', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir('casedesk-relation-types-');
  });
  afterEach(() => temp.remove());
  const store = () => createProfileSettings({ logger: silentLogger, home: temp.path });

  it('starts empty, and keeps labels sorted by value beside the other settings', async () => {
    expect(await store().relationTypes(temp.path)).toEqual([]);
    await store().save(temp.path, { maxUploadMb: 250 });
    const saved = await store().setRelationTypes(temp.path, [
      { value: 7, label: ' Director ' },
      { value: 2, label: 'Shareholder' },
    ]);
    expect(saved).toEqual([
      { value: 2, label: 'Shareholder' },
      { value: 7, label: 'Director' },
    ]);
    expect(await store().relationTypes(temp.path)).toEqual(saved);
    expect((await store().get(temp.path)).maxUploadMb).toBe(250);
    // A later change of another setting keeps them.
    await store().save(temp.path, { maxUploadMb: 300 });
    expect(await store().relationTypes(temp.path)).toEqual(saved);
  });

  it('refuses a value labelled twice, naming the row, and keeps the labels before it', async () => {
    await store().setRelationTypes(temp.path, [{ value: 1, label: 'Owner' }]);
    const refusal = await store()
      .setRelationTypes(temp.path, [
        { value: 3, label: 'A' },
        { value: 3, label: 'B' },
      ])
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).fields).toEqual({
      'types.1.value': 'Type 3 already has a label (row 1): give each type one label.',
    });
    expect(await store().relationTypes(temp.path)).toEqual([{ value: 1, label: 'Owner' }]);
  });

  it('leaves out a label that does not read, keeping the rest of the file', async () => {
    const file = join(temp.path, SETTINGS_FILE);
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        downloadFolder: null,
        maxUploadMb: 42,
        relationTypes: [{ value: 1, label: 'Owner' }, { value: 'x' }, { value: 2, label: '' }],
      }),
    );
    expect(await store().relationTypes(temp.path)).toEqual([{ value: 1, label: 'Owner' }]);
    expect((await store().get(temp.path)).maxUploadMb).toBe(42);
    expect((JSON.parse(readFileSync(file, 'utf8')) as { maxUploadMb: number }).maxUploadMb).toBe(
      42,
    );
  });
});
