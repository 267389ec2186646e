import { KytListFilter, KytTransactionInput, type KytTransaction } from '../../preload/contract';
import type { KytBatches, KytSendOutcome } from '../kyt/kyt-ports';
import type { KytService } from '../kyt/kyt-service';
import { CliUsageError, flag, type ParsedArgs } from './cli-args';
import { KYT_IMPORT_USAGE, runKytImport } from './cli-kyt-import';
import { detailText, diffText, listText } from './cli-kyt-text';
import { terminalText } from './cli-press-text';

// `kyt …`: KYT transactions from the command line, on the same KYT core as the app and the
// profile's same local store. Arguments are read here (a bad one is a CliUsageError, exit 2); the
// core, the way to send and the batches are given by the caller, so tests run it with fakes.

export const KYT_USAGE = `  kyt submit FILE.json|- [--json]                       submits one transaction: FILE (or standard
         input) is the body of POST /kyt/transaction; checked first, each problem named by its
         field. The service stores and scores every submission. Sent now, or kept in the
         profile's outbox for the app to send once when the service cannot be reached
  kyt list [--customer ID] [--json]                     the transactions kept in the profile, newest first
  kyt diff ID1 ID2 [--json]                             inputs changed, rules changed, score change
${KYT_IMPORT_USAGE}
         imports transactions from a CSV or NDJSON file and submits them in order
  Each takes --profile NAME, or --db FILE (the local store and the outbox beside it) with
  --base-url URL and a token for the commands that reach the service.`;

export type KytCommand =
  | { name: 'submit'; source: string; json: boolean }
  | { name: 'list'; customerExternalId: string | null; json: boolean }
  | { name: 'diff'; a: string; b: string; json: boolean }
  | { name: 'import'; args: ParsedArgs };

const TARGET_FLAGS = [
  'profile',
  'data-dir',
  'db',
  'base-url',
  'token',
  'token-file',
  'token-stdin',
];
const ALLOWED: Record<Exclude<KytCommand['name'], 'import'>, readonly string[]> = {
  submit: [],
  list: ['customer'],
  diff: [],
};

function positionals(args: ParsedArgs, count: number, what: string): string[] {
  const given = args.positionals.slice(1);
  if (given.length !== count)
    throw new CliUsageError(`kyt ${args.positionals[0] ?? ''} takes ${what}.`);
  return given.map((value) => value.trim());
}

/** The `kyt` command line read into one command; a bad argument is a CliUsageError. */
export function parseKytCommand(args: ParsedArgs): KytCommand {
  const name = args.positionals[0];
  if (name === 'import') return { name, args };
  if (!name || !(name in ALLOWED))
    throw new CliUsageError(`kyt takes submit, list, diff or import.\n\n${KYT_USAGE}`);
  const command = name as keyof typeof ALLOWED;
  const allowed = new Set([...TARGET_FLAGS, 'json', 'help', ...ALLOWED[command]]);
  for (const given of args.flags.keys())
    if (!allowed.has(given)) throw new CliUsageError(`kyt ${command} does not take --${given}.`);
  const json = args.flags.has('json');
  switch (command) {
    case 'submit': {
      const [source = ''] = positionals(args, 1, 'one file: FILE.json, or - for standard input');
      if (source === '-' && args.flags.has('token-stdin'))
        throw new CliUsageError(
          'Standard input cannot carry both the transaction and the token: give the token by CASEDESK_TOKEN or --token-file.',
        );
      return { name: command, source, json };
    }
    case 'list': {
      positionals(args, 0, 'no positional arguments (filters are flags)');
      const customer = flag(args, 'customer');
      const parsed = KytListFilter.safeParse({ customerExternalId: customer ?? undefined });
      if (!parsed.success)
        throw new CliUsageError(`--customer: ${parsed.error.issues[0]?.message ?? 'not an id'}`);
      return { name: command, customerExternalId: customer, json };
    }
    case 'diff': {
      const [a = '', b = ''] = positionals(args, 2, 'two transaction ids');
      return { name: command, a, b, json };
    }
  }
}

