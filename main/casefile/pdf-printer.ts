import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// The dossier's printer is a port: the Electron shell prints with its own Chromium
// (main/shell/pdf-printer.ts); the browser host and the command line, which have no Electron, run
// the system's Chromium headless. Either takes the dossier's HTML and answers the PDF's bytes, or
// throws a PrintUnavailableError saying why (the case file's bundle is written all the same).

export type PrintToPdf = (html: string) => Promise<Buffer>;

export class PrintUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PrintUnavailableError';
  }
}

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
/** A long dossier takes a few seconds; past this Chromium is taken as stuck. */
const PRINT_TIMEOUT_MS = 120_000;

/** CASEDESK_CHROMIUM when set, else the first Chromium installed; null when there is none. */
export function chromiumExecutable(env: NodeJS.ProcessEnv = process.env): string | null {
  const chosen = env.CASEDESK_CHROMIUM;
  if (chosen) return existsSync(chosen) ? chosen : null;
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

/**
 * Prints with Chromium headless from a private temporary folder (the page and a throwaway browser
 * profile), removed afterwards. The page is CaseDesk's own escaped HTML with no script, and its
 * Content-Security-Policy forbids running or loading anything, which is why running without
 * Chromium's sandbox (needed as root, and where user namespaces are off) is acceptable here.
 * (Switching scripts off with --blink-settings would be stricter still, but headless Chromium then
 * writes no PDF at all.)
 */
export function chromiumPrinter(
  options: { executable?: string | null; timeoutMs?: number } = {},
): PrintToPdf {
  return async (html) => {
    const executable = options.executable === undefined ? chromiumExecutable() : options.executable;
    if (!executable)
      throw new PrintUnavailableError(
        'No Chromium was found to print the PDF (install chromium, or set CASEDESK_CHROMIUM to its path).',
      );
    const folder = await mkdtemp(join(tmpdir(), 'casedesk-print-'));
    try {
      const page = join(folder, 'dossier.html');
      const pdf = join(folder, 'dossier.pdf');
      await writeFile(page, html, { mode: 0o600 });
      await runChromium(
        executable,
        [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--no-first-run',
          '--no-default-browser-check',
          '--disable-extensions',
          '--disable-sync',
          '--disable-background-networking',
          '--disable-component-update',
          `--user-data-dir=${join(folder, 'profile')}`,
          `--print-to-pdf=${pdf}`,
          '--no-pdf-header-footer',
          pathToFileURL(page).href,
        ],
        options.timeoutMs ?? PRINT_TIMEOUT_MS,
      );
      const bytes = await readFile(pdf).catch(() => null);
      if (!bytes || bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
        throw new PrintUnavailableError('Chromium ran but wrote no PDF.');
      return bytes;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  };
}

function runChromium(executable: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    // Its own process group: on a timeout, the browser and every helper it started are ended.
    const child = spawn(executable, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    const end = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      // Only the end is worth keeping: what went wrong last.
      errors = (errors + chunk.toString('utf8')).slice(-2000);
    });
    const timer = setTimeout(() => {
      end();
      reject(
        new PrintUnavailableError(`Chromium did not finish printing within ${timeoutMs / 1000} s.`),
      );
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(
        new PrintUnavailableError(`Chromium could not be started: ${error.message}`, {
          cause: error,
        }),
      );
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(
          new PrintUnavailableError(
            `Chromium stopped with ${signal ?? `exit code ${code}`} while printing${errors.trim() ? `: ${errors.trim().split('\n').pop()}` : ''}.`,
          ),
        );
    });
  });
}
