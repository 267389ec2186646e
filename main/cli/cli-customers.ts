import { z } from 'zod';
import { SaveCustomersInput, type SaveReport } from '../../preload/contract';
import { checkedLines } from '../customers/customer-checks';
import type { CustomerSaver, SaveRequestLines } from '../customers/customer-ports';
import { CliUsageError, type ParsedArgs } from './cli-args';
import { terminalText } from './cli-press-text';

// `customers save …`: customers and relations written from a file, with the app's customer saver
// (verified or saved, read back into the profile's cache, or queued in its outbox for the app to
// send). Arguments are read here (a bad one is a CliUsageError, exit 2); the saver is given by the
// caller, so tests run it with fakes.

export const CUSTOMERS_USAGE = `  customers save FILE.json|- [--verify-only] [--disable-risk-scan] [--json]
         saves customers and relations: FILE (or standard input) is {"customers": […],
         "relations": […]} in the interface's write shape, or one customer object. Checked first
         as the app's form checks it, then verified by the service (--verify-only: nothing saved)
         or saved and read back into the profile's cache; queued in the profile's outbox for the
         app to send when the service cannot be reached. Each line's errors and warnings are
         printed; the exit code is 1 when any line failed. --disable-risk-scan: scan and risk run
         at the service's next ongoing process instead of now.`;

export interface CustomersSaveCommand {
  name: 'save';
  source: string;
  verifyOnly: boolean;
  disableRiskScan: boolean;
  json: boolean;
}

const TARGET_FLAGS = [
  'profile',
  'data-dir',
  'db',
  'base-url',
  'token',
  'token-file',
  'token-stdin',
];
const SAVE_FLAGS = ['verify-only', 'disable-risk-scan', 'json', 'help'];

/** The `customers` command line read into one command; a bad argument is a CliUsageError. */
export function parseCustomersCommand(args: ParsedArgs): CustomersSaveCommand {
  const name = args.positionals[0];
  if (name !== 'save') throw new CliUsageError(`customers takes save.\n\n${CUSTOMERS_USAGE}`);
  const allowed = new Set([...TARGET_FLAGS, ...SAVE_FLAGS]);
  for (const given of args.flags.keys())
    if (!allowed.has(given)) throw new CliUsageError(`customers save does not take --${given}.`);
  const given = args.positionals.slice(1);
  if (given.length !== 1)
    throw new CliUsageError('customers save takes one file: FILE.json, or - for standard input.');
  const source = given[0]?.trim() ?? '';
  if (source === '-' && args.flags.has('token-stdin'))
    throw new CliUsageError(
      'Standard input cannot carry both the customers and the token: give the token by CASEDESK_TOKEN or --token-file.',
    );
  return {
    name,
    source,
    verifyOnly: args.flags.has('verify-only'),
    disableRiskScan: args.flags.has('disable-risk-scan'),
    json: args.flags.has('json'),
  };
}

const FileBody = z.union([
  z.object({ customers: z.unknown().optional(), relations: z.unknown().optional() }).strict(),
  z.looseObject({ external_id: z.unknown() }),
]);

/**
 * The lines of a save file: `{customers, relations}` or one customer. A file CaseDesk cannot
 * send is a CliUsageError naming each problem by its place (`customers.2.kyc_level: …`).
 */
