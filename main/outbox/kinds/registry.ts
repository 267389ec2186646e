import { z } from 'zod';
import { customersSave } from './customers-save';
import { documentDelete } from './document-delete';
import { documentUpdate } from './document-update';
import { documentUpload } from './document-upload';
import { kytSubmit } from './kyt-submit';
import { pressForce } from './press-force';
import type { KindedPayload, KindList, PayloadOf, SomeOutboxKind, TransportOf } from './kind';

/** Every kind of write the outbox holds. A new kind is a file in this folder and a line here. */
export const OUTBOX_KINDS = [
  documentUpload,
  documentUpdate,
  documentDelete,
  customersSave,
  pressForce,
  kytSubmit,
] as const satisfies KindList;

export type BuiltInKinds = typeof OUTBOX_KINDS;

/** What the outbox needs of the service: every built-in kind's operations. */
export type OutboxTransport = TransportOf<BuiltInKinds>;

/**
 * What may be queued and read back: one of the kinds' payloads, told apart by `kind`. Two kinds of
 * the same name would make an item's kind ambiguous: refused at once.
 */
export function payloadSchemaOf<K extends KindList>(kinds: K): z.ZodType<PayloadOf<K>> {
  const names = new Set<string>();
  for (const kind of kinds) {
    if (names.has(kind.name)) throw new Error(`Two outbox kinds are named ${kind.name}.`);
    names.add(kind.name);
  }
  // Each kind's schema is an object with its name as the literal `kind` (zod checks it here).
  const options = kinds.map((kind) => kind.payload) as unknown as [
    z.core.$ZodTypeDiscriminable,
    ...z.core.$ZodTypeDiscriminable[],
  ];
  return z.discriminatedUnion('kind', options) as unknown as z.ZodType<PayloadOf<K>>;
}

/** Writes made offline or that failed, waiting to be sent. */
export const OutboxPayload = payloadSchemaOf(OUTBOX_KINDS);
export type OutboxPayload = PayloadOf<BuiltInKinds>;

/** The kind of a payload the outbox accepted (its schema only lets registered kinds in). */
export function kindOf(kinds: KindList, payload: KindedPayload): SomeOutboxKind {
  const kind = kinds.find((candidate) => candidate.name === payload.kind);
  if (!kind) throw new Error(`The outbox has no kind named ${payload.kind}.`);
  return kind;
}

/** Cache tables a change shows in; for one that is gone (its kind unknown), those of every kind. */
export function cacheTablesOf(kinds: KindList, payload: KindedPayload | null): string[] {
  if (payload) return [...kindOf(kinds, payload).cacheTables];
  return [...new Set(kinds.flatMap((kind) => kind.cacheTables))];
}
