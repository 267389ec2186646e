import { create } from 'zustand';
import type {
  DownloadTargetInput,
  DownloadView,
  DownloadWarning,
} from '../../../../preload/contract';
import { api, errorMessage, unwrap } from '../../lib/api';
import { inTray, mergeDownload } from './download-list';

interface Asked {
  target: DownloadTargetInput;
  name: string;
}

/** What the download flow asks the investigator now: one question at a time. */
export type DownloadPrompt =
  | (Asked & { kind: 'confirm'; warnings: DownloadWarning[] })
  | (Asked & { kind: 'folder'; acknowledged: boolean; problem: string | null })
  | (Asked & { kind: 'external'; url: string })
  | (Asked & { kind: 'error'; message: string });

interface DownloadsStore {
  /** This session's downloads that were started, newest first. */
  downloads: DownloadView[];
  /** Records whose download is being asked for right now (`kind:id`). */
  starting: string[];
  /**
   * Downloads this window started and still follows: an external document's address comes with a
   * later change, and is shown to the investigator who asked for it.
   */
  followed: string[];
  prompt: DownloadPrompt | null;
  /** The control that started the download: focus goes back to it when the questions end. */
  opener: HTMLElement | null;
  trayOpen: boolean;
  setTrayOpen: (open: boolean) => void;
  load: () => Promise<void>;
  receive: (view: DownloadView) => void;
  /** Starts a download; what comes back decides the next question, if any. */
  start: (
    target: DownloadTargetInput,
    name: string,
    options?: { acknowledged?: boolean; opener?: HTMLElement | null },
  ) => Promise<void>;
  /** The investigator saw the warnings and saves anyway. */
  confirm: () => void;
  /** A download folder was saved: go on with the download that asked for it. */
  folderSaved: () => void;
  dismiss: () => void;
}

export const targetKey = (target: DownloadTargetInput): string => `${target.kind}:${target.id}`;

export const useDownloads = create<DownloadsStore>((set, get) => ({
  downloads: [],
  starting: [],
  followed: [],
  prompt: null,
  opener: null,
  trayOpen: false,
  setTrayOpen: (trayOpen) => set({ trayOpen }),

  async load() {
    try {
      const list = await unwrap(api.downloads.list());
      set({ downloads: list.filter(inTray) });
    } catch {
      // No active profile, or downloads not offered: the tray stays as it is.
    }
  },

  receive(view) {
    set((state) => ({
      downloads: inTray(view)
        ? mergeDownload(state.downloads, view)
        : state.downloads.filter((entry) => entry.id !== view.id),
    }));
    const { followed, prompt } = get();
    if (!followed.includes(view.id) || view.state === 'running') return;
    set({ followed: followed.filter((id) => id !== view.id) });
    // An external address is shown at once, and so is a failure; a saved file is in the tray.
    if (prompt !== null) return;
    const asked = { target: view.target, name: view.name };
    if (view.state === 'external')
      set({ prompt: { ...asked, kind: 'external', url: view.externalUrl ?? '' } });
    else if (view.state === 'failed')
      set({ prompt: { ...asked, kind: 'error', message: view.error ?? 'The download failed.' } });
  },

  async start(target, name, options = {}) {
    const acknowledged = options.acknowledged ?? false;
    const key = targetKey(target);
    if (get().starting.includes(key)) return;
    set((state) => ({
      starting: [...state.starting, key],
      opener: options.opener === undefined ? state.opener : options.opener,
    }));
    try {
      const requestId = crypto.randomUUID();
      // Followed before asking: its changes may arrive before the answer does.
      set((state) => ({ followed: [...state.followed, requestId] }));
      const view = await unwrap(api.downloads.start({ requestId, target, acknowledged }));
      const asked = { target, name: view.name || name };
      if (view.state === 'needs_confirmation' || view.state === 'needs_folder') {
        set((state) => ({ followed: state.followed.filter((id) => id !== requestId) }));
        if (view.state === 'needs_confirmation')
          set({ prompt: { ...asked, kind: 'confirm', warnings: view.warnings } });
        else set({ prompt: { ...asked, kind: 'folder', acknowledged, problem: view.error } });
        return;
      }
      // Changes that arrived before this answer are newer than it.
      const settled = !get().followed.includes(requestId);
      const known = get().downloads.some((entry) => entry.id === requestId);
      if (!settled && !(known && view.state === 'running')) get().receive(view);
    } catch (error) {
      set({ prompt: { target, name, kind: 'error', message: errorMessage(error) } });
    } finally {
      set((state) => ({ starting: state.starting.filter((entry) => entry !== key) }));
    }
  },

  confirm() {
    const prompt = get().prompt;
    if (prompt?.kind !== 'confirm') return;
    set({ prompt: null });
    void get().start(prompt.target, prompt.name, { acknowledged: true });
  },

  folderSaved() {
    const prompt = get().prompt;
    if (prompt?.kind !== 'folder') return;
    set({ prompt: null });
    void get().start(prompt.target, prompt.name, { acknowledged: prompt.acknowledged });
  },

  dismiss: () => set({ prompt: null }),
}));

let connected = false;

/** Follows this session's downloads from main; once per app. */
export function connectDownloads(): void {
  if (connected) return;
  connected = true;
  const store = useDownloads.getState();
  void store.load();
  api.downloads.onChanged((view) => useDownloads.getState().receive(view));
  api.profiles.onChanged(() => void useDownloads.getState().load());
}