/**
 * The body of POST /kyt/transaction from a file's text, checked as the app checks its form: each
 * problem on a line of its own, named by its field (`from.device.country: …`).
 */
export function readTransaction(text: string, source: string): KytTransaction {
  let body: unknown;
  try {
    body = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch (error) {
    throw new CliUsageError(
      `${source} is not JSON (${error instanceof Error ? error.message : String(error)}): give the transaction as one JSON object, the body of POST /kyt/transaction.`,
    );
  }
  const parsed = KytTransactionInput.safeParse(body);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) =>
      `  ${issue.path.length ? issue.path.map(String).join('.') : '(the whole body)'}: ${issue.message}`,
  );
  throw new CliUsageError(
    `${source} is not a transaction CaseDesk can submit; nothing was sent:\n${problems.join('\n')}`,
  );
}

export interface KytCliDeps {
  kyt: KytService;
  /** Sends a recorded submission now; null when this run has no address or no token. */
  send: ((id: string) => Promise<KytSendOutcome>) | null;
  /** Why `send` is null, in words. */
  noServiceReason: string;
  batches: KytBatches;
  /** The text of the file named (`-`: standard input). */
  read: (source: string) => Promise<string>;
  write: (text: string) => void;
  err: (text: string) => void;
}

const asJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Runs a kyt command; its exit code (0 done, 1 not done: the output says why). */
export async function runKytCommand(command: KytCommand, deps: KytCliDeps): Promise<number> {
  const { kyt, write } = deps;
  switch (command.name) {
    case 'submit':
      return submit(command.source, command.json, deps);
    case 'list': {
      const list = kyt.list(
        KytListFilter.parse({
          ...(command.customerExternalId === null
            ? {}
            : { customerExternalId: command.customerExternalId }),
          limit: 1000,
        }),
      );
      write(command.json ? asJson(list) : listText(list));
      return 0;
    }
    case 'diff': {
      const comparison = kyt.compare(command.a, command.b);
      write(command.json ? asJson(comparison) : diffText(comparison));
      return 0;
    }
    case 'import':
      // A batch is sent as it runs: without the service, refuse before anything is imported
      // rather than leave a batch paused at its first line.
      if (!deps.send) {
        deps.err(
          `kyt import sends its lines as it reads them and needs the service; nothing was imported: ${deps.noServiceReason}\n`,
        );
        return 1;
      }
      return runKytImport(command.args, { batches: deps.batches, out: write, err: deps.err });
  }
}

async function submit(source: string, json: boolean, deps: KytCliDeps): Promise<number> {
  const { kyt, write } = deps;
  const named = source === '-' ? 'Standard input' : source;
  let text: string;
  try {
    text = await deps.read(source);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliUsageError(
      `${named} could not be read${code === 'ENOENT' ? ': there is no such file' : ` (${error instanceof Error ? error.message : String(error)})`}.`,
    );
  }
  const transaction = readTransaction(text, named);
  const recorded = kyt.record({ transaction });
  // Not reachable in this run, or not sent now: the app sends it once, from the profile's outbox.
  const queue = (reason: string): number => {
    const itemId = kyt.queue(recorded.id);
    const detail = kyt.get(recorded.id);
    if (json) write(asJson(detail));
    else
      write(
        `Not sent: ${terminalText(reason)}\nKept as ${recorded.id} and queued in the profile's outbox (item ${itemId}): the app sends it once, when the service can be reached.\n`,
      );
    return 0;
  };
  if (!deps.send) return queue(deps.noServiceReason);
  const outcome = await deps.send(recorded.id);
  if (outcome.kind === 'not-sent') return queue(outcome.reason);
  const detail = kyt.get(recorded.id);
  if (!detail)
    throw new Error(`The transaction ${recorded.id} was sent but could not be read back.`);
  write(json ? asJson(detail) : detailText(detail));
  return outcome.kind === 'scored' ? 0 : 1;
}
