import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { createConsoleLogger, silentLogger } from './lib/logger';
import { openOutbox } from './outbox/outbox-store';
import {
  cacheStatus,
  EXPORTABLE,
  exportRecords,
  searchCache,
  type ExportableEntity,
} from './cache/cache-queries';
import { readCustomerIdentity } from './cache/customer-identity';
import { openCache } from './cache/open-cache';
import { WAITING_STATES, waitingPressForce } from './outbox/kinds/press-force';
import { createCacheWriter } from './cache/repositories';
import { CliUsageError, parseCliArgs, flag, type ParsedArgs } from './cli/cli-args';
import { backupProfile } from './cli/cli-backup';
import { CASEFILE_USAGE, parseCaseFileCommand, runCaseFileCommand } from './cli/cli-casefile';
import { chromiumPrinter } from './casefile/pdf-printer';
import { defaultDataDir } from './host/default-data-dir';
import { createAppSettings } from './settings/app-settings';
import { KYT_USAGE, parseKytCommand, runKytCommand } from './cli/cli-kyt';
import {
  JOURNAL_USAGE,
  openJournalForCli,
  parseJournalCommand,
  runJournalCommand,
} from './cli/cli-journal';
import { CUSTOMERS_USAGE, parseCustomersCommand, runCustomersCommand } from './cli/cli-customers';
import {
  openReviewForCli,
  parseReviewCommand,
  REVIEW_USAGE,
  runReviewCommand,
} from './cli/cli-review';
import { createCustomerSaver } from './customers/customer-saver';
import { openKytForCli } from './cli/cli-kyt-open';
import {
  CUSTOMERS_IMPORT_USAGE,
  parseCustomersImport,
  runCustomersImport,
} from './cli/cli-customers-import';
import { resolveTarget, type CliTarget } from './cli/cli-profile';
import {
  NoServiceError,
  parsePressCommand,
  PRESS_USAGE,
  runPressCommand,
  type ForceAttempt,
  type PressForceChannel,
} from './cli/cli-press';
import { readAllStdin, TOKEN_SOURCES } from './cli/cli-token';
import { toCsv } from './cli/csv';
import { createServiceClient, isServiceError, type ServiceClient } from './api';
import { LOCAL_STORE_FILE, openLocalStore, type LocalStore } from './local/local-store';
import { kindOf, OUTBOX_KINDS, type OutboxPayload } from './outbox/kinds/registry';
import type { PressService } from './press/press-service';
import { openPress } from './press/open-press';
import { createServiceSource } from './sync/service-source';
import { createUnreadableRecords, exportUnreadable } from './cache/unreadable-records';
import { createSyncEngine } from './sync/sync-engine';
import { summarizeSync } from './sync/sync-summary';

const USAGE = `CaseDesk command line: the same core as the app, headless.

  sync   (--profile NAME | --base-url URL --db FILE) [--page-size N] [--json]
         [--token-file FILE | --token-stdin]
  status (--profile NAME | --db FILE) [--json]        counts per entity, cursors, last sync
  search <text> (--profile NAME | --db FILE) [--json] search the cache
  export <entity> (--profile NAME | --db FILE) [--format ndjson|csv]   every cached record
         entities: ${Object.keys(EXPORTABLE).join(', ')}
  unreadable (--profile NAME | --db FILE) [--format json|ndjson]   the records the service sent
         that CaseDesk could not read: operation, reason, when, the record as received
  backup --profile NAME [--out DIR] [--json]          a consistent copy of what the service cannot
         send again: the local store, the outbox (with its files), saved views and file settings,
         in a new folder under DIR (by default the profile's own backups/ folder)
${PRESS_USAGE}
${KYT_USAGE}
${CUSTOMERS_USAGE}
${CUSTOMERS_IMPORT_USAGE}
${JOURNAL_USAGE}
${REVIEW_USAGE}
${CASEFILE_USAGE}

--profile reads a profile saved by the app (--data-dir D if not the default folder) and uses its
cache; its token is read from the private file when it was kept there, and is only ever sent to
the profile's own address (another --base-url needs a token of its own). A token for this run
comes from the CASEDESK_TOKEN environment variable, a file (--token-file FILE) or standard input
(--token-stdin). --token T still works, but other users of the computer can read it in the
process list. --base-url is https://, or http:// only to this computer.`;

