import type { z } from 'zod';
import type { PendingChange, PendingUploadView } from '../../../preload/contract';
import type { ServiceClient } from '../../api';
import type { CacheDb } from '../../cache/open-cache';
import type { CacheWriter } from '../../cache/repositories';
import type { OutboxItem } from '../outbox-store';
import type { PendingDocumentState } from '../pending-documents';
import type { CustomersKindContext } from './customers-save';
import type { KytKindContext } from './kyt-submit';

/** Every payload names its kind: the key the outbox stores it under and finds its kind by. */
export interface KindedPayload {
  kind: string;
}

/** What a kind's send is told of the item going out. */
export interface Sending {
  readonly id: string;
  /**
   * Bytes of the request's body gone out so far: the first ones mark the item as possibly
   * delivered (see `marksBodyStart`), and every figure is reported as progress.
   */
  bodySent(sentBytes: number, totalBytes: number): void;
}

/**
 * What a kind's operations may use besides the service: the profile's offline cache, its KYT core
 * (over the local store), when open, and its customers core.
 */
export interface KindContext {
  readonly cache?: CacheDb;
  readonly kyt?: KytKindContext;
  /** Saved customers read back into the cache (main/customers). */
  readonly customers?: CustomersKindContext;
}

/** What a look-up after a lost answer may use besides the service. */
export interface LookUp<P extends KindedPayload> {
  readonly id: string;
  readonly createdAt: string;
  /** Items of this kind the service already has: what they became is not this one. */
  delivered(): readonly OutboxItem<P>[];
}

/**
 * What is done when it is unknown whether the service got it (its answer was lost, or CaseDesk
 * stopped while it was going out): it is never sent twice silently.
 */
export type AfterLostAnswer<P extends KindedPayload, Ops> =
  /** Sending it again changes nothing more than sending it once did. */
  | { readonly policy: 'send-again' }
  /**
   * It can be looked for on the service: found, it is done; not found, it stays in doubt for
   * `graceMs` (it may still be being stored), then is sent again.
   */
  | {
      readonly policy: 'look-up';
      find(payload: P, ops: Ops, lookUp: LookUp<P>): Promise<object | null>;
      graceMs(payload: P): number;
      /** Where the investigator looks when the service cannot be asked: "the customer's documents in the service". */
      whereToCheck: string;
    }
  /** The service offers no way to learn it: it is held as failed, for the investigator to decide. */
  | { readonly policy: 'ask' };

/** A pending change to one cached document, shown over it in the documents list. */
export interface DocumentChange<P extends KindedPayload> {
  documentId(payload: P): string;
  /** How the document shows with this change, over what the earlier pending ones made of it. */
  over(
    payload: P,
    pending: Omit<PendingChange, 'kind'>,
    before: PendingDocumentState | undefined,
  ): PendingDocumentState;
}

/**
 * One kind of write the outbox holds: everything that differs between kinds lives in its object,
 * so that the outbox's own code never names a kind. `Ops` is what it needs of the service.
 */
export interface OutboxKind<P extends KindedPayload, Ops extends object = object> {
  /** The payload's `kind`. */
  readonly name: P['kind'];
  /** What may be queued, and what is read back from the outbox's file. */
  readonly payload: z.ZodType<P>;

  /** What the outbox screen calls this kind of change. */
  readonly label: string;
  /** What discarding it gives up, said before it is done. */
  readonly discardLoss: string;
  /** One line for the investigator: what this write does. */
  summary(payload: P): string;

  /** Its service operations, through the API client (tests give their own). */
  operations(client: ServiceClient, context: KindContext): Ops;
  /** Sends it; what it answers is kept as the item's result. */
  send(payload: P, ops: Ops, sending: Sending): Promise<unknown>;
  readonly afterLostAnswer: AfterLostAnswer<P, Ops>;
  /**
   * True when its send reports its body's bytes (`Sending.bodySent`): left `sending` before any
   * went out, it cannot have reached the service and goes back in line at once.
   */
  marksBodyStart?(payload: P): boolean;
  /** A 404 means it is already done (what it removes is gone): the result recorded for it. */
  doneWhenNotFound?(payload: P): unknown;
  /** A copy of a file kept in the outbox's folder for it: removed once delivered or discarded. */
  keptCopy?(payload: P): string | null;
  /** It was discarded (by the investigator): what it stood for elsewhere is given up too. */
  onDiscard?(payload: P, ops: Ops): void;
  /** The investigator asked to send it again (a failed item retried): their word, kept. */
  onRetry?(payload: P, ops: Ops): void;

  /** Cache tables a change of this kind shows in, pending or delivered. */
  readonly cacheTables: readonly string[];
  /** What its delivery changes in the offline cache at once, rather than at the next sync. */
  applyDelivery?(writer: CacheWriter, payload: P, result: unknown): void;
  /** Pending, it changes how a cached document is listed. */
  readonly documentChange?: DocumentChange<P>;
  /** Pending, it is a document listed before the service has it. */
  pendingUpload?(item: OutboxItem<P>): PendingUploadView;
}

/** Any kind, as the outbox's own code handles it (through its name, never its payload's shape). */
export type SomeOutboxKind = OutboxKind<KindedPayload, object>;
export type KindList = readonly SomeOutboxKind[];

/** The payloads of a list of kinds: a union discriminated by `kind`. */
export type PayloadOf<K extends KindList> = z.output<K[number]['payload']>;

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (
  value: infer I,
) => void
  ? I
  : never;

/** What the outbox needs of the service for a list of kinds: every kind's operations. */
export type TransportOf<K extends KindList> = object &
  UnionToIntersection<ReturnType<K[number]['operations']>>;

/** “Name”, as the outbox quotes what the investigator named. */
export const quoted = (name: string): string => `“${name}”`;
