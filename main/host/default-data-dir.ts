import { homedir } from 'node:os';
import { join } from 'node:path';

/** The folder Electron's `userData` would be, so the window and the browser host share profiles. */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'CaseDesk');
  if (platform === 'win32')
    return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'CaseDesk');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'CaseDesk');
}
