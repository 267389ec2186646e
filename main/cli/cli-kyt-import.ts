import { existsSync, statSync } from 'node:fs';
import { link, readFile, rm } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import {
  KYT_FIELDS,
  KytColumnMapping,
  type KytBatchLine,
  type KytBatchView,
} from '../../preload/contract';
import { AppError } from '../lib/app-error';
import type { KytBatches } from '../kyt/kyt-ports';
import { processInterrupts } from './cli-interrupts';
import { CliUsageError, flag, type ParsedArgs } from './cli-args';
import { terminalText } from './cli-press-text';

// `kyt import FILE`: a batch of transactions from the command line, on the same batches as the
// app and the profile's same local store. It runs the batch to its end, waiting out the service's
// 429s, and stops (exit code 1) where going on needs the investigator: a line in doubt, offline,
// the token refused. The per-line result file is written whatever happened.

export const KYT_IMPORT_USAGE = `  kyt import FILE.csv|FILE.ndjson [--mapping FILE] [--out FILE] [--json]
         sends the transactions of a CSV file (a header line; separated by , ; tab or |) or an
         NDJSON file (one transaction object per line) in line order, and writes a per-line result
         file (line, external_id, status, score, state, converted amount and currency, error)
         beside FILE, or at --out (never over another file). --mapping FILE: a JSON object of
         field path to CSV column, such as {"amount": "amt", "currency": "ccy"}; else the
         profile's saved mapping when the file has its columns, else one guessed from the header.
         Exit code 0 when every valid line was scored.`;

export interface KytImportCliDeps {
  batches: KytBatches;
  /** Lines for the person (progress, the summary); `--json` prints one JSON document instead. */
  out: (text: string) => void;
  err: (text: string) => void;
  /** Calls back on Ctrl+C (the batch is paused after the line in flight); answers an unsubscribe. */
  interrupts?: (onInterrupt: () => void) => () => void;
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
const ALLOWED = new Set([...TARGET_FLAGS, 'mapping', 'out', 'json', 'help']);

/** Problem lines printed in the summary; the result file has them all. */
const PROBLEMS_SHOWN = 20;
const PROBLEMS_IN_JSON = 1000;

interface KytImportCommand {
  file: string;
  mappingFile: string | null;
  out: string | null;
  json: boolean;
}

export function parseKytImport(args: ParsedArgs): KytImportCommand {
  for (const given of args.flags.keys())
    if (!ALLOWED.has(given)) throw new CliUsageError(`kyt import does not take --${given}.`);
  const files = args.positionals.slice(1);
  if (files.length !== 1)
    throw new CliUsageError(`kyt import takes one file.\n\n${KYT_IMPORT_USAGE}`);
  return {
    file: resolve(files[0] ?? ''),
    mappingFile: flag(args, 'mapping'),
    out: flag(args, 'out'),
    json: args.flags.has('json'),
  };
}

const MAPPING_EXAMPLE = '{"amount": "amt", "currency": "ccy"}';

async function readMapping(path: string): Promise<KytColumnMapping> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CliUsageError(
      `--mapping ${path} cannot be read (${(error as { code?: string }).code ?? 'error'}).`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliUsageError(
      `--mapping ${path} is not JSON text (${error instanceof Error ? error.message : String(error)}): it is one object of field path to column, such as ${MAPPING_EXAMPLE}.`,
    );
  }
  const parsed = KytColumnMapping.safeParse(value);
  if (!parsed.success)
    throw new CliUsageError(
      `--mapping ${path} is not a column mapping: it is one object of field path to column name (text), such as ${MAPPING_EXAMPLE}.`,
    );
  return parsed.data;
}

