import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, existsSync, statSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { KnownHeadText, type JournalVerification, type KnownHead } from '../../preload/contract';
import { syncFile, syncFolder } from '../lib/atomic-write';
import { refuseNewerDatabase, refuseNewerFile, type Schema } from '../lib/sqlite/migrate';
import { createJournal, type Journal, type JournalEntry } from '../local/journal';
import { verifyAgainst } from '../local/journal-head';
import { LOCAL_MIGRATIONS } from '../local/migrations';
import { CliUsageError, flag, type ParsedArgs } from './cli-args';

// `journal …`: the profile's journal (notes, edits, proposals; main/local/journal.ts) checked and
// exported from the command line. The local store is opened read-only: checking a journal never
// changes the file it checks, not even when that file was tampered with (the app would set such a
// store aside when it next opens it; this command leaves that to the app). Arguments are read
// here (a bad one is a CliUsageError, exit 2); the journal is given by the caller.

export const JOURNAL_USAGE = `  journal verify [--head SEQ:HASH] [--json]            checks the profile's journal (every note,
         edit and proposal): each entry's hash and its link to the entry before it. Intact: the
         number of entries and the last hash (exit code 0); broken: the first entry that does not
         check out and why (exit code 1). --head is a head seen earlier (a case file prints the
         journal's head at export): the journal must still hold that entry with that hash, so
         entries cut from its end, or a chain written anew, are found too
  journal export [--format ndjson] [--out FILE]         every entry, oldest first, one JSON object a
         line: seq, at, actor, action, subject, body, prevHash, hash; to FILE (written whole or not
         at all) or to standard output
  Each takes --profile NAME, or --db FILE (the local store beside it); the local store is only
  read, never changed.`;

export type JournalCommand =
  | { name: 'verify'; json: boolean; head: KnownHead | null }
  | { name: 'export'; format: 'ndjson'; out: string | null };

const TARGET_FLAGS = ['profile', 'data-dir', 'db'];
const ALLOWED: Record<JournalCommand['name'], readonly string[]> = {
  verify: ['json', 'head'],
  export: ['format', 'out'],
};

/** The `journal` command line read into one command; a bad argument is a CliUsageError. */
export function parseJournalCommand(args: ParsedArgs): JournalCommand {
  const name = args.positionals[0];
  if (!name || !(name in ALLOWED))
    throw new CliUsageError(`journal takes verify or export.\n\n${JOURNAL_USAGE}`);
  const command = name as keyof typeof ALLOWED;
  const allowed = new Set([...TARGET_FLAGS, 'help', ...ALLOWED[command]]);
  for (const given of args.flags.keys())
    if (!allowed.has(given))
      throw new CliUsageError(`journal ${command} does not take --${given}.`);
  if (args.positionals.length > 1)
    throw new CliUsageError(
      `journal ${command} takes no other argument (${JSON.stringify(args.positionals[1])}).`,
    );
  if (command === 'verify')
    return { name: command, json: args.flags.has('json'), head: knownHead(flag(args, 'head')) };
  const format = flag(args, 'format') ?? 'ndjson';
  if (format !== 'ndjson')
    throw new CliUsageError(
      `--format takes ndjson, not ${JSON.stringify(format)}: the journal is exported as one JSON object a line.`,
    );
  const out = flag(args, 'out');
  if (out !== null && out.trim() === '') throw new CliUsageError('--out needs a file name.');
  return { name: command, format, out: out === null ? null : resolve(out) };
}

function knownHead(text: string | null): KnownHead | null {
  if (text === null) return null;
  const head = KnownHeadText.safeParse(text);
  if (!head.success)
    throw new CliUsageError(
      `--head takes an entry's number and hash as SEQ:HASH (the 64 hex digits a case file prints as the journal's head), not ${JSON.stringify(text)}.`,
    );
  return head.data;
}

/** The verification in words, one line. */
export function verifyText(result: JournalVerification): string {
  return result.state === 'intact'
    ? `The journal is intact: ${result.entries} entries, head ${result.head}\n`
    : `The journal is broken at entry ${result.firstBroken}: ${result.reason} (${result.entries} entries kept)\n`;
}

/** One entry as an export line: its values in a fixed order, its time in ISO 8601. */
export function exportLine(entry: JournalEntry): string {
  return `${JSON.stringify({
    seq: entry.seq,
    at: new Date(entry.atMs).toISOString(),
    actor: entry.actor,
    action: entry.action,
    subject: entry.subject,
    body: entry.body,
    prevHash: entry.prevHash,
    hash: entry.hash,
  })}\n`;
}

/** Entries read at a time: the export never holds more of the journal than this. */
export const EXPORT_PAGE = 1_000;