async function main(argv: readonly string[]): Promise<number> {
  const args = parseCliArgs(argv);
  if (!args.command || args.flags.has('help')) {
    process.stdout.write(`${USAGE}\n`);
    return args.command ? 0 : 2;
  }
  switch (args.command) {
    case 'sync':
      return sync(args);
    case 'status':
      return status(args);
    case 'search':
      return search(args);
    case 'export':
      return exportEntity(args);
    case 'unreadable':
      return unreadable(args);
    case 'backup':
      return backup(args);
    case 'press':
      return press(args);
    case 'kyt':
      return kyt(args);
    case 'customers':
      if (args.positionals[0] === 'import') return customersImport(args);
      return customers(args);
    case 'journal':
      return journal(args);
    case 'review':
      return review(args);
    case 'casefile':
      return casefile(args);
    default:
      throw new Error(`Unknown command ${JSON.stringify(args.command)}.\n\n${USAGE}`);
  }
}

const openDb = async (args: ParsedArgs) =>
  openCache((await resolveTarget(args, silentLogger)).db, silentLogger).db;
const json = (args: ParsedArgs) => args.flags.has('json');
const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);

async function sync(args: ParsedArgs): Promise<number> {
  const target = await resolveTarget(args, silentLogger, {
    env: process.env,
    readStdin: readAllStdin,
    warn: (line) => process.stderr.write(`casedesk: ${line}\n`),
  });
  if (!target.baseUrl)
    throw new Error(
      '--base-url is required (the service address, in front of /api/v1), or --profile NAME.',
    );
  if (!target.token) {
    throw new Error(
      `No token: give it by ${TOKEN_SOURCES}, or keep the profile’s token in the private file (the keyring is only reachable from the app).`,
    );
  }
  const { baseUrl, token } = target;
  const pageSize = Number(flag(args, 'page-size') ?? 500);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000)
    throw new Error('--page-size takes 1 to 1000.');
  const db = openCache(target.db, silentLogger).db;
  const client = createServiceClient({ baseUrl, token });
  const engine = createSyncEngine({
    db,
    writer: createCacheWriter(db),
    source: createServiceSource(client, { onUnreadable: createUnreadableRecords(db).recorder() }),
    logger: json(args) ? silentLogger : createConsoleLogger('sync'),
  });
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort(new Error('Sync cancelled.')));
  let ended: Parameters<typeof summarizeSync>[1];
  try {
    const report = await engine.run({
      pageSize,
      signal: controller.signal,
      onProgress: (progress) => {
        if (!json(args))
          process.stderr.write(
            `\r${progress.phase}: ${progress.done}${progress.total === null ? '' : `/${progress.total}`} (${Math.round(progress.rate)}/s)   `,
          );
      },
    });
    ended = { outcome: 'finished', report };
  } catch (error) {
    // Interrupted: every page written is kept, and the next run resumes; say what the cache holds.
    if (!controller.signal.aborted) {
      db.close();
      throw error;
    }
    ended = { outcome: 'cancelled' };
  } finally {
    await client.close();
  }
  // Idle keep-alive connections would hold the process open after the last write.
  const summary = summarizeSync(db, ended);
  db.close();
  if (json(args)) print(ended.outcome === 'finished' ? { ...ended.report, summary } : summary);
  else {
    const more = summary.details.length ? ' — see details:' : '.';
    const details = summary.details.map((line) => `  - ${line}\n`).join('');
    process.stdout.write(`\n${summary.headline}${more}\n${details}`);
  }
  return ended.outcome === 'finished' ? 0 : 130;
}

async function status(args: ParsedArgs): Promise<number> {
  const target = await resolveTarget(args, silentLogger);
  const db = openCache(target.db, silentLogger).db;
  // The outbox lives beside the cache (the app's layout); a cache file alone has none.
  const outboxPath = join(dirname(target.db), 'outbox.db');
  const outbox = existsSync(outboxPath) ? outboxCounts(outboxPath) : null;
  const result = { ...cacheStatus(db), outbox };
  db.close();
  if (json(args)) print(result);
  else {
    for (const [table, count] of Object.entries(result.counts))
      process.stdout.write(`${table.padEnd(18)} ${count}\n`);
    process.stdout.write(
      `customers awaiting detail: ${result.customersAwaitingDetail}\nlast sync: ${JSON.stringify(result.lastSync)}\n` +
        `outbox: ${
          outbox
            ? Object.entries(outbox)
                .map(([state, count]) => `${count} ${state}`)
                .join(', ') || 'empty'
            : 'none'
        }\n`,
    );
  }
  return 0;
}

