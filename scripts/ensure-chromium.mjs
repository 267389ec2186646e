// The end-to-end tests drive Debian's Chromium, never a downloaded browser. Installs it where we
// can (root on Debian, as on CI); otherwise says exactly what to run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from './chromium-path.mjs';

const path = chromiumPath();
if (existsSync(path)) process.exit(0);

const canInstall =
  process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && !process.env.CASEDESK_CHROMIUM;
if (!canInstall) {
  process.stderr.write(
    `Chromium is needed for the end-to-end tests and was not found at ${path}.\n` +
      'Install it with: sudo apt-get update && sudo apt-get install -y chromium\n' +
      '(or point CASEDESK_CHROMIUM at a Chromium binary).\n',
  );
  process.exit(1);
}
process.stderr.write('Installing Debian’s chromium for the end-to-end tests…\n');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
for (const args of [['update'], ['install', '-y', 'chromium']]) {
  const result = spawnSync('apt-get', args, { stdio: ['ignore', 2, 2], env });
  if (result.status !== 0) {
    process.stderr.write(`apt-get ${args.join(' ')} failed.\n`);
    process.exit(1);
  }
}
