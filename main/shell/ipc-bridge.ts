import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../preload/channels';
import type { Dispatch } from '../bridge/dispatcher';
import type { EventHub } from '../lib/event-hub';
import { isTrustedSender } from '../security/trusted-sender';

/** A message from the app's own top frame in its window (never a subframe or another window). */
export function isFromAppWindow(event: IpcMainInvokeEvent, window: BrowserWindow | null): boolean {
  const frame = event.senderFrame;
  return isTrustedSender({
    isMainWindowContents:
      window !== null && !window.isDestroyed() && event.sender === window.webContents,
    isTopFrame: frame !== null && window !== null && frame === window.webContents.mainFrame,
    frameUrl: frame?.url ?? null,
  });
}

/** The contract over IPC: one invoke channel into the dispatcher, one event channel out. */
export function registerIpcBridge(deps: {
  dispatch: Dispatch;
  events: EventHub;
  getWindow: () => BrowserWindow | null;
}): () => void {
  ipcMain.handle(
    INVOKE_CHANNEL,
    async (event: IpcMainInvokeEvent, method: unknown, input: unknown) => {
      if (!isFromAppWindow(event, deps.getWindow())) {
        return {
          ok: false,
          error: {
            code: 'forbidden_sender',
            message: 'Bridge calls are accepted only from CaseDesk itself.',
          },
        };
      }
      return deps.dispatch(method, input, { transport: 'electron' });
    },
  );
  const unsubscribe = deps.events.subscribe((name, payload) => {
    const window = deps.getWindow();
    if (window && !window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, name, payload);
  });
  return () => {
    ipcMain.removeHandler(INVOKE_CHANNEL);
    unsubscribe();
  };
}
