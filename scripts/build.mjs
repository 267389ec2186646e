// Builds main, preload and renderer with electron-vite, its output on stderr so that stdout stays
// free for the one line scripts read (`CaseDesk ready at <url>`).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ELECTRON_VITE = fileURLToPath(
  new URL('../node_modules/electron-vite/bin/electron-vite.js', import.meta.url),
);

export function build() {
  const cli = ELECTRON_VITE;
  const result = spawnSync(process.execPath, [cli, 'build'], { stdio: ['ignore', 2, 2] });
  if (result.status !== 0) {
    process.stderr.write('CaseDesk could not be built; the errors are above.\n');
    process.exit(result.status ?? 1);
  }
}
