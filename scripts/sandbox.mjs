// `npm run sandbox -- …`: builds, then runs the embedded sandbox service alone.
import { spawn } from 'node:child_process';
import { build } from './build.mjs';

build();
const child = spawn(process.execPath, ['out/main/sandbox.js', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
