import { z } from 'zod';
import type {
  CustomerDraft,
  ImportLine,
  KeptRelation,
  RelationDraft,
  RelationGraph,
  SaveReport,
} from '../../preload/contract';
import { cachedRelations, readShapeLinks } from '../cache/customer-360';
import { readCustomerIdentity } from '../cache/customer-identity';
import type { CacheDb } from '../cache/open-cache';
import { readSnapshot } from '../cache/read-snapshot';
import { AppError } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import type { LocalStore } from '../local/local-store';
import type { CustomerSaver, SaveRequestLines } from './customer-ports';
import { relationGraph, type GraphLink, type GraphReaders } from './relation-graph';
import { createRelationsStore, type RelationsStore } from './relations-store';
import { reportOfAnswer } from './save-report';

export interface RelationsService {
  /** Relations kept for a customer, as parent then as child (one naming it at both ends once). */
  list(externalId: string): KeptRelation[];
  graph(externalId: string, depth: number, limit: number): RelationGraph;
  /**
   * Verifies with the service first; a line with errors answers that report and keeps nothing.
   * Else saves (queued in the outbox when offline) and keeps the relation as saved or queued.
   * Offline the service cannot verify: the save then waits in the outbox, and the service checks
   * it when it is delivered (a refused delivery shows in the outbox).
   */
  save(relation: RelationDraft, verifyOnly: boolean): Promise<SaveReport>;
  /** A queued save was delivered: the relations it carried are kept as saved. */
  delivered(relationExternalIds: readonly string[]): void;
  /** Any delivered outbox write: the relations it carried, if any, are kept as saved. */
  deliveredWrite(payload: unknown): void;
  /**
   * Relations saved by other means than the form (a batch of an import): kept as saved, as a
   * relation saved from the form is, in one transaction.
   */
  keepSaved(relations: readonly RelationDraft[]): void;
  /**
   * The service answered a save the outbox delivered: each relation it carried, where the kept one
   * is still what was sent, becomes saved, or refused with the service's words.
   */
  answered(sent: DeliveredLines, answer: unknown): void;
}

/** What a delivered save carried (the outbox's customers.save payload). */
export interface DeliveredLines {
  customers: readonly CustomerDraft[];
  relations: readonly RelationDraft[];
}

/** The relations among the lines a batch of an import saved. */
export function savedRelationsOf(lines: readonly ImportLine[]): RelationDraft[] {
  return lines.flatMap((line) =>
    line.kind === 'relation' && line.status === 'saved' && line.relation ? [line.relation] : [],
  );
}

const keptLink = (relation: KeptRelation): GraphLink => ({
  id: relation.relationExternalId,
  parentExternalId: relation.parentExternalId,
  childExternalId: relation.childExternalId,
  relationType: relation.relationType,
  fromReadShape: false,
  disabled: relation.disabled,
  ...(relation.state === 'refused' ? { refused: true } : {}),
});

/** The links the cache knows of a customer: its relations table and the read shape's parent. */
export function cacheLinkReader(db: CacheDb): (externalId: string) => GraphLink[] {
  return (externalId) => {
    const links: GraphLink[] = [];
    for (const side of ['parent', 'child'] as const) {
      const known = cachedRelations(db, externalId, side);
      const link = (other: string) =>
        side === 'parent'
          ? { parentExternalId: externalId, childExternalId: other }
          : { parentExternalId: other, childExternalId: externalId };
      for (const view of known)
        links.push({
          id: view.relationExternalId,
          ...link(view.otherExternalId),
          relationType: view.relationType,
          fromReadShape: false,
          disabled: false,
        });
      for (const view of readShapeLinks(db, externalId, side, known))
        links.push({
          id: view.relationExternalId,
          ...link(view.otherExternalId),
          relationType: null,
          fromReadShape: true,
          disabled: false,
        });
    }
    return links;
  };
}

const linesOf = (relation: RelationDraft): SaveRequestLines => ({
  customers: [],
  relations: [relation],
  disableRiskScan: false,
});

const keptFrom = (
  relation: RelationDraft,
  state: 'saved' | 'queued',
  at: number,
): KeptRelation => ({
  relationExternalId: relation.relation_external_id,
  parentExternalId: relation.parent_customer_external_id,
  childExternalId: relation.child_customer_external_id,
  relationType: relation.relation_type ?? null,
  disabled: relation.disabled ?? false,
  fields: relation.fields ?? {},
  state,
  savedAt: new Date(at).toISOString(),
});

/**
 * Keeps relations the service saved as saved, in one transaction; answers what was kept. The
 * command line's import keeps through this (it opens no workspace).
 */
export function keepSavedRelations(
  store: Pick<RelationsStore, 'keepMany'>,
  relations: readonly RelationDraft[],
  at: number,
): KeptRelation[] {
  const kept = relations.map((relation) => keptFrom(relation, 'saved', at));
  if (kept.length > 0) store.keepMany(kept);
  return kept;
}

/** The kept relation is what this draft would keep: an answer about the draft is about it. */
const sameAs = (kept: KeptRelation, relation: RelationDraft): boolean => {
  const sent = keptFrom(relation, 'saved', 0);
  return (
    kept.parentExternalId === sent.parentExternalId &&
    kept.childExternalId === sent.childExternalId &&
    kept.relationType === sent.relationType &&
    kept.disabled === sent.disabled &&
    JSON.stringify(kept.fields) === JSON.stringify(sent.fields)
  );
};

