import { join } from 'node:path';
import { z } from 'zod';
import { THEME_CHOICES, type Appearance } from '../../preload/contract';
import { readJsonFile, writeJsonFile } from '../lib/json-file';
import type { Logger } from '../lib/logger';

/** Settings of the whole app, not of a profile, in the data folder. */
export const APP_SETTINGS_FILE = 'app-settings.json';

const StoredAppSettings = z.object({
  version: z.literal(1),
  theme: z.enum(THEME_CHOICES).catch('system').default('system'),
});
type StoredAppSettings = z.infer<typeof StoredAppSettings>;

const defaults = (): StoredAppSettings => ({ version: 1, theme: 'system' });

export interface AppSettingsStore {
  appearance(): Promise<Appearance>;
  saveAppearance(change: Appearance): Promise<Appearance>;
}

/**
 * The theme is kept here rather than in the renderer's storage: the browser host's origin changes
 * with its port on every start, and its storage with it, so only main remembers across restarts.
 */
export function createAppSettings(deps: { dataDir: string; logger: Logger }): AppSettingsStore {
  const path = join(deps.dataDir, APP_SETTINGS_FILE);
  let queue: Promise<unknown> = Promise.resolve();
  const read = () => readJsonFile(path, StoredAppSettings, defaults, deps.logger);
  return {
    appearance: async () => ({ theme: (await read()).theme }),
    saveAppearance(change) {
      // One change at a time: two quick choices must not interleave their writes.
      const next = queue.then(async () => {
        const updated = { ...(await read()), theme: change.theme };
        await writeJsonFile(path, updated);
        return { theme: updated.theme };
      });
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
