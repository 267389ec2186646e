import { z } from 'zod';
import type { KeptRelation } from '../../preload/contract';
import type { Logger } from '../lib/logger';
import type { LocalStore } from '../local/local-store';

// The interface saves relations but cannot read them back (POST /customers/save only), so the
// relations CaseDesk saved live in the profile's local store. A relation has two ends and the
// store indexes one key per record (`subject`): the relation's own record (kind
// `customer.relation`) is kept under its parent, and a small record of a second kind under its
// child, written in the same transaction. Both ends are then one indexed lookup each, and the
// child's record holds nothing but the key: it is derived from the relation and set right at open.

export const RELATION_KIND = 'customer.relation';
export const RELATION_CHILD_KIND = 'customer.relation.child';
/** The version of what is kept beside a relation (subject, digest): another is derived again. */
const INDEX_VERSION = 1;

/** A kept relation read back from the store (a file): checked, never trusted as written. */
export const KeptRelationSchema: z.ZodType<KeptRelation> = z.object({
  relationExternalId: z.string().min(1),
  parentExternalId: z.string().min(1),
  childExternalId: z.string().min(1),
  relationType: z.number().int().nullable(),
  disabled: z.boolean(),
  fields: z.record(z.string(), z.unknown()),
  state: z.enum(['saved', 'queued', 'refused']),
  savedAt: z.string(),
  refusal: z.string().optional(),
});

export interface RelationsOfCustomer {
  asParent: KeptRelation[];
  asChild: KeptRelation[];
}

export interface RelationsStore {
  get(relationExternalId: string): KeptRelation | null;
  /** Creates or replaces a relation (an upsert by its external id, as the service's save is). */
  keep(relation: KeptRelation): void;
  /** Keeps each relation as `keep` does, all in one transaction (a batch of an import). */
  keepMany(relations: readonly KeptRelation[]): void;
  /** The relations naming the customer as parent, and as child, each ordered by external id. */
  ofCustomer(externalId: string): RelationsOfCustomer;
  /** Relations kept waiting for the outbox (`queued`). */
  queued(): KeptRelation[];
  /**
   * Derives again what is kept beside relations where it is missing or of another version (a store
   * recovered from a damaged copy), and drops child entries whose relation is gone. Returns how
   * many relations were derived again.
   */
  reindex(): number;
}

const byId = (a: KeptRelation, b: KeptRelation) =>
  a.relationExternalId < b.relationExternalId
    ? -1
    : a.relationExternalId > b.relationExternalId
      ? 1
      : 0;

export function createRelationsStore(local: LocalStore, logger: Logger): RelationsStore {
  const read = (id: string): KeptRelation | null => {
    const record = local.get(RELATION_KIND, id);
    if (!record) return null;
    const parsed = KeptRelationSchema.safeParse(record.body);
    if (!parsed.success) {
      logger.error(`the kept relation ${id} could not be read: ${parsed.error.message}`);
      return null;
    }
    return parsed.data;
  };

  const writeIndexes = (relation: KeptRelation) => {
    const digest = { v: INDEX_VERSION };
    local.setIndex(RELATION_KIND, relation.relationExternalId, {
      subject: relation.parentExternalId,
      digest,
      searchText: '',
    });
    local.put(
      RELATION_CHILD_KIND,
      relation.relationExternalId,
      { childExternalId: relation.childExternalId },
      { subject: relation.childExternalId, digest, searchText: '' },
    );
  };

  const write = (relation: KeptRelation) => {
    local.put(RELATION_KIND, relation.relationExternalId, relation, {
      subject: relation.parentExternalId,
      digest: { v: INDEX_VERSION },
      searchText: '',
    });
    writeIndexes(relation);
  };
  const keep = local.db.transaction(write);
  const keepMany = local.db.transaction((relations: readonly KeptRelation[]) => {
    for (const relation of relations) write(relation);
  });

  const idsUnder = (kind: string, subject: string) =>
    local.digests(kind, subject).map((digest) => digest.id);

  return {
    get: read,
    keep: (relation) => {
      keep(relation);
    },
    keepMany: (relations) => {
      keepMany(relations);
    },
    ofCustomer(externalId) {
      const asParent = idsUnder(RELATION_KIND, externalId)
        .map(read)
        .filter((relation): relation is KeptRelation => relation?.parentExternalId === externalId);
      // A child entry is only a key: the relation itself says whether it still names this child.
      const asChild = idsUnder(RELATION_CHILD_KIND, externalId)
        .map(read)
        .filter((relation): relation is KeptRelation => relation?.childExternalId === externalId);
      return { asParent: asParent.sort(byId), asChild: asChild.sort(byId) };
    },
    queued() {
      return local
        .list(RELATION_KIND)
        .flatMap((record) => {
          const parsed = KeptRelationSchema.safeParse(record.body);
          return parsed.success && parsed.data.state === 'queued' ? [parsed.data] : [];
        })
        .sort(byId);
    },
    reindex() {
      let derived = 0;
      local.db.transaction(() => {
        const children = new Map(
          local.digests(RELATION_CHILD_KIND).map((digest) => [digest.id, digest]),
        );
        const stale = new Set(local.stale(RELATION_KIND, INDEX_VERSION).map((record) => record.id));
        const kept = new Set<string>();
        for (const digest of local.digests(RELATION_KIND)) {
          kept.add(digest.id);
          if (!children.has(digest.id)) stale.add(digest.id);
        }
        for (const id of stale) {
          kept.add(id);
          const relation = read(id);
          if (!relation) continue;
          writeIndexes(relation);
          derived += 1;
        }
        // A child entry without its relation (the relation unreadable, or a partial recovery).
        for (const id of children.keys()) if (!kept.has(id)) local.remove(RELATION_CHILD_KIND, id);
        // Child entries recovered without their digest are not listed by digests(): set right.
        for (const record of local.stale(RELATION_CHILD_KIND, INDEX_VERSION)) {
          const relation = read(record.id);
          if (relation) writeIndexes(relation);
          else local.remove(RELATION_CHILD_KIND, record.id);
        }
      })();
      return derived;
    },
  };
}
