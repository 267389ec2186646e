import type { z } from 'zod';
import { appMethods } from './app';
import { cacheMethods, type CacheEvents } from './cache';
import { outboxMethods, type OutboxEvents } from './outbox';
import { syncMethods, type SyncEvents } from './sync';
import type { MethodDef, MethodInput, MethodOutput } from './define';
import { profilesMethods, type ProfilesEvents } from './profiles';
import {
  alertsMethods,
  customersMethods,
  dashboardMethods,
  queueMethods,
  threadsMethods,
  viewsMethods,
} from './review';
import type { Result } from './result';
import {
  documentsMethods,
  downloadsMethods,
  settingsMethods,
  uploadsMethods,
  type DownloadsEvents,
  type UploadsEvents,
} from './files';

export * from './app';
export * from './cache';
export * from './outbox';
export * from './sync';
export * from './define';
export * from './profiles';
export * from './result';
export * from './review';
export * from './files';

/** Every bridge method, by domain. Main parses inputs with it; the renderer gets its types. */
export const contract = {
  app: appMethods,
  profiles: profilesMethods,
  sync: syncMethods,
  outbox: outboxMethods,
  cache: cacheMethods,
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
  DownloadsEvents;
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
] as const satisfies readonly EventName[];
type MissingEvent = Exclude<EventName, (typeof eventNames)[number]>;
// Fails to compile when an event is added to EventMap but not to eventNames.
export const eventNamesComplete: [MissingEvent] extends [never] ? true : never = true;