/** The export's text, one chunk a page of entries, oldest first. */
function* exportChunks(journal: Pick<Journal, 'pages'>, counted: { entries: number }) {
  const pages = journal.pages(EXPORT_PAGE)[Symbol.iterator]();
  for (;;) {
    let next: IteratorResult<JournalEntry[]>;
    try {
      next = pages.next();
    } catch (error) {
      // A row changed around SQLite may no longer be JSON: said plainly, with where it stopped.
      throw new Error(
        `The journal could not be read after its first ${counted.entries} entries (${error instanceof Error ? error.message : String(error)}); journal verify names the entry at fault.`,
        { cause: error },
      );
    }
    if (next.done) return;
    counted.entries += next.value.length;
    yield next.value.map(exportLine).join('');
  }
}

export interface JournalCliDeps {
  journal: Pick<Journal, 'verify' | 'pages'>;
  /** Standard output; a promise answered when more may be written (a slow pipe holds it). */
  write: (text: string) => void | Promise<void>;
}

/** Runs a journal command; its exit code (0: intact or exported, 1: the journal is broken). */
export async function runJournalCommand(
  command: JournalCommand,
  deps: JournalCliDeps,
): Promise<number> {
  const { journal, write } = deps;
  switch (command.name) {
    case 'verify': {
      const result = verifyAgainst(journal, command.head);
      await write(command.json ? `${JSON.stringify(result, null, 2)}\n` : verifyText(result));
      return result.state === 'intact' ? 0 : 1;
    }
    case 'export': {
      const counted = { entries: 0 };
      if (command.out === null) {
        for (const chunk of exportChunks(journal, counted)) await write(chunk);
        return 0;
      }
      await writeChunksAtomic(command.out, exportChunks(journal, counted));
      await write(`Exported ${counted.entries} journal entries to ${command.out}\n`);
      return 0;
    }
  }
}

/**
 * Writes chunks as they come into a temporary file beside `path`, flushes it, then renames it over
 * `path`: a failure or a crash part-way leaves the file that was there (or none), never half an
 * export. Readable by this user alone, like the journal itself.
 */
export async function writeChunksAtomic(path: string, chunks: Iterable<string>): Promise<void> {
  const folder = dirname(path);
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw new Error(`--out: there is no folder ${folder} to write ${basename(path)} in.`);
  if (existsSync(path) && !statSync(path).isFile())
    throw new Error(`--out: ${path} is not a file.`);
  const temp = join(folder, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const stream = createWriteStream(temp, { flags: 'wx', mode: 0o600 });
  // An error of the stream is kept and thrown at the next step, not left unhandled.
  let failed: Error | null = null;
  stream.on('error', (error) => {
    failed = error;
  });
  const check = () => {
    if (failed) throw failed;
  };
  try {
    await once(stream, 'open');
    for (const chunk of chunks) {
      check();
      if (!stream.write(chunk)) await once(stream, 'drain');
    }
    stream.end();
    // 'close' comes after every byte was handed to the file and its handle closed.
    await once(stream, 'close');
    check();
    await syncFile(temp);
    await rename(temp, path);
  } catch (error) {
    stream.destroy();
    await rm(temp, { force: true });
    throw error;
  }
  await syncFolder(folder);
}

const SCHEMA: Schema = { migrations: LOCAL_MIGRATIONS, label: 'The local store' };

export interface OpenedJournal {
  journal: Journal;
  close(): void;
}

/**
 * A profile's journal, read-only: the local store is neither migrated, nor checked and set aside
 * when damaged, nor created when missing. SQLite may leave an empty -wal and -shm beside a store
 * in WAL mode, as any reader does; they are left for the app, which may be using them right now.
 */
export function openJournalForCli(localStorePath: string): OpenedJournal {
  if (!existsSync(localStorePath))
    throw new Error(
      `There is no local store at ${localStorePath}: this profile has no journal yet (the app makes it when the profile is first opened).`,
    );
  refuseNewerFile(localStorePath, SCHEMA);
  let db: Database.Database;
  try {
    db = new Database(localStorePath, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new Error(
      `The local store ${localStorePath} cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  try {
    // The app may be writing: wait for it rather than fail.
    db.pragma('busy_timeout = 5000');
    refuseNewerDatabase(db, SCHEMA);
    const hasJournal =
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'journal'").get() !==
      undefined;
    if (!hasJournal)
      throw new Error(
        `The local store ${localStorePath} has no journal yet: it was last opened by an earlier CaseDesk. Open the profile in this version of the app once, then check it again.`,
      );
    return { journal: createJournal(db), close: () => db.close() };
  } catch (error) {
    db.close();
    if (error instanceof Database.SqliteError)
      throw new Error(`The local store ${localStorePath} cannot be read: ${error.message}`, {
        cause: error,
      });
    throw error;
  }
}