function mappingText(mapping: KytColumnMapping, origin: string): string {
  const order = new Map(KYT_FIELDS.map((field, index) => [field.path, index]));
  const labels = new Map(KYT_FIELDS.map((field) => [field.path, field.label]));
  const rows = Object.entries(mapping)
    .sort(([a], [b]) => (order.get(a) ?? 1e9) - (order.get(b) ?? 1e9))
    .map(
      ([path, column]) =>
        `  ${labels.get(path) ?? path} (${path}) ← column “${terminalText(column)}”\n`,
    );
  return `Column mapping (${origin}):\n${rows.join('')}`;
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** Prints a line per 5% of the valid lines sent, per wait the service asks, per pause. */
function progressPrinter(err: (text: string) => void) {
  let step = -1;
  let waiting = false;
  let paused = false;
  return (view: KytBatchView) => {
    const valid = view.lines - view.invalid;
    const now = valid === 0 ? 20 : Math.floor((view.sent / valid) * 20);
    if (view.sent > 0 && now > step) {
      step = now;
      err(
        `  ${view.sent.toLocaleString('en')}/${valid.toLocaleString('en')} sent (${now * 5}%): ${view.scored.toLocaleString('en')} scored, ${view.refused.toLocaleString('en')} refused, ${view.inDoubt.toLocaleString('en')} in doubt\n`,
      );
    }
    if (view.waitingSeconds !== null && !waiting)
      err(`  waiting ${view.waitingSeconds} s: the service asked CaseDesk to slow down\n`);
    waiting = view.waitingSeconds !== null;
    if (view.state === 'paused' && !paused) err(`  paused: ${terminalText(view.reason ?? '')}\n`);
    paused = view.state === 'paused';
  };
}

/** Gives the result file the name asked for, never over another file (a link fails if it exists). */
async function moveTo(written: string, target: string): Promise<string> {
  if (resolve(written) === resolve(target)) return written;
  await link(written, target);
  await rm(written, { force: true });
  return target;
}

function summaryText(
  view: KytBatchView,
  problems: KytBatchLine[],
  resultFile: string | null,
  resultError: string | null,
): string {
  const notSent = view.remaining;
  const parts = [
    plural(view.scored, 'scored', 'scored'),
    plural(view.refused, 'refused', 'refused'),
    plural(view.inDoubt, 'in doubt', 'in doubt'),
    plural(view.invalid, 'not read (invalid)', 'not read (invalid)'),
    ...(notSent > 0 ? [plural(notSent, 'not sent yet', 'not sent yet')] : []),
  ];
  let text = `${terminalText(view.fileName)}: ${plural(view.lines, 'line')}: ${parts.join(', ')}.\n`;
  if (resultFile) text += `Result file: ${resultFile}\n`;
  if (resultError) text += `The result file could not be written: ${resultError}\n`;
  if (problems.length > 0) {
    text += 'Problems:\n';
    for (const line of problems.slice(0, PROBLEMS_SHOWN))
      text += `  line ${line.line}: ${line.status === 'invalid' ? '' : `${line.status.replace('-', ' ')}: `}${terminalText(line.error ?? '')}\n`;
    const total = view.invalid + view.refused + view.inDoubt;
    if (total > PROBLEMS_SHOWN)
      text += `  … and ${plural(total - PROBLEMS_SHOWN, 'more')} in the result file.\n`;
  }
  if (view.state === 'paused')
    text +=
      `Stopped: ${terminalText(view.reason ?? '')}\n` +
      `To go on, open CaseDesk (KYT, Batches: “${terminalText(view.fileName)}”) and resume the batch: it goes on from the next line not sent, and nothing is sent twice without your word.\n`;
  if (view.state === 'cancelled') text += `Cancelled: ${terminalText(view.reason ?? '')}\n`;
  return text;
}

/** Runs `kyt import`; its exit code (0: every valid line scored, 1: not, the output says why). */
export async function runKytImport(args: ParsedArgs, deps: KytImportCliDeps): Promise<number> {
  const command = parseKytImport(args);
  const { batches, out, err } = deps;
  const fileName = basename(command.file);
  if (!existsSync(command.file) || !statSync(command.file).isFile())
    throw new CliUsageError(`${command.file} is not a file that can be read.`);
  const outPath = command.out === null ? null : resolve(command.out);
  if (outPath !== null) {
    if (existsSync(outPath))
      throw new CliUsageError(
        `--out ${outPath} already exists: CaseDesk never writes over a file. Give another name.`,
      );
    if (!existsSync(dirname(outPath)) || !statSync(dirname(outPath)).isDirectory())
      throw new CliUsageError(`--out ${outPath}: its folder does not exist.`);
  }
  const given = command.mappingFile === null ? undefined : await readMapping(command.mappingFile);

  const preview = await batches.preview(command.file, fileName);
  let mapping: KytColumnMapping | null = null;
  let mappingOrigin: 'file' | 'saved' | 'guessed' | null = null;
  if (preview.format === 'csv') {
    mapping = given ?? preview.mapping;
    mappingOrigin = given ? 'file' : preview.mappingSaved ? 'saved' : 'guessed';
    if (!command.json)
      out(
        mappingText(
          mapping,
          given
            ? `from ${command.mappingFile ?? ''}`
            : preview.mappingSaved
              ? "the profile's saved mapping"
              : 'guessed from the header',
        ),
      );
  } else if (given) err('NDJSON lines are transaction objects: --mapping is not used.\n');

  let batchId: string | null = null;
  const printProgress = progressPrinter(err);
  const unsubscribe = batches.onChange((view) => {
    if (view.id === batchId) printProgress(view);
  });
  // Ctrl+C while the file is read stops the run: the batch, cut short, is withdrawn at next open.
  let stopInterrupts = () => {};
  let view: KytBatchView;
  try {
    try {
      view = await batches.import({
        path: command.file,
        fileName,
        mapping: mapping ?? undefined,
        // A mapping given for one run is not made the profile's (the app saves its own).
        saveMapping: false,
        // Started below, once its progress is listened to.
        start: false,
      });
    } catch (error) {
      if (
        error instanceof AppError &&
        error.message.startsWith('The column mapping cannot be used')
      )
        throw new Error(
          `${error.message}\nGive the columns with --mapping FILE, a JSON object such as ${MAPPING_EXAMPLE}.`,
          { cause: error },
        );
      throw error;
    }
    batchId = view.id;
    const id = view.id;
    stopInterrupts = (deps.interrupts ?? processInterrupts)(() => {
      err('Pausing after the line being sent…\n');
      batches.pause(id);
    });
    if (!command.json)
      err(
        `Sending ${plural(view.lines - view.invalid, 'line')} of ${terminalText(fileName)} in order (${plural(view.invalid, 'line')} could not be read)…\n`,
      );
    batches.resume(id);
    view = await batches.settled(id);
  } finally {
    stopInterrupts();
    unsubscribe();
  }

  let resultFile: string | null = null;
  let resultError: string | null = null;
  const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
  try {
    resultFile = await batches.saveResult(view.id, dirname(outPath ?? command.file));
  } catch (error) {
    resultError = message(error);
  }
  if (resultFile !== null && outPath !== null)
    try {
      resultFile = await moveTo(resultFile, outPath);
    } catch (error) {
      resultError = `it could not be named ${outPath} (${message(error)}): it is ${resultFile}`;
    }
  const problems = batches.lines(
    view.id,
    true,
    0,
    command.json ? PROBLEMS_IN_JSON : PROBLEMS_SHOWN,
  );
  const allScored = view.scored === view.lines - view.invalid;
  if (command.json)
    out(
      `${JSON.stringify(
        { batch: view, mapping, mappingOrigin, resultFile, resultError, problems, allScored },
        null,
        2,
      )}\n`,
    );
  else out(summaryText(view, problems, resultFile, resultError));
  return allScored && resultError === null ? 0 : 1;
}
