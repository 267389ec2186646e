import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

// The tests drive the built app: build it from the current sources unless the caller just did.
export default function globalSetup(): void {
  if (process.env.CASEDESK_SKIP_BUILD === '1') return;
  const cli = createRequire(import.meta.url).resolve('electron-vite/bin/electron-vite.js');
  execFileSync(process.execPath, [cli, 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
}