function outboxCounts(path: string): Record<string, number> {
  const outbox = openOutbox(path, silentLogger);
  const counts: Record<string, number> = {};
  for (const item of outbox.list()) counts[item.state] = (counts[item.state] ?? 0) + 1;
  outbox.close();
  return counts;
}

async function search(args: ParsedArgs): Promise<number> {
  const text = args.positionals.join(' ');
  if (!text.trim()) throw new Error('search needs some text to look for.');
  const db = await openDb(args);
  const hits = searchCache(db, text);
  db.close();
  if (json(args)) print(hits);
  else
    for (const hit of hits)
      process.stdout.write(`${hit.kind.padEnd(9)} ${hit.id}  ${hit.title}  ${hit.detail}\n`);
  return 0;
}

async function exportEntity(args: ParsedArgs): Promise<number> {
  const entity = args.positionals[0];
  if (!entity || !(entity in EXPORTABLE))
    throw new Error(`export takes one of: ${Object.keys(EXPORTABLE).join(', ')}.`);
  const format = flag(args, 'format') ?? 'ndjson';
  if (format !== 'ndjson' && format !== 'csv') throw new Error('--format takes ndjson or csv.');
  const db = await openDb(args);
  const records = () => exportRecords(db, entity as ExportableEntity);
  if (format === 'ndjson')
    for (const record of records()) process.stdout.write(`${JSON.stringify(record)}\n`);
  else for (const line of toCsv(records)) process.stdout.write(line);
  db.close();
  return 0;
}

async function unreadable(args: ParsedArgs): Promise<number> {
  const format = flag(args, 'format') ?? 'json';
  if (format !== 'json' && format !== 'ndjson') throw new Error('--format takes json or ndjson.');
  const db = await openDb(args);
  const records = createUnreadableRecords(db).list(Number.MAX_SAFE_INTEGER);
  db.close();
  process.stdout.write(exportUnreadable(records, format));
  return 0;
}

async function backup(args: ParsedArgs): Promise<number> {
  const report = await backupProfile(args, silentLogger);
  if (json(args)) print(report);
  else {
    process.stdout.write(`Backed up the profile “${report.profile.name}” to ${report.folder}\n`);
    for (const entry of report.entries) {
      const how = {
        'sqlite-backup': 'SQLite backup',
        'copied-as-is': `copied as it is: ${entry.note ?? ''}`,
        file: 'file',
        folder: 'folder',
      }[entry.how];
      process.stdout.write(
        `  ${entry.name.padEnd(14)} ${String(entry.bytes).padStart(10)} bytes  ${how}\n`,
      );
    }
    if (report.entries.length === 0)
      process.stdout.write('  (the profile had nothing to back up)\n');
  }
  return 0;
}

async function press(args: ParsedArgs): Promise<number> {
  // Arguments first: a bad one is said before any store is opened or the service called.
  const command = parsePressCommand(args);
  const reaches = ['report', 'get', 'force'].includes(command.name);
  const target = await resolveTarget(
    args,
    silentLogger,
    reaches
      ? {
          env: process.env,
          readStdin: readAllStdin,
          warn: (line) => process.stderr.write(`casedesk: ${line}\n`),
        }
      : null,
  );
  const opened = openPressService(target);
  try {
    return await runPressCommand(command, {
      press: opened.press,
      force: pressForceChannel(target, opened),
      write: (text) => process.stdout.write(text),
      needService: () => {
        if (!opened.reachable) throw new NoServiceError(noServiceReason(target));
      },
    });
  } finally {
    await opened.close();
  }
}

async function kyt(args: ParsedArgs): Promise<number> {
  // Arguments first: a bad one is said before any store is opened or the service called.
  const command = parseKytCommand(args);
  const reaches = command.name === 'submit' || command.name === 'import';
  const target = await resolveTarget(
    args,
    silentLogger,
    reaches
      ? {
          env: process.env,
          readStdin: readAllStdin,
          warn: (line) => process.stderr.write(`casedesk: ${line}\n`),
        }
      : null,
  );
  const opened = openKytForCli(target, silentLogger);
  try {
    return await runKytCommand(command, {
      kyt: opened.kyt,
      send: opened.reachable ? (id) => opened.sender.send(id) : null,
      noServiceReason: noServiceReason(target),
      batches: opened.batches,
      read: (source) => (source === '-' ? readAllStdin() : readFile(source, 'utf8')),
      write: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    });
  } finally {
    await opened.close();
  }
}

