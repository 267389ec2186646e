import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import type {
  ApiMethod,
  ApiSubscription,
  CasedeskApi,
  EventMap,
  EventName,
  MethodName,
  Result,
  StagedFile,
} from './contract';
import { EVENT_CHANNEL, INVOKE_CHANNEL, REGISTER_FILE_CHANNEL } from './channels';

// The renderer gets named methods only: no ipcRenderer, no generic invoke. Main parses every
// input against the contract and checks that the call comes from the app's own top frame.

function call<N extends MethodName>(name: N): ApiMethod<N> {
  return ((input?: unknown) => ipcRenderer.invoke(INVOKE_CHANNEL, name, input)) as ApiMethod<N>;
}

type Listener = (payload: unknown) => void;
const listeners = new Map<EventName, Set<Listener>>();

ipcRenderer.on(EVENT_CHANNEL, (_event: IpcRendererEvent, name: unknown, payload: unknown) => {
  const forEvent = listeners.get(name as EventName);
  if (!forEvent) return;
  for (const listener of [...forEvent]) listener(payload);
});

function subscribe<E extends EventName>(name: E): ApiSubscription<E> {
  return (listener: (payload: EventMap[E]) => void) => {
    if (typeof listener !== 'function')
      throw new TypeError(`${name}: the listener must be a function`);
    const wrapped: Listener = (payload) => listener(payload as EventMap[E]);
    const forEvent = listeners.get(name) ?? new Set<Listener>();
    forEvent.add(wrapped);
    listeners.set(name, forEvent);
    return () => {
      forEvent.delete(wrapped);
    };
  };
}

export const casedesk = {
  app: {
    info: call('app.info'),
    openExternal: call('app.openExternal'),
  },
  profiles: {
    list: call('profiles.list'),
    save: call('profiles.save'),
    remove: call('profiles.remove'),
    activate: call('profiles.activate'),
    testConnection: call('profiles.testConnection'),
    onChanged: subscribe('profiles.changed'),
  },
  sync: {
    status: call('sync.status'),
    start: call('sync.start'),
    cancel: call('sync.cancel'),
    onStatus: subscribe('sync.status'),
  },
  outbox: {
    list: call('outbox.list'),
    retry: call('outbox.retry'),
    discard: call('outbox.discard'),
    onChanged: subscribe('outbox.changed'),
  },
  cache: {
    counts: call('cache.counts'),
    onChanged: subscribe('cache.changed'),
  },
  search: {
    query: call('search.query'),
  },
  unreadable: {
    list: call('unreadable.list'),
    export: call('unreadable.export'),
  },
  queue: {
    window: call('queue.window'),
    facets: call('queue.facets'),
  },
  views: {
    list: call('views.list'),
    save: call('views.save'),
    remove: call('views.remove'),
  },
  alerts: {
    get: call('alerts.get'),
  },
  customers: {
    get: call('customers.get'),
    draft: call('customers.draft'),
    verify: call('customers.verify'),
    save: call('customers.save'),
  },
  threads: {
    list: call('threads.list'),
    get: call('threads.get'),
    facets: call('threads.facets'),
  },
  dashboard: {
    summary: call('dashboard.summary'),
  },
  documents: {
    search: call('documents.search'),
    facets: call('documents.facets'),
    update: call('documents.update'),
    remove: call('documents.remove'),
  },
  press: {
    generate: call('press.generate'),
    get: call('press.get'),
    open: call('press.open'),
    list: call('press.list'),
    compare: call('press.compare'),
    force: call('press.force'),
    markSourceRead: call('press.markSourceRead'),
  },
  kyt: {
    submit: call('kyt.submit'),
    get: call('kyt.get'),
    list: call('kyt.list'),
    compare: call('kyt.compare'),
    decide: call('kyt.decide'),
    participants: call('kyt.participants'),
    previewImport: call('kyt.previewImport'),
    import: call('kyt.import'),
    batches: call('kyt.batches'),
    batchLines: call('kyt.batchLines'),
    resumeBatch: call('kyt.resumeBatch'),
    pauseBatch: call('kyt.pauseBatch'),
    cancelBatch: call('kyt.cancelBatch'),
    saveBatchResult: call('kyt.saveBatchResult'),
    onChanged: subscribe('kyt.changed'),
    onBatch: subscribe('kyt.batch'),
  },
  relations: {
    list: call('relations.list'),
    graph: call('relations.graph'),
    save: call('relations.save'),
    types: call('relations.types'),
    setTypes: call('relations.setTypes'),
  },
  workbench: {
    notes: call('workbench.notes'),
    addNote: call('workbench.addNote'),
    editNote: call('workbench.editNote'),
    draft: call('workbench.draft'),
    saveDraft: call('workbench.saveDraft'),
    discardDraft: call('workbench.discardDraft'),
    proposals: call('workbench.proposals'),
    propose: call('workbench.propose'),
    withdraw: call('workbench.withdraw'),
    counts: call('workbench.counts'),
    analyst: call('workbench.analyst'),
    setAnalyst: call('workbench.setAnalyst'),
    exportCaseFile: call('workbench.exportCaseFile'),
  },
  journal: {
    recent: call('journal.recent'),
    verify: call('journal.verify'),
  },
  review: {
    identity: call('review.identity'),
    status: call('review.status'),
    exportRequest: call('review.exportRequest'),
    importFile: call('review.importFile'),
    request: call('review.request'),
    answer: call('review.answer'),
    counts: call('review.counts'),
  },
  customerImport: {
    preview: call('customerImport.preview'),
    start: call('customerImport.start'),
    list: call('customerImport.list'),
    get: call('customerImport.get'),
    lines: call('customerImport.lines'),
    editLine: call('customerImport.editLine'),
    verify: call('customerImport.verify'),
    save: call('customerImport.save'),
    pause: call('customerImport.pause'),
    cancel: call('customerImport.cancel'),
    saveResult: call('customerImport.saveResult'),
    onChanged: subscribe('customerImport.changed'),
  },
  uploads: {
    inspect: call('uploads.inspect'),
    file: call('uploads.file'),
    onProgress: subscribe('uploads.progress'),
  },
  downloads: {
    start: call('downloads.start'),
    list: call('downloads.list'),
    cancel: call('downloads.cancel'),
    showInFolder: call('downloads.showInFolder'),
    chooseFolder: call('downloads.chooseFolder'),
    onChanged: subscribe('downloads.changed'),
  },
  settings: {
    get: call('settings.get'),
    save: call('settings.save'),
    appearance: call('settings.appearance'),
    saveAppearance: call('settings.saveAppearance'),
  },
} satisfies CasedeskApi;

/**
 * Files the investigator dropped or chose, registered with main for uploads.inspect/uploads.file:
 * the window gets a handle, never a path, and cannot name a file itself (webUtils answers only for
 * a File the user gave, and an empty path for one a script made). The renderer never reads file
 * contents: main opens the file itself. Null for anything that is not a file on disk.
 */
export const casedeskFiles = {
  async register(file: File): Promise<Result<StagedFile> | null> {
    // No instanceof check here: with context isolation the File comes from the page's world, not
    // this one. webUtils itself throws for anything that is not a File.
    const path = webUtils.getPathForFile(file);
    if (!path) return null;
    return (await ipcRenderer.invoke(REGISTER_FILE_CHANNEL, path)) as Result<StagedFile>;
  },
};

contextBridge.exposeInMainWorld('casedesk', casedesk);
contextBridge.exposeInMainWorld('casedeskFiles', casedeskFiles);
