import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, session, type Session } from 'electron';
import { PrintUnavailableError, type PrintToPdf } from '../casefile/pdf-printer';
import { denyAllPermissions } from './guards';

// The desktop app prints a case file's dossier with Electron's own Chromium: the page is loaded in
// a hidden, sandboxed window of a session of its own (in memory, no permission, every request but
// the page itself refused; the page's Content-Security-Policy runs no script), printed with
// webContents.printToPDF, then the window and the page's private temporary folder are removed.

/** A long dossier takes a few seconds; past this the hidden window is taken as stuck. */
const PRINT_TIMEOUT_MS = 120_000;

/** The promise's value, or a PrintUnavailableError once `ms` passed without one. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PrintUnavailableError(`Printing did not finish within ${ms / 1000} s.`)),
      ms,
    );
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** No `persist:` prefix: the session lives in memory and leaves nothing on disk. */
const PARTITION = 'casedesk-print';

export function createElectronPrinter(): PrintToPdf {
  /** The pages being printed, by file URL: the only requests the print session lets through. */
  const pages = new Set<string>();
  let printSession: Session | null = null;
  const sessionOf = (): Session => {
    if (printSession) return printSession;
    const made = session.fromPartition(PARTITION);
    denyAllPermissions(made);
    made.webRequest.onBeforeRequest((details, callback) =>
      callback({ cancel: !pages.has(details.url) }),
    );
    printSession = made;
    return made;
  };

  return async (html) => {
    const folder = await mkdtemp(join(tmpdir(), 'casedesk-print-'));
    const page = join(folder, 'dossier.html');
    const url = pathToFileURL(page).href;
    let window: BrowserWindow | null = null;
    try {
      await writeFile(page, html, { mode: 0o600 });
      pages.add(url);
      const hidden = new BrowserWindow({
        show: false,
        webPreferences: {
          session: sessionOf(),
          sandbox: true,
          contextIsolation: true,
          nodeIntegration: false,
          webSecurity: true,
          webviewTag: false,
          spellcheck: false,
        },
      });
      window = hidden;
      const printing = hidden.loadURL(url).then(() =>
        hidden.webContents.printToPDF({
          pageSize: 'A4',
          printBackground: true,
          displayHeaderFooter: false,
          preferCSSPageSize: true,
        }),
      );
      return await within(printing, PRINT_TIMEOUT_MS);
    } finally {
      pages.delete(url);
      if (window && !window.isDestroyed()) window.destroy();
      await rm(folder, { recursive: true, force: true });
    }
  };
}
