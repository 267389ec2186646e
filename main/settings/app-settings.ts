import { userInfo } from 'node:os';
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
  /** Who this installation's journal entries name; the system's user name until one is given. */
  analystName: z.string().trim().min(1).max(120).optional().catch(undefined),
});
type StoredAppSettings = z.infer<typeof StoredAppSettings>;

const defaults = (): StoredAppSettings => ({ version: 1, theme: 'system' });

export interface AppSettingsStore {
  appearance(): Promise<Appearance>;
  saveAppearance(change: Appearance): Promise<Appearance>;
  analystName(): Promise<string>;
  saveAnalystName(name: string): Promise<string>;
}

/**
 * The theme is kept here rather than in the renderer's storage: the browser host's origin changes
 * with its port on every start, and its storage with it, so only main remembers across restarts.
 */
export function createAppSettings(deps: { dataDir: string; logger: Logger }): AppSettingsStore {
  const path = join(deps.dataDir, APP_SETTINGS_FILE);
  let queue: Promise<unknown> = Promise.resolve();
  const read = () => readJsonFile(path, StoredAppSettings, defaults, deps.logger);
  // One change at a time: two quick choices must not interleave their writes.
  const change = <T>(
    apply: (settings: StoredAppSettings) => StoredAppSettings,
    answer: (settings: StoredAppSettings) => T,
  ) => {
    const next = queue.then(async () => {
      const updated = apply(await read());
      await writeJsonFile(path, updated);
      return answer(updated);
    });
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    appearance: async () => ({ theme: (await read()).theme }),
    saveAppearance: (appearance) =>
      change(
        (settings) => ({ ...settings, theme: appearance.theme }),
        (settings) => ({ theme: settings.theme }),
      ),
    analystName: async () => (await read()).analystName ?? systemUserName(),
    saveAnalystName: (name) =>
      change(
        (settings) => ({ ...settings, analystName: name.trim() }),
        (settings) => settings.analystName ?? systemUserName(),
      ),
  };
}

/** The account's name on this computer: who is at the keyboard until a name is given. */
function systemUserName(): string {
  try {
    return userInfo().username || 'analyst';
  } catch {
    return 'analyst';
  }
}
