import { resolve } from 'node:path';
import { createConsoleLogger } from '../lib/logger';
import { parseSandboxArgs } from './sandbox-args';
import { startSandbox } from './sandbox-server';

// `npm run sandbox -- …`: the embedded service alone. Prints its base URL and token when ready;
// logs go to stderr.
async function main(): Promise<void> {
  const args = parseSandboxArgs(process.argv.slice(2));
  const logger = createConsoleLogger('sandbox');
  console.log = (...items: unknown[]) => console.error(...items);
  const sandbox = await startSandbox({
    dataDir: resolve(args.dataDir ?? '.casedesk-data/sandbox'),
    logger,
    port: args.port,
    seed: args.seed,
    scale: args.scale,
    reset: args.reset,
    faults: args.faults,
    ...(args.token ? { token: args.token } : {}),
  });
  process.stdout.write(`CaseDesk sandbox ready at ${sandbox.baseUrl}\ntoken: ${sandbox.token}\n`);
  const stop = () => void sandbox.close().finally(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The sandbox could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
