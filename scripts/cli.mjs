// `npm run cli -- …`: builds, then runs the headless core (see `npm run cli -- --help`).
import { spawn } from 'node:child_process';
import { build } from './build.mjs';

build();
const child = spawn(process.execPath, ['out/main/cli.js', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
