import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { createServiceClient } from '../api';
import { openCache } from '../cache/open-cache';
import type { CaseSubject } from '../casefile/case-record';
import type { CaseFileSources } from '../casefile/case-sources';
import { exportCaseFile, type CaseFileExport } from '../casefile/export-case-file';
import type { PrintToPdf } from '../casefile/pdf-printer';
import { createRelationsStore } from '../customers/relations-store';
import { createDownloadedFiles } from '../downloads/downloaded-files';
import { fileKytOutbox } from '../kyt/kyt-outbox';
import { createKytService } from '../kyt/kyt-service';
import { openKytSubmissions } from '../kyt/open-kyt';
import type { Logger } from '../lib/logger';
import { LOCAL_STORE_FILE, openLocalStore } from '../local/local-store';
import { openOutbox } from '../outbox/outbox-store';
import { openPress } from '../press/open-press';
import { createWorkbench } from '../workbench/workbench';
import { CliUsageError, flag, type ParsedArgs } from './cli-args';
import type { CliTarget } from './cli-profile';

// `casefile export`: an alert's or a customer's case file from the command line, offline, from the
// profile's cache and local store as the app reads them (main/casefile/). The dossier is printed
// with Chromium headless; the export is recorded in the profile's journal, as from the app.

export const CASEFILE_USAGE = `  casefile export (--alert ID | --customer ID) --out DIR (--profile NAME | --db FILE)
         [--analyst NAME] [--json]                     the case file of an alert (with its customer)
         or of a customer and all their alerts, offline, into DIR (made when missing):
         <name>.zip, the bundle (the record as JSON, the downloaded documents still on this computer,
         manifest.json with every file's size and SHA-256; the same record gives the same bytes),
         and <name>.pdf, the dossier (printed with Chromium headless: CASEDESK_CHROMIUM, else the
         system's; without one the bundle is written and the reason said). Prints the bundle's
         SHA-256; the export is an entry of the profile's journal, by --analyst (else the app's
         analyst name)`;

export interface CaseFileCommand {
  name: 'export';
  subject: CaseSubject;
  out: string;
  analyst: string | null;
  json: boolean;
}

const ALLOWED = new Set([
  'alert',
  'customer',
  'out',
  'analyst',
  'json',
  'help',
  'profile',
  'data-dir',
  'db',
]);

/** The `casefile` command line read into one command; a bad argument is a CliUsageError. */
export function parseCaseFileCommand(args: ParsedArgs): CaseFileCommand {
  if (args.positionals[0] !== 'export')
    throw new CliUsageError(`casefile takes export.\n\n${CASEFILE_USAGE}`);
  if (args.positionals.length > 1)
    throw new CliUsageError(
      `casefile export takes no other argument (${JSON.stringify(args.positionals[1])}).`,
    );
  for (const given of args.flags.keys())
    if (!ALLOWED.has(given)) throw new CliUsageError(`casefile export does not take --${given}.`);
  const alert = flag(args, 'alert');
  const customer = flag(args, 'customer');
  if ((alert === null) === (customer === null))
    throw new CliUsageError('casefile export takes one of --alert ID or --customer ID.');
  const out = flag(args, 'out');
  if (out === null || out.trim() === '')
    throw new CliUsageError('casefile export needs --out DIR, the folder to write it in.');
  const analyst = flag(args, 'analyst');
  if (analyst !== null && analyst.trim() === '') throw new CliUsageError('--analyst needs a name.');
  return {
    name: 'export',
    subject:
      alert !== null
        ? { kind: 'alert', id: alert.trim() }
        : { kind: 'customer', id: (customer ?? '').trim() },
    out: resolve(out),
    analyst: analyst?.trim() ?? null,
    json: args.flags.has('json'),
  };
}

/** What the export said, in words: the files, the bundle's hashes, and a missing PDF's reason. */
export function exportText(command: CaseFileCommand, done: CaseFileExport): string {
  const what = `${command.subject.kind} ${command.subject.id}`;
  const lines = [
    `Case file of ${what} written to ${command.out}:`,
    `  ${done.bundleName}  (bundle, ${done.bundleBytes} bytes)`,
    ...(done.pdfName ? [`  ${done.pdfName}  (dossier)`] : []),
    `Bundle SHA-256: ${done.bundleSha256}`,
    `Manifest SHA-256: ${done.manifestSha256}`,
    ...(done.pdfProblem ? [`No PDF: ${done.pdfProblem}`] : []),
    done.journalSeq === null
      ? 'The export could not be recorded in the journal.'
      : `Recorded in the journal as entry ${done.journalSeq}.`,
  ];
  return `${lines.join('\n')}\n`;
}

export interface CaseFileCliDeps {
  target: CliTarget;
  logger: Logger;
  printToPdf: PrintToPdf;
  /** The analyst the app would name, when --analyst is not given. */
  analystName: () => Promise<string>;
  write: (text: string) => void;
}

/**
 * Opens the profile's cache and local store (beside the cache file), gathers and writes the case
 * file, and closes them again. The service is never called: its client is made only because the
 * press and KYT cores are built with one, and is closed unused.
 */
export async function runCaseFileCommand(
  command: CaseFileCommand,
  deps: CaseFileCliDeps,
): Promise<number> {
  const { target, logger } = deps;
  if (!existsSync(target.db))
    throw new Error(
      `There is no cache at ${target.db}: sync this profile first (sync --profile …), then export its case file.`,
    );
  const folder = dirname(target.db);
  const cache = openCache(target.db, logger).db;
  const opening = openLocalStore(join(folder, LOCAL_STORE_FILE), logger);
  if (opening.state !== 'open') {
    cache.close();
    throw new Error(`The local store ${opening.path} cannot be opened: ${opening.reason}`);
  }
  const local = opening.store;
  const client = createServiceClient({
    baseUrl: target.baseUrl ?? 'https://service.invalid',
    getToken: () => '',
  });
  const kytCore = openKytSubmissions({ local, client, logger, recoverInterrupted: false });
  try {
    const relations = createRelationsStore(local, logger);
    const sources: CaseFileSources = {
      cache,
      service: target.baseUrl ?? '',
      journal: local.journal,
      workbench: createWorkbench({ local, cache, logger }),
      press: openPress(local, client, logger),
      kyt: createKytService({
        ...kytCore,
        outbox: fileKytOutbox(() => openOutbox(join(folder, 'outbox.db'), logger)),
        cache,
        logger,
      }),
      keptRelations: (externalId) => {
        const { asParent, asChild } = relations.ofCustomer(externalId);
        const seen = new Set(asParent.map((relation) => relation.relationExternalId));
        return [...asParent, ...asChild.filter((r) => !seen.has(r.relationExternalId))];
      },
      downloads: createDownloadedFiles(local),
    };
    await mkdir(command.out, { recursive: true, mode: 0o700 });
    const done = await exportCaseFile(
      {
        sources,
        journal: local.journal,
        printToPdf: deps.printToPdf,
        actor: command.analyst ?? (await deps.analystName()),
        logger,
      },
      command.subject,
      command.out,
    );
    deps.write(
      command.json
        ? `${JSON.stringify({ folder: command.out, ...done }, null, 2)}\n`
        : exportText(command, done),
    );
    return 0;
  } finally {
    kytCore.changes.close();
    await client.close();
    local.close();
    cache.close();
  }
}
