import { api, transport, unwrap } from '../../lib/api';

export type FolderPick =
  | { kind: 'chosen'; folder: string }
  /** The picker was closed without a choice. */
  | { kind: 'none' }
  /** No picker here (the browser host): the path is typed instead. */
  | { kind: 'unsupported' };

/** Whether a folder is picked with the system dialog (Electron) or typed as a path (browser host). */
export const hasFolderPicker = transport === 'electron';

/** The system folder picker; nothing is saved until `settings.save`. */
export async function chooseFolderWithPicker(): Promise<FolderPick> {
  const choice = await unwrap(api.downloads.chooseFolder());
  if (!choice.handled) return { kind: 'unsupported' };
  return choice.folder ? { kind: 'chosen', folder: choice.folder } : { kind: 'none' };
}
