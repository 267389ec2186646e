import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { ImportMapping, type ImportLine, type ImportView } from '../../preload/contract';
import { createServiceClient } from '../api';
import { openCache, type CacheDb } from '../cache/open-cache';
import { createCacheWriter } from '../cache/repositories';
import type { CustomerImports } from '../customers/import/import-ports';
import { openCustomerImports } from '../customers/import/open-customer-imports';
import { keepSavedRelations, savedRelationsOf } from '../customers/relations-service';
import { createRelationsStore } from '../customers/relations-store';
import type { Logger } from '../lib/logger';
import { LOCAL_STORE_FILE, openLocalStore } from '../local/local-store';
import { CliUsageError, flag, type ParsedArgs } from './cli-args';
import { processInterrupts } from './cli-interrupts';
import type { CliTarget } from './cli-profile';

// `customers import FILE [--relations FILE] [--mapping FILE] [--dry-run] [--disable-risk-scan]
// [--batch N] [--json]`: the app's bulk import, headless. The file is read into the profile's local
// store, verified in batches (the dry run), then, without --dry-run, its lines without errors are
// saved and read back into the cache. Each line's errors and warnings are printed; the exit code is
// 1 when any line failed (unreadable, refused by the service) or the import stopped.

export const CUSTOMERS_IMPORT_USAGE = `customers import FILE [--relations FILE] [--mapping FILE] [--dry-run] [--disable-risk-scan] [--batch N] [--json]
customers import --continue ID [--dry-run] [--json]
  Imports customers (CSV, JSON or NDJSON) and optionally relations: a dry run first, then the save.
  --continue ID goes on with an import that paused (a dropped connection, the service's refusal)
  or stopped, from where it stopped: the lines not verified yet are verified, then the rest saved.
  --mapping FILE is JSON: {"external_id": "Customer ID", …} (write-shape field → CSV column), or
  {"customers": {…}, "relations": {…}}. --batch N lines per request (1–1000, 100 by default).`;

export interface CustomersImportCommand {
  /** The file to import; empty when going on with `continueId`. */
  file: string;
  continueId: string | null;
  relations: string | null;
  mapping: string | null;
  dryRun: boolean;
  disableRiskScan: boolean;
  batchSize: number;
  json: boolean;
}

export function parseCustomersImport(args: ParsedArgs): CustomersImportCommand {
  const file = args.positionals[1] ?? '';
  const continueId = flag(args, 'continue');
  if (continueId !== null && file !== '')
    throw new CliUsageError('customers import takes a FILE or --continue ID, not both.');
  const fileOnly = ['relations', 'mapping', 'batch', 'disable-risk-scan'].filter((name) =>
    args.flags.has(name),
  );
  if (continueId !== null && fileOnly.length > 0)
    throw new CliUsageError(
      `--continue goes on with the import as it was started: --${fileOnly.join(', --')} cannot change it.`,
    );
  if (continueId === null && file === '')
    throw new CliUsageError(`customers import needs a FILE.\n\n${CUSTOMERS_IMPORT_USAGE}`);
  const batchText = flag(args, 'batch');
  const batchSize = batchText === null ? 100 : Number(batchText);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 1000)
    throw new CliUsageError('--batch is a whole number of lines per request, from 1 to 1000.');
  return {
    file,
    continueId,
    relations: flag(args, 'relations'),
    mapping: flag(args, 'mapping'),
    dryRun: args.flags.has('dry-run'),
    disableRiskScan: args.flags.has('disable-risk-scan'),
    batchSize,
    json: args.flags.has('json'),
  };
}

async function readMappings(path: string | null) {
  if (path === null) return {};
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(
      `The mapping file ${path} cannot be read as JSON (${error instanceof Error ? error.message : String(error)}).`,
      { cause: error },
    );
  }
  const both = ImportMapping.optional();
  if (
    typeof value === 'object' &&
    value !== null &&
    ('customers' in value || 'relations' in value)
  ) {
    const { customers, relations } = value as { customers?: unknown; relations?: unknown };
    const c = both.safeParse(customers);
    const r = both.safeParse(relations);
    if (c.success && r.success)
      return {
        ...(c.data ? { mapping: c.data } : {}),
        ...(r.data ? { relationsMapping: r.data } : {}),
      };
  } else {
    const parsed = ImportMapping.safeParse(value);
    if (parsed.success) return { mapping: parsed.data };
  }
  throw new Error(
    `The mapping file ${path} is not a mapping: write {"field": "column", …}, or {"customers": {…}, "relations": {…}}.`,
  );
}

/** Every line with errors or warnings (unreadable ones too), a page at a time. */
function* problemLines(imports: CustomerImports, id: string): Generator<ImportLine> {
  for (let offset = 0; ; offset += 1000) {
    const page = imports.lines(id, { onlyProblems: true, offset, limit: 1000 });
    yield* page.lines;
    if (page.lines.length < 1000) return;
  }
}

const problemText = (problem: ImportLine['errors'][number]) =>
  `${problem.code}${problem.field ? ` (${problem.field})` : ''}: ${problem.detail}`;

