import type { z } from 'zod';
import { alertsMethods } from './alerts';
import { appMethods } from './app';
import { cacheMethods, type CacheEvents } from './cache';
import { customersMethods } from './customers';
import { customerImportMethods, type CustomerImportEvents } from './customer-import';
import { dashboardMethods } from './dashboard';
import type { MethodDef, MethodInput, MethodOutput } from './define';
import { documentsMethods } from './documents';
import { downloadsMethods, type DownloadsEvents } from './downloads';
import { outboxMethods, type OutboxEvents } from './outbox';
import { kytMethods, type KytEvents } from './kyt';
import { pressMethods } from './press';
import { relationsMethods } from './relations';
import { profilesMethods, type ProfilesEvents } from './profiles';
import { queueMethods } from './queue';
import type { Result } from './result';
import { searchMethods } from './search';
import { settingsMethods } from './settings';
import { syncMethods, type SyncEvents } from './sync';
import { threadsMethods } from './threads';
import { unreadableMethods } from './unreadable';
import { uploadsMethods, type UploadsEvents } from './uploads';
import { viewsMethods } from './views';
import { workbenchMethods } from './workbench';
import { journalMethods } from './journal';
import { reviewMethods } from './review';

// One file per domain: preload/contract/<domain>.ts here, main/bridge/<domain>.ts behind it, and
// renderer/src/features/<domain>/ for its screens (the app domain's is renderer/src/app/; the
// cache has no screen of its own: its event makes every screen read again).
export * from './alerts';
export * from './app';
export * from './cache';
export * from './common';
export * from './customers';
export * from './customer-import';
export * from './relations';
export * from './dashboard';
export * from './define';
export * from './documents';
export * from './downloads';
export * from './kyt';
export * from './outbox';
export * from './press';
export * from './profiles';
export * from './queue';
export * from './result';
export * from './search';
export * from './settings';
export * from './sync';
export * from './threads';
export * from './unreadable';
export * from './uploads';
export * from './views';
export * from './workbench';
export * from './journal';
export * from './review';

/** Every bridge method, by domain. Main parses inputs with it; the renderer gets its types. */
export const contract = {
  app: appMethods,
  profiles: profilesMethods,
  sync: syncMethods,
  outbox: outboxMethods,
  cache: cacheMethods,
  search: searchMethods,
  queue: queueMethods,
  views: viewsMethods,
  alerts: alertsMethods,
  customers: customersMethods,
  threads: threadsMethods,
  dashboard: dashboardMethods,
  documents: documentsMethods,
  uploads: uploadsMethods,
  downloads: downloadsMethods,
  settings: settingsMethods,
  unreadable: unreadableMethods,
  press: pressMethods,
  kyt: kytMethods,
  relations: relationsMethods,
  customerImport: customerImportMethods,
  workbench: workbenchMethods,
  journal: journalMethods,
  review: reviewMethods,
};

export type Contract = typeof contract;
export type Domain = keyof Contract;

/** `domain.method`, e.g. `profiles.save`. */
export type MethodName = {
  [D in Domain]: `${D}.${keyof Contract[D] & string}`;
}[Domain];

export type MethodOf<N extends MethodName> = N extends `${infer D extends Domain}.${infer M}`
  ? M extends keyof Contract[D]
    ? Contract[D][M]
    : never
  : never;

/** Events main pushes, `domain.event` to payload. */
export type EventMap = ProfilesEvents &
  SyncEvents &
  OutboxEvents &
  CacheEvents &
  UploadsEvents &
  DownloadsEvents &
  KytEvents &
  CustomerImportEvents;
export type EventName = keyof EventMap;

export type Unsubscribe = () => void;

type Call<M> =
  undefined extends MethodInput<M>
    ? (input?: MethodInput<M>) => Promise<Result<MethodOutput<M>>>
    : (input: MethodInput<M>) => Promise<Result<MethodOutput<M>>>;

type Subscriptions<D extends string> = {
  [E in EventName as E extends `${D}.${infer N}` ? `on${Capitalize<N>}` : never]: (
    listener: (payload: EventMap[E]) => void,
  ) => Unsubscribe;
};

/** `window.casedesk`: named methods per domain, plus `on<Event>` subscriptions. */
export type CasedeskApi = {
  [D in Domain]: { [K in keyof Contract[D]]: Call<Contract[D][K]> } & Subscriptions<D>;
};

export type AnyMethodDef = MethodDef<z.ZodType, unknown>;

/** The renderer-facing signature of one method. */
export type ApiMethod<N extends MethodName> = Call<MethodOf<N>>;

/** The renderer-facing signature of one event subscription. */
export type ApiSubscription<E extends EventName> = (
  listener: (payload: EventMap[E]) => void,
) => Unsubscribe;

/** Every event name at run time, for the transports and their tests. */
export const eventNames = [
  'profiles.changed',
  'sync.status',
  'outbox.changed',
  'cache.changed',
  'uploads.progress',
  'downloads.changed',
  'kyt.changed',
  'kyt.batch',
  'customerImport.changed',
] as const satisfies readonly EventName[];
type MissingEvent = Exclude<EventName, (typeof eventNames)[number]>;
// Fails to compile when an event is added to EventMap but not to eventNames.
export const eventNamesComplete: [MissingEvent] extends [never] ? true : never = true;
