import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The tests drive the built app: build it from the current sources unless the caller just did.
export default function globalSetup(): void {
  if (process.env.CASEDESK_SKIP_BUILD === '1') return;
  const cli = fileURLToPath(
    new URL('../../node_modules/electron-vite/bin/electron-vite.js', import.meta.url),
  );
  execFileSync(process.execPath, [cli, 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
}
