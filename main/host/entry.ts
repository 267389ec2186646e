import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepCompiledCode } from '../lib/compiled-code';

// The browser host's entry: compiled code kept before anything else is loaded (every module of
// the host is then read from it), then the host itself.
keepCompiledCode();
try {
  const { runHost } = await import('./host-main');
  await runHost(dirname(fileURLToPath(import.meta.url)));
} catch (error: unknown) {
  process.stderr.write(
    `CaseDesk could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