/** Reads the file into a new import and verifies it. */
async function startFrom(
  imports: CustomerImports,
  command: CustomersImportCommand,
  mappings: Awaited<ReturnType<typeof readMappings>>,
): Promise<ImportView> {
  const fileOf = (path: string) => ({ path: resolve(path), fileName: basename(path) });
  const view = await imports.start({
    file: fileOf(command.file),
    ...(command.relations ? { relationsFile: fileOf(command.relations) } : {}),
    ...mappings,
    saveMapping: false,
    batchSize: command.batchSize,
    disableRiskScan: command.disableRiskScan,
    verify: true,
  });
  return imports.settled(view.id);
}

/** Goes on with a kept import: verifies what is not verified yet (nothing, when all was). */
async function goOn(imports: CustomerImports, id: string): Promise<ImportView> {
  const kept = imports.get(id);
  if (!kept)
    throw new CliUsageError(
      `This profile keeps no import ${id}: the id is printed when an import pauses.`,
    );
  if (kept.state === 'cancelled')
    throw new Error(`The import ${id} was cancelled: import its file again.`);
  if (kept.state === 'verifying' || kept.state === 'saving')
    throw new Error(
      `The import ${id} is sending its lines in CaseDesk right now: pause it there first.`,
    );
  imports.verify(id, false);
  return imports.settled(id);
}

export async function runCustomersImport(
  command: CustomersImportCommand,
  target: CliTarget,
  io: { write: (text: string) => void; err: (text: string) => void; logger: Logger },
): Promise<number> {
  if (!target.baseUrl || !target.token)
    throw new Error(
      'customers import needs the service: give --base-url URL and a token, or --profile NAME.',
    );
  const mappings = await readMappings(command.mapping);
  const folder = dirname(target.db);
  const opening = openLocalStore(join(folder, LOCAL_STORE_FILE), io.logger);
  if (opening.state !== 'open')
    throw new Error(`The local store ${opening.path} cannot be opened: ${opening.reason}`);
  const store = opening.store;
  const relationsStore = createRelationsStore(store, io.logger);
  const token = target.token;
  const client = createServiceClient({ baseUrl: target.baseUrl, getToken: () => token });
  let cache: CacheDb | null = null;
  try {
    cache = existsSync(target.db) ? openCache(target.db, io.logger).db : null;
    const imports = openCustomerImports({
      store,
      client,
      cache: cache ? { db: cache, writer: createCacheWriter(cache) } : null,
      logger: io.logger,
      // The app may be running an import of this profile right now: it decides about those.
      recover: false,
      // The relations a batch saved are kept, as the app keeps them, for its Relations tab.
      onSaved: (_id, lines) =>
        keepSavedRelations(relationsStore, savedRelationsOf(lines), Date.now()),
      onReadBack: (_id, done, total) => {
        if (!command.json && total > 0 && (done === total || done % 500 === 0))
          io.err(`Read back into the cache: ${done}/${total}\n`);
      },
    });
    const progress = (view: ImportView) => {
      if (!command.json)
        io.err(
          `${view.state}: verified ${view.verified}, saved ${view.saved} of ${view.customers + view.relations}\n`,
        );
    };
    // Ctrl+C pauses the import under way, so `--continue ID` can go on with it.
    let running: string | null = null;
    const stopInterrupts = processInterrupts(() => {
      if (running) imports.pause(running);
    });
    const stop = imports.onChange((view) => {
      running = view.id;
      if (view.state === 'verified' || view.state === 'done' || view.state === 'paused')
        progress(view);
    });
    try {
      let view = command.continueId
        ? await goOn(imports, command.continueId)
        : await startFrom(imports, command, mappings);
      if (!command.dryRun && view.state === 'verified') {
        imports.save(view.id);
        view = await imports.settled(view.id);
        await imports.readBackSettled(view.id);
      }
      const lines = [...problemLines(imports, view.id)];
      const failed =
        view.state === 'paused' ||
        lines.some((line) => line.status === 'unreadable' || line.errors.length > 0);
      if (command.json) io.write(`${JSON.stringify({ import: view, lines }, null, 2)}\n`);
      else {
        for (const line of lines) {
          const who = `line ${line.line} (${line.kind}${line.externalId ? ` ${line.externalId}` : ''})`;
          for (const error of line.errors) io.write(`${who} error ${problemText(error)}\n`);
          for (const warning of line.warnings) io.write(`${who} warning ${problemText(warning)}\n`);
        }
        io.write(
          `${command.dryRun ? 'Dry run' : 'Import'} of ${view.fileName}: ${view.customers} customers, ${view.relations} relations, ${view.unreadable} unreadable, ${view.withErrors} with errors, ${view.withWarnings} with warnings${command.dryRun ? '' : `, ${view.saved} sent`}${view.riskScanForced ? '; the service deferred scan and risk to its next ongoing run' : ''}.\n`,
        );
        if (view.reason) io.write(`${view.reason}\n`);
        if (view.state === 'paused')
          io.write(`To go on where it stopped: customers import --continue ${view.id}\n`);
      }
      return failed ? 1 : 0;
    } finally {
      stop();
      stopInterrupts();
      await imports.close();
    }
  } finally {
    await client.close();
    cache?.close();
    store.close();
  }
}
