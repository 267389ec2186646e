import { basename, dirname, join, sep } from 'node:path';
import type { ImportView, KytBatchView } from '../../preload/contract';
import {
  buildDispatcher,
  createServiceClient,
  type ServiceClient,
  type ServiceError,
} from '../api';
import { closeCache, openCache, type CacheDb } from '../cache/open-cache';
import { createCacheReadPool, inlineCacheReader, type CacheReader } from '../cache/read-pool';
import { createCacheWriter, type CacheWriter } from '../cache/repositories';
import {
  LOCAL_STORE_FILE,
  openLocalStore,
  refusedAsNewer,
  type LocalStoreOpening,
  type LocalStoreRecovery,
} from '../local/local-store';
import type { Logger } from '../lib/logger';
import { applyDelivered } from '../outbox/delivered-to-cache';
import { forcedReportCustomer } from '../outbox/kinds/press-force';
import { OUTBOX_KINDS } from '../outbox/kinds/registry';
import { removeOrphanCopies } from '../outbox/outbox-files';
import {
  createOutboxReplayer,
  type OutboxChange,
  type OutboxReplayer,
} from '../outbox/outbox-replayer';
import {
  openOutbox,
  RECOVERED_PREFIX,
  type Outbox,
  type OutboxItem,
  type OutboxRecovery,
} from '../outbox/outbox-store';
import { SET_ASIDE_KEPT_DAYS } from '../cache/set-aside-copies';
import { classifyServiceFailure, createServiceTransport } from '../outbox/service-transport';
import { createServiceSource } from '../sync/service-source';
import { createUnreadableRecords } from '../cache/unreadable-records';
import { createSyncEngine, type SyncEngine } from '../sync/sync-engine';
import { ensurePrivateFolder } from '../lib/private-files';
import { openPress } from '../press/open-press';
import type { PressService } from '../press/press-service';
import { createKytBatches } from '../kyt/batch/kyt-batches';
import { workspaceKytOutbox } from '../kyt/kyt-outbox';
import type { KytBatches } from '../kyt/kyt-ports';
import { createKytService, type KytService } from '../kyt/kyt-service';
import { openKytSubmissions } from '../kyt/open-kyt';
import {
  openRelations,
  savedRelationsOf,
  type RelationsService,
} from '../customers/relations-service';
import type { CustomerImports } from '../customers/import/import-ports';
import { openCustomerImports } from '../customers/import/open-customer-imports';
import { followForced } from './press-pick-up';
import { createWorkbench, type Workbench } from '../workbench/workbench';
import { createCustomerSaver } from '../customers/customer-saver';
import { customersKindContext } from '../customers/customer-read-back';
import type { CustomerSaver } from '../customers/customer-ports';

/** What the cache.changed event names when kept press reports changed (they are not in the cache). */
export const PRESS_REPORTS_CHANGED = 'press_reports';
/** What the cache.changed event names when kept relations changed (they are not in the cache). */
export const RELATIONS_CHANGED = 'kept_relations';

/**
 * Everything one profile has on this computer: its cache, its outbox, its local store, and the
 * engines over them.
 */
export interface Workspace {
  profileId: string;
  baseUrl: string;
  caFile: string | null;
  /** The profile's own folder: cache, outbox and per-profile settings live here. */
  folder: string;
  cachePath: string;
  /** The cache's connection on this thread: writes of delivered changes, and small reads. */
  db: CacheDb;
  /** The screens' reads of the cache: in read workers where the built worker is at hand. */
  reads: CacheReader;
  writer: CacheWriter;
  outbox: Outbox;
  /**
   * What only CaseDesk knows. A damaged one is kept aside and what can be read of it recovered
   * into a new one; one that cannot be opened (a newer CaseDesk's) leaves the workspace open
   * (reviewing from the cache goes on) saying why, the file left as it is.
   */
  localStore: LocalStoreOpening;
  /** Press reports, kept in the local store: null while it cannot be opened. */
  press: PressService | null;
  /** KYT submissions, kept in the local store: null while it cannot be opened. */
  kyt: KytService | null;
  /** Batches of KYT submissions (imported files): null while the local store cannot be opened. */
  kytBatches: KytBatches | null;
  /** Customers and relations written to the service (verified, saved, or queued in the outbox). */
  customers: CustomerSaver;
  /** Relations CaseDesk saved, kept in the local store: null while it cannot be opened. */
  relations: RelationsService | null;
  /** Bulk imports of customers (kept in the local store): null while it cannot be opened. */
  customerImports: CustomerImports | null;
  /** Notes and proposed decisions, kept in the local store: null while it cannot be opened. */
  workbench: Workbench | null;
  client: ServiceClient;
  sync: SyncEngine;
  replayer: OutboxReplayer;
  cacheNotice: string | null;
  /** The cache file could not be used and this one starts empty: a full sync rebuilds it. */
  cacheSetAside: boolean;
  outboxNotice: string | null;
  localStoreNotice: string | null;
  close(): Promise<void>;
}

