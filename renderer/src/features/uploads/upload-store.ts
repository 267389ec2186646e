import { create } from 'zustand';
import type {
  LocalFileInput,
  UploadInputValue,
  UploadProgress,
} from '../../../../preload/contract';
import { api, BridgeCallError, errorMessage, transport, unwrap } from '../../lib/api';
import { visibleFileName } from '../../lib/file-names';
import {
  LocalFileError,
  notOnDiskMessage,
  registerWithMain,
  toLocalFile,
  type DroppedFile,
} from '../../lib/local-files';
import {
  displayNameFromFileName,
  draftErrors,
  limitBytes,
  precheckFile,
  type DraftErrors,
  type UploadStage,
} from './upload-rules';

/** One file (or external reference) in an upload form, from the drop to the service's answer. */
export interface UploadItem {
  /** Also the uploads.file requestId, so a second attempt is the same request, never a second document. */
  id: string;
  /** The form it belongs to: the documents screen, or one customer's screen. */
  scope: string;
  fileName: string;
  size: number;
  file: File | null;
  /** Electron: the handle main gave the file when the preload registered it at the drop. */
  handle: string | null;
  external: { url: string; size: number } | null;
  displayName: string;
  customerExternalId: string;
  tags: string[];
  /** Why this file cannot be filed (folder, too large, unreadable): it is never sent. */
  problem: string | null;
  stage: UploadStage;
  done: number;
  total: number;
  /** The last attempt's failure, in words. */
  error: string | null;
  /** Accepted by main: from here on the outbox owns it (retry and discard are there). */
  inOutbox: boolean;
  /** Form errors, shown once filing was tried. */
  errors: DraftErrors;
}

export interface ExternalDraft {
  url: string;
  size: number;
  fileName: string;
  displayName: string;
  customerExternalId: string;
  tags: string[];
}

interface UploadStore {
  items: UploadItem[];
  /** Forms whose File button is at work: a second press waits for the first to finish. */
  filing: string[];
  addFiles: (scope: string, customerExternalId: string, dropped: DroppedFile[]) => Promise<void>;
  fileExternal: (scope: string, draft: ExternalDraft) => Promise<void>;
  edit: (
    id: string,
    patch: Partial<Pick<UploadItem, 'displayName' | 'customerExternalId' | 'tags'>>,
  ) => void;
  remove: (id: string) => void;
  clearFinished: (scope: string) => void;
  fileAll: (scope: string) => Promise<void>;
}

/** An item the File button would send now. */
export const isReady = (item: UploadItem): boolean =>
  !item.problem && !item.inOutbox && (item.stage === 'draft' || item.stage === 'failed');

/** An item past the form: being prepared, in the outbox, or filed. */
export const isUnderway = (item: UploadItem): boolean =>
  item.stage === 'preparing' ||
  item.stage === 'copying' ||
  item.stage === 'queued' ||
  item.stage === 'sending';

/** Errors about the file itself: trying again changes nothing, so the item is marked unfileable. */
const isFileProblem = (error: unknown): boolean =>
  (error instanceof LocalFileError && !error.retryable) ||
  (error instanceof BridgeCallError &&
    (error.code === 'invalid_input' || error.code === 'not_found'));

/** A LocalFileError's message is written for the investigator already. */
const messageOf = (error: unknown): string =>
  error instanceof LocalFileError ? error.message : errorMessage(error);

/** Progress is listened to once, for the app's lifetime: uploads go on while screens change. */
let listening = false;
/** Items whose progress events arrived while uploads.file was still answering. */
const progressed = new Set<string>();