/** The service's words for a refused line, each problem once. */
const refusalOf = (errors: SaveReport['lines'][number]['errors']): string =>
  [...new Set(errors.map((problem) => problem.detail || problem.code))].join('; ');

/** What of a delivered write names relations (a save of customers and relations carries them). */
const CarriedRelations = z.object({
  relations: z.array(z.object({ relation_external_id: z.string() })),
});

/** The service could not be reached (the saver's verify says so with this code). */
const unreachable = (error: unknown) => error instanceof AppError && error.code === 'unavailable';

export function createRelationsService(deps: {
  store: RelationsStore;
  /** Null while no saver is wired: saving is refused with a clear reason, reading works. */
  saver: CustomerSaver | null;
  cache: CacheDb;
  now?: () => number;
  /** Relations of these customers changed. */
  onChange?: (externalIds: string[]) => void;
}): RelationsService {
  const { store } = deps;
  const now = deps.now ?? Date.now;
  const saverOf = (): CustomerSaver => {
    if (deps.saver) return deps.saver;
    throw new AppError(
      'unavailable',
      'Saving relations is not available in this CaseDesk yet; the relations kept so far can still be read.',
    );
  };
  const keep = (relation: KeptRelation) => {
    store.keep(relation);
    deps.onChange?.([...new Set([relation.parentExternalId, relation.childExternalId])]);
  };

  const delivered = (relationExternalIds: readonly string[]) => {
    for (const id of relationExternalIds) {
      const kept = store.get(id);
      if (kept?.state === 'queued') keep({ ...kept, state: 'saved' });
    }
  };

  return {
    list(externalId) {
      const { asParent, asChild } = store.ofCustomer(externalId);
      const listed = new Set(asParent.map((relation) => relation.relationExternalId));
      return [
        ...asParent,
        ...asChild.filter((relation) => !listed.has(relation.relationExternalId)),
      ];
    },
    graph(externalId, depth, limit) {
      return readSnapshot(deps.cache, (db) => {
        const readers: GraphReaders = {
          kept: (id) => {
            const { asParent, asChild } = store.ofCustomer(id);
            return [...asParent, ...asChild].map(keptLink);
          },
          cached: cacheLinkReader(db),
          name: (id) => readCustomerIdentity(db, id)?.name ?? '',
        };
        return relationGraph(externalId, { depth, limit }, readers);
      });
    },
    async save(relation, verifyOnly) {
      const saver = saverOf();
      const lines = linesOf(relation);
      let verified: SaveReport | null = null;
      try {
        verified = await saver.verify(lines);
      } catch (error) {
        if (verifyOnly || !unreachable(error)) throw error;
      }
      if (verifyOnly && verified) return verified;
      if (verified?.failed) return verified;
      // Not verified: the service could not be reached a moment ago, so the save waits at once.
      const saved = await saver.save(lines, { queueWhenOffline: true, offline: verified === null });
      if (saved.failed) return saved;
      keep(keptFrom(relation, saved.outcome === 'queued' ? 'queued' : 'saved', now()));
      return saved;
    },
    deliveredWrite(payload) {
      const carried = CarriedRelations.safeParse(payload);
      if (carried.success)
        delivered(carried.data.relations.map((line) => line.relation_external_id));
    },
    delivered,
    keepSaved(relations) {
      const kept = keepSavedRelations(store, relations, now());
      if (kept.length === 0) return;
      deps.onChange?.([
        ...new Set(
          kept.flatMap((relation) => [relation.parentExternalId, relation.childExternalId]),
        ),
      ]);
    },
    answered(sent, answer) {
      if (sent.relations.length === 0) return;
      const report = reportOfAnswer(
        answer as Parameters<typeof reportOfAnswer>[0],
        { customers: sent.customers, relations: sent.relations },
        { verify: false, disableRiskScan: false },
      );
      const lines = report.lines.slice(sent.customers.length);
      sent.relations.forEach((relation, index) => {
        const kept = store.get(relation.relation_external_id);
        // Changed since this was queued (edited, or saved again by an import): this answer is
        // about an older version.
        if (!kept || !sameAs(kept, relation)) return;
        const errors = lines[index]?.errors ?? [];
        const { refusal: _before, ...rest } = kept;
        keep(
          errors.length > 0
            ? { ...rest, state: 'refused', refusal: refusalOf(errors) }
            : { ...rest, state: 'saved' },
        );
      });
    },
  };
}

/**
 * The relations over a profile's open local store, as the workspace opens them: what is kept
 * beside each relation is derived again first where it is missing (a store recovered).
 */
export function openRelations(deps: {
  local: LocalStore;
  saver: CustomerSaver | null;
  cache: CacheDb;
  logger: Logger;
  onChange?: (externalIds: string[]) => void;
}): RelationsService {
  const store = createRelationsStore(deps.local, deps.logger);
  const derived = store.reindex();
  if (derived > 0) deps.logger.info(`derived the index of ${derived} kept relation(s)`);
  return createRelationsService({
    store,
    saver: deps.saver,
    cache: deps.cache,
    ...(deps.onChange ? { onChange: deps.onChange } : {}),
  });
}