export async function openWorkspace(options: {
  dataDir: string;
  profile: { id: string; baseUrl: string; caFile: string | null };
  getToken: () => string;
  logger: Logger;
  onAuthFailure: (error: ServiceError) => void;
  /** Every change of an outbox item's state (see OutboxChange). */
  onOutboxChange: (change: OutboxChange) => void;
  /** Bytes of an upload's file sent so far. */
  onUploadProgress?: (item: OutboxItem, sentBytes: number, totalBytes: number) => void;
  /** A delivered write changed these cache tables. */
  onCacheChange?: (tables: string[]) => void;
  /** KYT submissions changed (answered, refused, in doubt, decided, discarded): `kyt.changed`. */
  onKytChange?: (ids: string[]) => void;
  /** A batch of KYT submissions progressed: `kyt.batch`. */
  onKytBatch?: (batch: KytBatchView) => void;
  /** A bulk import of customers progressed: `customerImport.changed`. */
  onCustomerImport?: (view: ImportView) => void;
  /** The built read worker; absent, the screens' reads run on this thread (tests, tools). */
  readWorkerPath?: string | null;
}): Promise<Workspace> {
  const folder = join(options.dataDir, 'profiles', options.profile.id);
  const cachePath = join(folder, 'cache.db');
  // The profile's stores hold personal data: its folders are the user's alone, also those an
  // earlier CaseDesk made readable by everyone.
  ensurePrivateFolder(join(options.dataDir, 'profiles'));
  ensurePrivateFolder(folder);
  // A cache or outbox written by a newer CaseDesk is refused (NewerDatabaseError) and left as it
  // is; whatever was opened before it is closed again. The small outbox first: a refused one then
  // costs no integrity check of a large cache, on every screen's read.
  const outbox: Outbox = openOutbox(join(folder, 'outbox.db'), options.logger);
  let opened: ReturnType<typeof openCache>;
  try {
    opened = openCache(cachePath, options.logger);
  } catch (error) {
    outbox.close();
    throw error;
  }
  const { db, movedAside } = opened;
  const writer = createCacheWriter(db);
  // Started at the first read, after the cache was opened and migrated here.
  const reads: CacheReader = options.readWorkerPath
    ? createCacheReadPool({
        workerPath: options.readWorkerPath,
        cachePath,
        logger: options.logger,
        startupDb: db,
      })
    : inlineCacheReader(db);
  const localStore = openLocalStore(join(folder, LOCAL_STORE_FILE), options.logger);
  const closeStores = () => {
    if (localStore.state === 'open') localStore.store.close();
    outbox.close();
    closeCache(db, cachePath);
  };
  let dispatcher: Awaited<ReturnType<typeof buildDispatcher>>;
  try {
    removeOrphanCopies(
      outbox.filesDir,
      (id) => {
        const item = outbox.get(id);
        return item !== null && item.state !== 'done';
      },
      options.logger,
    );
    // Proxies from HTTPS_PROXY/NO_PROXY, the system's certificates and the profile's CA file.
    dispatcher = await buildDispatcher({
      useSystemCertificates: true,
      caFile: options.profile.caFile,
    });
  } catch (error) {
    closeStores();
    throw error;
  }
  const client = createServiceClient({
    baseUrl: options.profile.baseUrl,
    getToken: options.getToken,
    onAuthFailure: options.onAuthFailure,
    dispatcher,
  });
  const press =
    localStore.state === 'open' ? openPress(localStore.store, client, options.logger) : null;
  const kytCore =
    localStore.state === 'open'
      ? openKytSubmissions({
          local: localStore.store,
          client,
          logger: options.logger,
          announce: (ids) => options.onKytChange?.([...ids]),
        })
      : null;
  const replayer = createOutboxReplayer({
    outbox,
    transport: createServiceTransport(client, OUTBOX_KINDS, {
      cache: db,
      ...(kytCore ? { kyt: kytCore.kindContext } : {}),
      customers: customersKindContext({
        customers: client.customers,
        writer,
        // A delivered save's relations become saved, or refused with the service's words.
        onRelationsAnswered: (sent, answer) => {
          // The save was delivered: a failure to mark its relations must not undo that.
          try {
            relations?.answered(sent, answer);
          } catch (error) {
            options.logger.warn('Marking the relations of a delivered save failed', error);
          }
        },
        transaction: (work) => db.transaction(work)(),
      }),
    }),
    classify: classifyServiceFailure,
    logger: options.logger,
    onChange: options.onOutboxChange,
    onProgress: options.onUploadProgress,
    onDelivered: (item) => {
      const tables = applyDelivered(writer, item);
      if (tables.length) options.onCacheChange?.(tables);
      // Relations kept as waiting are saved once the write carrying them is delivered.
      relations?.deliveredWrite(item.payload);
      const forcedFor = forcedReportCustomer(item.result);
      if (press && forcedFor) {
        // Awaited until its report is kept: this read may fail, or the report come later.
        press.awaitForced(forcedFor, Date.parse(item.createdAt));
        void followForced(press, forcedFor, options.logger).then((kept) => {
          if (kept > 0) options.onCacheChange?.([PRESS_REPORTS_CHANGED]);
        });
      }
    },
  });
  const kyt =
    kytCore && localStore.state === 'open'
      ? createKytService({
          ...kytCore,
          outbox: workspaceKytOutbox(outbox, replayer),
          cache: db,
          logger: options.logger,
        })
      : null;
  kyt?.queueOrphans();
  const kytBatches =
    kytCore && localStore.state === 'open'
      ? createKytBatches({
          store: kytCore.store,
          sender: kytCore.sender,
          records: localStore.store,
          logger: options.logger,
        })
      : null;
  const customers = createCustomerSaver({
    customers: client.customers,
    writer,
    outbox: { enqueue: (payload) => replayer.enqueue(payload).id },
    ...(options.onCacheChange ? { onCacheChange: options.onCacheChange } : {}),
    logger: options.logger,
  });
  const relations =
    localStore.state === 'open'
      ? openRelations({
          local: localStore.store,
          saver: customers,
          cache: db,
          logger: options.logger,
          onChange: () => options.onCacheChange?.([RELATIONS_CHANGED]),
        })
      : null;
  let closing: Promise<void> | null = null;
  const stopFollowingBatches = kytBatches?.onChange((batch) => options.onKytBatch?.(batch));
  const customerImports =
    localStore.state === 'open'
      ? openCustomerImports({
          store: localStore.store,
          client,
          cache: { db, writer },
          logger: options.logger,
          onCacheChange: (tables) => options.onCacheChange?.(tables),
          // The relations a batch saved are kept as a relation saved from the form is.
          onSaved: (_id, lines) => relations?.keepSaved(savedRelationsOf(lines)),
        })
      : null;
  const stopFollowingImports = customerImports?.onChange((view) =>
    options.onCustomerImport?.(view),
  );
  reads.warm();
  return {
    profileId: options.profile.id,
    baseUrl: options.profile.baseUrl,
    caFile: options.profile.caFile,
    folder,
    cachePath,
    db,
    reads,
    writer,
    outbox,
    localStore,
    press,
    kyt,
    kytBatches,
    customers,
    relations,
    customerImports,
    workbench:
      localStore.state === 'open'
        ? createWorkbench({ local: localStore.store, cache: db, logger: options.logger })
        : null,
    client,
    sync: createSyncEngine({
      db,
      writer,
      source: createServiceSource(client, {
        onUnreadable: createUnreadableRecords(db).recorder(),
      }),
      logger: options.logger,
    }),
    replayer,
    cacheNotice: movedAside
      ? `The offline cache was damaged (${movedAside.summary}), so it was set aside and a full ` +
        `sync is rebuilding it; the copy set aside holds personal data and is deleted after ` +
        `${SET_ASIDE_KEPT_DAYS} days.`
      : null,
    cacheSetAside: movedAside !== null,
    outboxNotice: outbox.recovery ? outboxNoticeOf(outbox.recovery) : recoveredWaiting(outbox),
    localStoreNotice: localStoreNoticeOf(localStore),
    close() {
      // Once: a second close while the first still waits for the batches would close the
      // dispatcher twice (undici then throws).
      closing ??= (async () => {
        // Batches stop sending first: a line in flight ends kept (or in doubt) before the store closes.
        stopFollowingBatches?.();
        stopFollowingImports?.();
        await kytBatches?.close();
        await customerImports?.close();
        await client.close();
        kytCore?.changes.close();
        await dispatcher.close();
        await reads.close();
        closeStores();
      })();
      return closing;
    },
  };
}

