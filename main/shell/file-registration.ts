import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { z } from 'zod';
import { REGISTER_FILE_CHANNEL } from '../../preload/channels';
import type { BridgeError, Result, StagedFile } from '../../preload/contract';
import { AppError } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import type { StagingArea } from '../uploads/staging-area';
import { isFromAppWindow } from './ipc-bridge';

const DroppedPath = z.string().min(1).max(4096);

/**
 * The preload's registration of a dropped or chosen file: its path (from webUtils, for a File the
 * investigator gave) becomes a staging entry, and the window gets only its handle. Accepted from
 * the app's own top frame only, like the bridge: there, only the preload holds ipcRenderer.
 */
export function registerFileRegistration(deps: {
  staging: Pick<StagingArea, 'register'>;
  getWindow: () => BrowserWindow | null;
  logger: Logger;
}): () => void {
  ipcMain.handle(
    REGISTER_FILE_CHANNEL,
    async (event: IpcMainInvokeEvent, path: unknown): Promise<Result<StagedFile>> => {
      const fail = (code: BridgeError['code'], message: string) =>
        ({ ok: false, error: { code, message } }) as const;
      if (!isFromAppWindow(event, deps.getWindow()))
        return fail('forbidden_sender', 'Files are registered only by CaseDesk itself.');
      const parsed = DroppedPath.safeParse(path);
      if (!parsed.success)
        return fail('invalid_input', 'A dropped file is registered by its full path.');
      try {
        return { ok: true, value: await deps.staging.register(parsed.data) };
      } catch (error) {
        if (error instanceof AppError) return fail(error.code, error.message);
        deps.logger.error('registering a dropped file failed', error);
        return fail('internal', 'CaseDesk could not take the file. Details are in the log.');
      }
    },
  );
  return () => ipcMain.removeHandler(REGISTER_FILE_CHANNEL);
}