async function customers(args: ParsedArgs): Promise<number> {
  // Arguments first: a bad one is said before any store is opened or the service called.
  const command = parseCustomersCommand(args);
  const target = await resolveTarget(args, silentLogger, {
    env: process.env,
    readStdin: readAllStdin,
    warn: (line) => process.stderr.write(`casedesk: ${line}\n`),
  });
  const reachable = Boolean(target.baseUrl && target.token);
  // Without an address or a token the client is never asked: the save is queued for the app.
  const client = createServiceClient({
    baseUrl: target.baseUrl ?? 'https://service.invalid',
    getToken: () => target.token ?? '',
  });
  const { db } = openCache(target.db, silentLogger);
  const outboxPath = join(dirname(target.db), 'outbox.db');
  try {
    const saver = createCustomerSaver({
      customers: client.customers,
      writer: createCacheWriter(db),
      // Opened for each use: the app may hold it open too, and sends what is queued exactly once.
      outbox: {
        enqueue: (payload) => {
          const outbox = openOutbox(outboxPath, silentLogger);
          try {
            return outbox.enqueue(payload).id;
          } finally {
            outbox.close();
          }
        },
      },
    });
    return await runCustomersCommand(command, {
      saver,
      reachable,
      noServiceReason: noServiceReason(target),
      read: (source) => (source === '-' ? readAllStdin() : readFile(source, 'utf8')),
      write: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    });
  } finally {
    await client.close();
    db.close();
  }
}

async function customersImport(args: ParsedArgs): Promise<number> {
  const command = parseCustomersImport(args);
  const target = await resolveTarget(args, silentLogger, {
    env: process.env,
    readStdin: readAllStdin,
    warn: (line) => process.stderr.write(`casedesk: ${line}\n`),
  });
  return runCustomersImport(command, target, {
    write: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    logger: silentLogger,
  });
}

async function journal(args: ParsedArgs): Promise<number> {
  // Arguments first: a bad one is said before the local store is opened.
  const command = parseJournalCommand(args);
  const target = await resolveTarget(args, silentLogger);
  const opened = openJournalForCli(join(dirname(target.db), LOCAL_STORE_FILE));
  try {
    return await runJournalCommand(command, {
      journal: opened.journal,
      // A page at a time, waiting for a slow reader of the pipe rather than holding the journal.
      write: async (text) => {
        if (!process.stdout.write(text)) await once(process.stdout, 'drain');
      },
    });
  } finally {
    opened.close();
  }
}

async function casefile(args: ParsedArgs): Promise<number> {
  // Arguments first: a bad one is said before any store is opened.
  const command = parseCaseFileCommand(args);
  const target = await resolveTarget(args, silentLogger);
  const dataDir = resolve(flag(args, 'data-dir') ?? defaultDataDir());
  return runCaseFileCommand(command, {
    target,
    logger: silentLogger,
    printToPdf: chromiumPrinter(),
    analystName: () => createAppSettings({ dataDir, logger: silentLogger }).analystName(),
    write: (text) => process.stdout.write(text),
  });
}

async function review(args: ParsedArgs): Promise<number> {
  // Arguments first: a bad one is said before any store is opened.
  const command = parseReviewCommand(args);
  const opened = await openReviewForCli(args, silentLogger);
  try {
    return await runReviewCommand(command, {
      review: opened.review,
      me: opened.me,
      write: (text) => process.stdout.write(text),
    });
  } finally {
    opened.close();
  }
}

function noServiceReason(target: CliTarget): string {
  return !target.baseUrl
    ? 'This needs the service: give --base-url URL (the address in front of /api/v1), or --profile NAME.'
    : `This needs the service and no token was given: give it by ${TOKEN_SOURCES}, or keep the profile’s token in the private file (the keyring is only reachable from the app).`;
}

interface OpenedPress {
  press: PressService;
  client: ServiceClient;
  /** False when this run has no address or no token: only kept reports can be read. */
  reachable: boolean;
  local: LocalStore;
  close(): Promise<void>;
}

