// `npm start`: CaseDesk in its Electron window; where the Electron binary cannot be had, the same
// app through the browser host, opened in Chromium when it is installed.
import { spawn } from 'node:child_process';
import { build } from './build.mjs';
import { electronBinary } from './electron-binary.mjs';
import { runBrowserHost } from './start-browser.mjs';

build();
const electron = electronBinary();
if (electron) {
  // Chromium refuses to start as root without this; everyone else keeps the OS sandbox.
  const rootFlags = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
  const child = spawn(electron, ['.', ...rootFlags, ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  process.stderr.write(
    'Electron is not available on this machine (its binary could not be downloaded): serving CaseDesk to your browser instead.\n',
  );
  runBrowserHost(process.argv.slice(2));
}
