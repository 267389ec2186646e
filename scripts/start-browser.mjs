// `npm run start:browser -- [--port P] [--data-dir D] [--no-open]`: builds CaseDesk, then serves it
// to a browser on 127.0.0.1 and prints `CaseDesk ready at <url>` once it serves.
import { spawn } from 'node:child_process';
import { build } from './build.mjs';

export function runBrowserHost(args) {
  const child = spawn(process.execPath, ['out/main/browser-host.js', ...args], {
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  build();
  runBrowserHost(process.argv.slice(2));
}