export function readSaveFile(
  text: string,
  source: string,
): Omit<SaveRequestLines, 'disableRiskScan'> {
  let body: unknown;
  try {
    body = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch (error) {
    throw new CliUsageError(
      `${source} is not JSON (${error instanceof Error ? error.message : String(error)}): give {"customers": […], "relations": […]} or one customer object.`,
    );
  }
  const shape = FileBody.safeParse(body);
  if (!shape.success)
    throw new CliUsageError(
      `${source} is neither {"customers": […], "relations": […]} nor one customer object (with its external_id); nothing was sent.`,
    );
  const lines = 'external_id' in shape.data ? { customers: [shape.data] } : (shape.data as object);
  const parsed = SaveCustomersInput.safeParse(lines);
  if (parsed.success) {
    if (!parsed.data.customers.length && !parsed.data.relations.length)
      throw new CliUsageError(`${source} has no customer and no relation to save.`);
    return { customers: parsed.data.customers, relations: parsed.data.relations };
  }
  const problems = parsed.error.issues.map(
    (issue) =>
      `  ${issue.path.length ? issue.path.map(String).join('.') : '(the whole file)'}: ${issue.message}`,
  );
  throw new CliUsageError(
    `${source} cannot be sent as it is; nothing was sent:\n${problems.join('\n')}`,
  );
}

export interface CustomersCliDeps {
  /** The app's saver over the profile's cache, outbox and the service. */
  saver: CustomerSaver;
  /** False when this run has no address or no token: a save is only queued for the app. */
  reachable: boolean;
  /** Why it is not reachable, in words. */
  noServiceReason: string;
  read(source: string): Promise<string>;
  write(text: string): void;
  err(text: string): void;
}

const asJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A report in lines a terminal shows safely (service text without control or bidi characters). */
export function reportText(report: SaveReport): string {
  const out: string[] = [];
  const what =
    report.outcome === 'queued'
      ? 'Queued in the profile’s outbox: the app sends it when the service can be reached.'
      : report.outcome === 'verified'
        ? `Verified, nothing saved${report.status ? ` (status ${terminalText(report.status)})` : ''}.`
        : `Saved${report.status ? ` (status ${terminalText(report.status)})` : ''}.`;
  out.push(what);
  if (report.riskScanForced)
    out.push(
      'The service deferred scan and risk: they run at its next ongoing process (it forced disable_risk_scan).',
    );
  for (const line of report.lines) {
    const state = line.errors.length
      ? 'FAILED'
      : report.outcome === 'saved'
        ? 'saved'
        : report.outcome === 'queued'
          ? 'queued'
          : 'ok';
    const id = line.customerId ? ` (service id ${terminalText(line.customerId)})` : '';
    out.push(`${line.kind} ${terminalText(line.externalId) || '(no id)'}: ${state}${id}`);
    for (const [label, problems] of [
      ['error', line.errors],
      ['warning', line.warnings],
    ] as const)
      for (const problem of problems)
        out.push(
          `  ${label}${problem.field ? ` [${problem.field}]` : ''}: ${terminalText(
            [problem.code, problem.detail].filter(Boolean).join(': '),
          )}`,
        );
  }
  return `${out.join('\n')}\n`;
}

/** Runs `customers save`; its exit code (0 every line passed, 1 a line failed or nothing sent). */
export async function runCustomersCommand(
  command: CustomersSaveCommand,
  deps: CustomersCliDeps,
): Promise<number> {
  const named = command.source === '-' ? 'Standard input' : command.source;
  let text: string;
  try {
    text = await deps.read(command.source);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CliUsageError(
      `${named} could not be read${code === 'ENOENT' ? ': there is no such file' : ` (${error instanceof Error ? error.message : String(error)})`}.`,
    );
  }
  const lines: SaveRequestLines = {
    ...readSaveFile(text, named),
    disableRiskScan: command.disableRiskScan,
  };
  const show = (report: SaveReport): number => {
    deps.write(command.json ? asJson(report) : reportText(report));
    return report.failed ? 1 : 0;
  };
  const refused = checkedLines(lines);
  if (refused) return show(refused);
  if (command.verifyOnly) {
    if (!deps.reachable) {
      deps.err(`Verifying needs the service; nothing was sent: ${deps.noServiceReason}\n`);
      return 1;
    }
    return show(await deps.saver.verify(lines));
  }
  return show(await deps.saver.save(lines, { queueWhenOffline: true, offline: !deps.reachable }));
}
