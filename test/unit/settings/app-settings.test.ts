import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/lib/logger';
import { APP_SETTINGS_FILE, createAppSettings } from '../../../main/settings/app-settings';
import { makeTempDir } from '../../support/temp-dir';

describe('app settings', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.remove());

  it('keeps the theme chosen for the next start', async () => {
    const first = createAppSettings({ dataDir: temp.path, logger: silentLogger });
    expect(await first.appearance()).toEqual({ theme: 'system' });
    await first.saveAppearance({ theme: 'dark' });
    const next = createAppSettings({ dataDir: temp.path, logger: silentLogger });
    expect(await next.appearance()).toEqual({ theme: 'dark' });
  });

  it('reads an unknown theme as the system’s, and a damaged file as none', async () => {
    const path = join(temp.path, APP_SETTINGS_FILE);
    writeFileSync(path, JSON.stringify({ version: 1, theme: 'sepia' }));
    const settings = createAppSettings({ dataDir: temp.path, logger: silentLogger });
    expect(await settings.appearance()).toEqual({ theme: 'system' });
    writeFileSync(path, '{"version": 1, "the');
    expect(await settings.appearance()).toEqual({ theme: 'system' });
  });
});