/**
 * The damage was found in an earlier run, and what was recovered then still waits: the notice
 * says why those changes are held, or none would after a restart.
 */
function recoveredWaiting(outbox: Outbox): string | null {
  const held = outbox
    .list(['failed'])
    .filter((item) => item.lastError?.startsWith(RECOVERED_PREFIX)).length;
  if (held === 0) return null;
  return (
    `${held === 1 ? '1 change' : `${held} changes`} recovered from a damaged outbox ` +
    `${held === 1 ? 'waits' : 'wait'} for a decision on the Outbox screen: check, then send or ` +
    'discard each.'
  );
}

/** What happened to a damaged outbox, what came back and what did not, and what to do. */
function outboxNoticeOf(recovery: OutboxRecovery): string {
  const changes = (n: number) => (n === 1 ? '1 change was' : `${n} changes were`);
  const parts = [
    `The outbox could not be read; it is kept, with its journal, ${besideIt(recovery.keptAt)}.`,
    recovery.recovered > 0
      ? `${changes(recovery.recovered)} recovered and none was sent: check, then send or discard each in the Outbox.`
      : 'No change could be recovered from it.',
  ];
  if (recovery.unreadable > 0)
    parts.push(`${changes(recovery.unreadable)} found but could not be read back.`);
  if (recovery.partial)
    parts.push('Part of the file could not be read: changes made offline may be missing from it.');
  if (recovery.copiesKept > 0)
    parts.push(
      `${recovery.copiesKept === 1 ? '1 file' : `${recovery.copiesKept} files`} to upload that ` +
        `no recovered change claims ${recovery.copiesKept === 1 ? 'is' : 'are'} kept ` +
        `${besideIt(recovery.copiesKeptAt ?? '')}.`,
    );
  return parts.join(' ');
}

