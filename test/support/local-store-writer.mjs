// Run by the local store's crash test: `node --experimental-transform-types local-store-writer.mjs
// <local.db> <prefix>`. Opens the real local store (main/local, TypeScript run by Node itself) and
// puts records in a loop, printing each id once its put has returned, until it is killed.
import { existsSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

// CaseDesk's modules import each other without extensions, as the bundler resolves them.
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (/^\.\.?\//.test(specifier) && !/\.[cm]?[jt]s$/.test(specifier) && context.parentURL) {
      for (const suffix of ['.ts', '/index.ts']) {
        const url = new URL(specifier + suffix, context.parentURL);
        if (existsSync(fileURLToPath(url))) return nextResolve(url.href, context);
      }
    }
    return nextResolve(specifier, context);
  },
});

const [path, prefix] = process.argv.slice(2);
const { openLocalStore } = await import('../../main/local/local-store.ts');
const logger = { info() {}, warn() {}, error: (message) => process.stderr.write(`${message}\n`) };
const opening = openLocalStore(path, logger);
if (opening.state !== 'open') {
  process.stderr.write(`local store unavailable: ${opening.reason}\n`);
  process.exit(2);
}
const filler = 'x'.repeat(3000);
for (let n = 0; ; n += 1) {
  const id = `${prefix}-${n}`;
  opening.store.put('crash-test', id, { n, filler });
  // Writes to a pipe are synchronous on Linux: the line is out before the next put starts.
  process.stdout.write(`${id}\n`);
}
