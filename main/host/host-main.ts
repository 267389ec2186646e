import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createCore } from '../core';
import { createConsoleLogger } from '../lib/logger';
import { startBrowserHost } from './browser-host';
import { defaultDataDir } from './default-data-dir';
import { parseHostArgs } from './host-args';
import { openInChromium } from './open-browser';

// `npm run start:browser`: the browser host alone. Prints exactly one line,
// `CaseDesk ready at <url>`, once it serves; everything else goes to stderr.
// `here` is the built entry's folder (out/main), where the workers' scripts are.
export async function runHost(here: string): Promise<void> {
  const args = parseHostArgs(process.argv.slice(2));
  const appRoot = resolve(here, '..', '..');
  const dataDir = resolve(args.dataDir ?? defaultDataDir());
  const logger = createConsoleLogger('casedesk-host');
  // stdout carries only the ready line, for scripts and tests.
  console.log = (...items: unknown[]) => console.error(...items);

  const core = await createCore({
    dataDir,
    version: readVersion(appRoot),
    logger,
    cipher: null,
    openExternal: null,
    sandbox: args.sandboxScale === null ? null : { scale: args.sandboxScale, seed: 1 },
    syncWorkerPath: join(here, 'sync-worker.js'),
    readWorkerPath: join(here, 'read-worker.js'),
  });
  const host = await startBrowserHost({
    rendererDir: join(appRoot, 'out', 'renderer'),
    dispatch: core.dispatch,
    events: core.events,
    logger,
    port: args.port,
    staging: core.staging,
  });
  // Before the ready line: a script that stops the host as soon as it reads it must find the
  // host closing its profile cleanly, not killed by the signal's default.
  const stop = () => {
    void host
      .close()
      .then(() => core.dispose())
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // The active profile opened while the browser loads the window, not at the window's first call
  // (its read workers start once the first screen is drawn); without a profile the window shows
  // the connection screen.
  void core.workspaces.require().catch(() => undefined);
  process.stdout.write(`CaseDesk ready at ${host.url}\n`);
  if (args.open) {
    // Not the printed URL: the browser's command line is visible to every process, so it gets
    // a secret of its own that works once and expires within seconds.
    const why = openInChromium(host.launchUrl(), dataDir);
    if (why) process.stderr.write(`Not opening a browser (${why}): open the URL above yourself.\n`);
  }
}

function readVersion(appRoot: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(appRoot, 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}