export const useUploads = create<UploadStore>((set, get) => {
  const patch = (id: string, change: Partial<UploadItem>) =>
    set((state) => ({
      items: state.items.map((item) => (item.id === id ? { ...item, ...change } : item)),
    }));
  const find = (id: string) => get().items.find((item) => item.id === id);

  const receive = (progress: UploadProgress) => {
    const item = find(progress.requestId);
    if (!item) return;
    progressed.add(item.id);
    patch(item.id, {
      stage: progress.phase,
      done: progress.done,
      total: progress.total,
      error: progress.error,
      // Copying, or failing to copy, does not put it in the outbox: the call's answer says whether
      // it got there, and may come before or after these events.
      inOutbox: item.inOutbox || (progress.phase !== 'copying' && progress.phase !== 'failed'),
    });
  };
  const listen = () => {
    if (listening) return;
    listening = true;
    api.uploads.onProgress(receive);
  };

  /** Settings may not load (no profile, a damaged file): main still checks the size. */
  const currentLimit = async (): Promise<number | null> => {
    try {
      return limitBytes((await unwrap(api.settings.get())).maxUploadMb);
    } catch {
      return null;
    }
  };

  /** Electron registers the file at once, so main can say now whether the file can be read. */
  const inspectEarly = async (id: string, file: File) => {
    try {
      const registered = await registerWithMain(file);
      if (!registered) {
        patch(id, { problem: notOnDiskMessage(visibleFileName(file.name)) });
        return;
      }
      patch(id, { handle: registered.token });
      const inspected = await unwrap(
        api.uploads.inspect({ source: { kind: 'staged', token: registered.token } }),
      );
      patch(id, { size: inspected.size });
    } catch (error) {
      if (isFileProblem(error)) patch(id, { problem: messageOf(error) });
    }
  };

  const sourceOf = async (item: UploadItem): Promise<UploadInputValue['source']> => {
    if (item.external) return { kind: 'external', ...item.external };
    if (item.handle) return { kind: 'staged', token: item.handle };
    if (!item.file) throw new LocalFileError(`“${item.fileName}” is no longer available.`);
    const source: LocalFileInput = await toLocalFile(item.file, (sent, total) =>
      patch(item.id, { done: sent, total }),
    );
    return source;
  };

  const send = async (id: string) => {
    const item = find(id);
    if (!item) return;
    listen();
    progressed.delete(id);
    patch(id, { stage: 'preparing', done: 0, total: item.size, error: null, errors: {} });
    try {
      const source = await sourceOf(item);
      if (source.kind !== 'external') {
        const inspected = await unwrap(api.uploads.inspect({ source }));
        patch(id, { size: inspected.size });
      }
      const current = find(id) ?? item;
      const view = await unwrap(
        api.uploads.file({
          requestId: id,
          customerExternalId: current.customerExternalId.trim(),
          displayName: current.displayName.trim(),
          fileName: current.external ? current.fileName.trim() : undefined,
          tagCodes: current.tags,
          source,
        }),
      );
      // Progress events are newer than this answer when they came first.
      if (!progressed.has(id))
        patch(id, {
          stage: view.state,
          error: view.lastError,
          inOutbox: true,
        });
      else patch(id, { inOutbox: true });
    } catch (error) {
      if (isFileProblem(error) && !(error instanceof BridgeCallError && error.fields)) {
        patch(id, { stage: 'draft', problem: messageOf(error), done: 0, inOutbox: false });
      } else {
        const fields = error instanceof BridgeCallError ? (error.fields ?? {}) : {};
        // Main did not take it (whatever a progress event said): the form may try again.
        patch(id, {
          stage: 'failed',
          inOutbox: false,
          error: messageOf(error),
          errors: {
            ...(fields.displayName ? { displayName: fields.displayName } : {}),
            ...(fields.customerExternalId ? { customerExternalId: fields.customerExternalId } : {}),
            ...(fields.tagCodes ? { tags: fields.tagCodes } : {}),
          },
        });
      }
    }
  };

  /** Sends a form's ready files; those with form errors are marked and left for the investigator. */
  const fileReady = async (scope: string) => {
    const ready = get().items.filter((item) => item.scope === scope && isReady(item));
    const valid: string[] = [];
    for (const item of ready) {
      const errors = draftErrors(item);
      if (Object.keys(errors).length) patch(item.id, { errors });
      else valid.push(item.id);
    }
    // One at a time: each file's bar moves in turn, and large files do not compete for the disk.
    for (const id of valid) await send(id);
  };

  return {
    items: [],
    filing: [],

    async addFiles(scope, customerExternalId, dropped) {
      if (dropped.length === 0) return;
      const maxBytes = await currentLimit();
      const added: UploadItem[] = dropped.map(({ file, isFolder }) => {
        // Messages and the display name read the name as it is shown, never its hidden characters.
        const shown = visibleFileName(file.name);
        const problem = precheckFile({ name: shown, size: file.size, isFolder }, maxBytes);
        return {
          id: crypto.randomUUID(),
          scope,
          fileName: file.name,
          size: file.size,
          file: isFolder ? null : file,
          handle: null,
          external: null,
          displayName: displayNameFromFileName(shown),
          customerExternalId,
          tags: [],
          problem,
          stage: 'draft',
          done: 0,
          total: file.size,
          error: null,
          inOutbox: false,
          errors: {},
        };
      });
      set((state) => ({ items: [...state.items, ...added] }));
      if (transport === 'electron')
        for (const item of added)
          if (item.file && !item.problem) void inspectEarly(item.id, item.file);
    },

    async fileExternal(scope, draft) {
      const item: UploadItem = {
        id: crypto.randomUUID(),
        scope,
        fileName: draft.fileName,
        size: draft.size,
        file: null,
        handle: null,
        external: { url: draft.url, size: draft.size },
        displayName: draft.displayName,
        customerExternalId: draft.customerExternalId,
        tags: draft.tags,
        problem: null,
        stage: 'draft',
        done: 0,
        total: 0,
        error: null,
        inOutbox: false,
        errors: {},
      };
      set((state) => ({ items: [...state.items, item] }));
      await send(item.id);
    },

    edit(id, change) {
      const item = find(id);
      if (!item || !isReady(item)) return;
      const next = { ...item, ...change };
      // A corrected field clears its message; others stay until the next attempt.
      const errors = Object.keys(item.errors).length ? draftErrors(next) : item.errors;
      patch(id, { ...change, errors });
    },

    remove(id) {
      progressed.delete(id);
      set((state) => ({ items: state.items.filter((item) => item.id !== id) }));
    },

    clearFinished(scope) {
      set((state) => ({
        items: state.items.filter((item) => item.scope !== scope || item.stage !== 'done'),
      }));
    },

    async fileAll(scope) {
      if (get().filing.includes(scope)) return;
      set((state) => ({ filing: [...state.filing, scope] }));
      try {
        await fileReady(scope);
      } finally {
        set((state) => ({ filing: state.filing.filter((entry) => entry !== scope) }));
      }
    },
  };
});

/** The items of one form, in the order they were added. */
export const itemsOf = (items: UploadItem[], scope: string): UploadItem[] =>
  items.filter((item) => item.scope === scope);

export const documentsScope = 'documents';
export const customerScope = (externalId: string) => `customer:${externalId}`;