/**
 * Where a copy is kept, said relative to the profile: the window is told file names only, never
 * where the data folder is (the log keeps the full path).
 */
function besideIt(keptAt: string): string {
  return `beside it in this profile’s folder as ${basename(keptAt)}`;
}

/** What happened to the local store, when anything did; file names only (see besideIt). */
function localStoreNoticeOf(opening: LocalStoreOpening): string | null {
  if (opening.state === 'open')
    return opening.recovery ? localStoreRecoveryNotice(opening.recovery) : null;
  // A reason from the system may name the profile's folder: the window gets the file's name only.
  const reason = opening.reason.split(`${dirname(opening.path)}${sep}`).join('');
  return (
    `The local store (${basename(opening.path)} in this profile’s folder) could not be opened: ` +
    `${reason}. It was left as it is and nothing in it is lost. Reviewing from the cache goes on; ` +
    'what needs the local store is read-only until it opens.' +
    (refusedAsNewer(opening.reason)
      ? ''
      : ' To use it again, close CaseDesk and put back local.db from a backup of this ' +
        'profile (the CLI’s backup command keeps them in the profile’s backups folder).')
  );
}

/** What was recovered from a damaged local store, what was not, and that the copy is kept. */
function localStoreRecoveryNotice(recovery: LocalStoreRecovery): string {
  const records = (n: number) => (n === 1 ? '1 record was' : `${n} records were`);
  const parts = [
    `The local store could not be read; it is kept, with its journal, ${besideIt(recovery.keptAt)}, ` +
      'and a new one took its place.',
    recovery.recovered > 0
      ? `${records(recovery.recovered)} recovered into it.`
      : 'No record could be recovered from it.',
  ];
  if (recovery.unreadable > 0)
    parts.push(`${records(recovery.unreadable)} found but could not be read back.`);
  if (recovery.partial)
    parts.push('Part of the file could not be read: records may be missing from it.');
  parts.push('The damaged copy is kept: nothing in it is deleted.');
  return parts.join(' ');
}