/**
 * The press core for one profile, as the app builds it: the reports kept in the profile's local
 * store (local.db beside the cache file, never the cache) and the service client when this run
 * has an address and a token.
 */
function openPressService(target: CliTarget): OpenedPress {
  const opening = openLocalStore(join(dirname(target.db), LOCAL_STORE_FILE), silentLogger);
  if (opening.state !== 'open')
    throw new Error(`The local store ${opening.path} cannot be opened: ${opening.reason}`);
  const local = opening.store;
  const reachable = Boolean(target.baseUrl && target.token);
  // Without an address or a token the client is never asked (needService guards every call);
  // were it asked, an empty token fails before anything is sent.
  const client = createServiceClient({
    baseUrl: target.baseUrl ?? 'https://service.invalid',
    getToken: () => target.token ?? '',
  });
  try {
    return {
      press: openPress(local, client, silentLogger),
      client,
      reachable,
      local,
      close: async () => {
        await client.close();
        local.close();
      },
    };
  } catch (error) {
    local.close();
    void client.close();
    throw error;
  }
}

/** The outbox kind that forces a press report (main/outbox/kinds/), by its registered name. */
const PRESS_FORCE_KIND = 'press.force';

/** forcegen's path names the service's own id (Customer.id): only the profile's cache knows it. */
function serviceCustomerId(target: CliTarget, customerExternalId: string): string {
  const db = openCache(target.db, silentLogger).db;
  try {
    const id = readCustomerIdentity(db, customerExternalId)?.id;
    if (id) return id;
    throw new Error(
      `The cache does not know the service's id of customer ${customerExternalId} yet: sync this customer first (sync --profile …), then force its report.`,
    );
  } finally {
    db.close();
  }
}

function pressForceChannel(target: CliTarget, opened: OpenedPress): PressForceChannel {
  const withOutbox = <T>(use: (outbox: ReturnType<typeof openOutbox>) => T): T => {
    // The app's own outbox for the profile, beside its cache: the app sends it exactly once.
    const outbox = openOutbox(join(dirname(target.db), 'outbox.db'), silentLogger);
    try {
      return use(outbox);
    } finally {
      outbox.close();
    }
  };
  let sentAtMs: number | null = null;
  return {
    waiting: (customerExternalId) =>
      withOutbox((outbox) => {
        const item = waitingPressForce(outbox.list([...WAITING_STATES]), customerExternalId);
        return item ? { id: item.id, state: item.state } : null;
      }),
    async send(customerExternalId): Promise<ForceAttempt> {
      if (!opened.reachable) throw new NoServiceError(noServiceReason(target));
      const customerId = serviceCustomerId(target, customerExternalId);
      sentAtMs = Date.now();
      try {
        await opened.client.press.forceGeneration(customerId);
        return { state: 'sent' };
      } catch (error) {
        if (!isServiceError(error)) throw error;
        if (error.outcomeUnknown) return { state: 'in-doubt', reason: error.message };
        // Not sent, or refused for now (busy, down): the outbox sends it when it can.
        if (error.kind === 'network' || error.kind === 'timeout' || error.retryable)
          return { state: 'unreachable', reason: error.message };
        throw error;
      }
    },
    queue(customerExternalId) {
      const customerId = serviceCustomerId(target, customerExternalId);
      return withOutbox((outbox) => {
        const kind = kindOf(OUTBOX_KINDS, { kind: PRESS_FORCE_KIND });
        // Checked by the registered kind's own schema, so it is one of the outbox's payloads.
        const payload = kind.payload.parse({
          kind: PRESS_FORCE_KIND,
          customerExternalId,
          customerId,
        }) as OutboxPayload;
        return { id: outbox.enqueue(payload).id };
      });
    },
    async pickUp(customerExternalId) {
      if (!opened.reachable) return 0;
      // Awaited in the profile's local store: the app's syncs look for it until it is kept.
      opened.press.awaitForced(customerExternalId, sentAtMs ?? Date.now());
      return opened.press.followForced({ customerExternalId });
    },
  };
}

main(process.argv.slice(2)).then(
  // exitCode, not exit(): output still queued for a pipe must not be cut off.
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`casedesk: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = error instanceof CliUsageError ? 2 : 1;
  },
);
