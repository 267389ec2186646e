// The Electron shell: app lifecycle, the window, security guards, and the bridge over IPC.
// Everything else is plain Node code in createCore, shared with the browser host.
import { fileURLToPath } from 'node:url';
import { app, type BrowserWindow, dialog, type OpenDialogOptions, session, shell } from 'electron';
import { createCore, type Core } from './core';
import { keepCompiledCode } from './lib/compiled-code';
import { createConsoleLogger } from './lib/logger';
import { isSafeExternalUrl } from './security/external-url';
import { registerAppScheme, serveAppProtocol } from './shell/app-protocol';
import { denyAllPermissions, guardWebContents } from './shell/guards';
import { registerFileRegistration } from './shell/file-registration';
import { registerIpcBridge } from './shell/ipc-bridge';
import { createMainWindow } from './shell/main-window';
import { createElectronPrinter } from './shell/pdf-printer';
import { createSafeStorageCipher } from './shell/safe-storage-cipher';

const rendererDir = fileURLToPath(new URL('../renderer', import.meta.url));
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url));
const syncWorkerPath = fileURLToPath(new URL('./sync-worker.js', import.meta.url));
const readWorkerPath = fileURLToPath(new URL('./read-worker.js', import.meta.url));
const logger = createConsoleLogger();
// The workers (sync, cache reads) and what is loaded later are read from compiled code kept on
// disk; the shell's own modules are loaded before this runs.
keepCompiledCode();

async function openExternal(url: string): Promise<void> {
  if (!isSafeExternalUrl(url)) throw new Error('CaseDesk opens only https: and mailto: links.');
  await shell.openExternal(url);
}

app.enableSandbox();
registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let core: Core | null = null;
  let mainWindow: BrowserWindow | null = null;
  const disposers: Array<() => void> = [];

  /** The system folder picker, over the window when there is one; null when the user cancels. */
  const chooseFolder = async (): Promise<string | null> => {
    const options: OpenDialogOptions = {
      title: 'Folder for downloads',
      properties: ['openDirectory', 'createDirectory'],
    };
    const choice =
      mainWindow && !mainWindow.isDestroyed()
        ? await dialog.showOpenDialog(mainWindow, options)
        : await dialog.showOpenDialog(options);
    return choice.canceled ? null : (choice.filePaths[0] ?? null);
  };

  const showWindow = () => {
    if (mainWindow && !mainWindow.isDestroyed()) {
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.focus();
      return;
    }
    mainWindow = createMainWindow(preloadPath);
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
  };

  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, openExternal));
  app.on('second-instance', showWindow);
  app.on('activate', () => {
    if (core) showWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => {
    for (const dispose of disposers.reverse()) dispose();
    void core?.dispose();
  });

  app
    .whenReady()
    .then(async () => {
      denyAllPermissions(session.defaultSession);
      disposers.push(serveAppProtocol(rendererDir));
      core = await createCore({
        dataDir: app.getPath('userData'),
        version: app.getVersion(),
        logger,
        cipher: createSafeStorageCipher(),
        openExternal,
        // Saved files are shown in the file manager, never opened by CaseDesk.
        desktop: { chooseFolder, showInFolder: (path) => shell.showItemInFolder(path) },
        // Case files are printed with Electron's own Chromium, in a hidden window.
        printToPdf: createElectronPrinter(),
        sandbox: { scale: 'small', seed: 1 },
        syncWorkerPath,
        readWorkerPath,
      });
      disposers.push(
        registerIpcBridge({
          dispatch: core.dispatch,
          events: core.events,
          getWindow: () => mainWindow,
        }),
        registerFileRegistration({
          staging: core.staging,
          getWindow: () => mainWindow,
          logger,
        }),
      );
      showWindow();
      // The active profile opened (and its reads warmed) while the window loads.
      void core.workspaces.require().catch(() => undefined);
    })
    .catch((error: unknown) => {
      logger.error('CaseDesk could not start', error);
      app.exit(1);
    });
}
