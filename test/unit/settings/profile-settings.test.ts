import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../main/lib/app-error';
import { silentLogger } from '../../../main/lib/logger';
import {
  createProfileSettings,
  DEFAULT_MAX_UPLOAD_MB,
  SETTINGS_FILE,
} from '../../../main/settings/profile-settings';
import { makeTempDir } from '../../support/temp-dir';

describe('per-profile settings', () => {
  const temp = makeTempDir('casedesk-settings-');
  let count = 0;
  let profile = '';
  let home = '';
  let downloads = '';

  beforeEach(() => {
    count += 1;
    profile = join(temp.path, `profile-${count}`);
    home = join(temp.path, `home-${count}`);
    downloads = join(home, 'Case files');
    mkdirSync(profile);
    mkdirSync(downloads, { recursive: true });
  });
  afterAll(() => temp.remove());

  const store = () => createProfileSettings({ logger: silentLogger, home });
  /** The AppError a save is refused with. */
  const refusal = async (change: { downloadFolder: string }): Promise<AppError> => {
    try {
      await store().save(profile, change);
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
    throw new Error(`${change.downloadFolder} was accepted`);
  };

  it('starts with no download folder, the default upload limit, and suggests a folder', async () => {
    expect(await store().get(profile)).toEqual({
      downloadFolder: null,
      suggestedDownloadFolder: home,
      maxUploadMb: DEFAULT_MAX_UPLOAD_MB,
    });
    mkdirSync(join(home, 'Downloads'));
    expect((await store().get(profile)).suggestedDownloadFolder).toBe(join(home, 'Downloads'));
  });

  it('remembers a chosen folder and limit for the profile', async () => {
    await store().save(profile, { downloadFolder: downloads });
    await store().save(profile, { maxUploadMb: 250 });
    expect(await store().get(profile)).toMatchObject({
      downloadFolder: downloads,
      maxUploadMb: 250,
    });
    const other = join(temp.path, `other-${count}`);
    mkdirSync(other);
    expect((await store().get(other)).downloadFolder).toBeNull();
    await store().save(profile, { downloadFolder: null });
    expect(await store().get(profile)).toMatchObject({ downloadFolder: null, maxUploadMb: 250 });
  });

  it('refuses a relative path, a missing folder and a file, field by field, changing nothing', async () => {
    await store().save(profile, { downloadFolder: downloads });
    const file = join(downloads, 'statement.pdf');
    writeFileSync(file, '%PDF');

    const relative = await refusal({ downloadFolder: 'Case files' });
    expect(relative).toMatchObject({
      code: 'invalid_input',
      fields: { downloadFolder: 'Give the full path of the folder, e.g. /home/you/Downloads.' },
    });
    const missing = await refusal({ downloadFolder: join(home, 'Nowhere') });
    expect(missing).toMatchObject({
      code: 'invalid_input',
      message: `There is no folder at ${join(home, 'Nowhere')}.`,
      fields: { downloadFolder: 'This folder does not exist.' },
    });
    const notAFolder = await refusal({ downloadFolder: file });
    expect(notAFolder).toMatchObject({
      code: 'invalid_input',
      message: `${file} is a file, not a folder.`,
      fields: { downloadFolder: 'This is a file, not a folder.' },
    });
    expect((await store().get(profile)).downloadFolder).toBe(downloads);
  });

  it('keeps both of two changes saved at once', async () => {
    const settings = store();
    await Promise.all([
      settings.save(profile, { downloadFolder: downloads }),
      settings.save(profile, { maxUploadMb: 5 }),
    ]);
    expect(await settings.get(profile)).toMatchObject({
      downloadFolder: downloads,
      maxUploadMb: 5,
    });
  });

  it('sets a damaged settings file aside and starts again from the defaults', async () => {
    writeFileSync(join(profile, SETTINGS_FILE), '{"version": 1, "maxUploadMb": "lots"');
    expect(await store().get(profile)).toMatchObject({
      downloadFolder: null,
      maxUploadMb: DEFAULT_MAX_UPLOAD_MB,
    });
    expect(readdirSync(profile).some((name) => name.startsWith(`${SETTINGS_FILE}.damaged-`))).toBe(
      true,
    );
  });
});
