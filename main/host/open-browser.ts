import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const chosen = env.CASEDESK_BROWSER;
  if (chosen) return existsSync(chosen) ? chosen : null;
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

/**
 * Opens the host's URL in an app-style Chromium window with its own profile folder. Returns
 * why it could not, in words, or null when a window was started.
 */
export function openInChromium(
  url: string,
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  const executable = findChromium(env);
  if (!executable) return 'Chromium is not installed';
  if (process.platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY)
    return 'there is no display';
  const args = [
    `--app=${url}`,
    `--user-data-dir=${join(dataDir, 'browser-profile')}`,
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  ];
  const child = spawn(executable, args, { detached: true, stdio: 'ignore' });
  child.on('error', () => undefined);
  child.unref();
  return null;
}
