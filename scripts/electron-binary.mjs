// Finds the Electron binary, downloading it the way `require('electron')` would, but with a time
// limit and quietly: on machines without access to its download host, CaseDesk falls back to the
// browser host instead of failing.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export function electronBinary({ download = true } = {}) {
  let packageDir;
  try {
    packageDir = dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
  const pathFile = join(packageDir, 'path.txt');
  const located = () => {
    if (!existsSync(pathFile)) return null;
    const relative = readFileSync(pathFile, 'utf8').trim();
    const base = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(packageDir, 'dist');
    const binary = join(base, relative);
    return existsSync(binary) ? binary : null;
  };
  const found = located();
  if (found || !download) return found;
  const attempt = spawnSync(process.execPath, [join(packageDir, 'install.js')], {
    stdio: 'ignore',
    timeout: 180_000,
  });
  return attempt.status === 0 ? located() : null;
}
