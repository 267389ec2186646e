import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportLine, RelationDraft, SaveReport } from '../../../preload/contract';
import type { CustomerSaver, SaveRequestLines } from '../../../main/customers/customer-ports';
import {
  createRelationsService,
  keepSavedRelations,
  savedRelationsOf,
} from '../../../main/customers/relations-service';
import { createRelationsStore } from '../../../main/customers/relations-store';
import { AppError } from '../../../main/lib/app-error';
import { silentLogger } from '../../../main/lib/logger';
import type { LocalStore } from '../../../main/local/local-store';
import { customer, openTestCache, thread } from '../cache/review-records';
import { openTestLocalStore } from '../../support/kyt-fixture';
import { keptRelation } from '../../support/relations-fixture';
import { makeTempDir } from '../../support/temp-dir';

const draft: RelationDraft = {
  relation_external_id: 'rel-P-K-3',
  parent_customer_external_id: 'P',
  child_customer_external_id: 'K',
  relation_type: 3,
  fields: { share: '40%' },
};

const report = (
  outcome: SaveReport['outcome'],
  errors: SaveReport['lines'][number]['errors'] = [],
): SaveReport => ({
  outcome,
  status: outcome === 'queued' ? null : 'ok',
  lines: [
    {
      kind: 'relation',
      externalId: draft.relation_external_id,
      errors,
      warnings: [],
      customerId: null,
    },
  ],
  failed: errors.length > 0,
  riskScanForced: false,
});

/** A saver that answers as told and records what it was asked. */
function fakeSaver(answers: {
  verify?: () => SaveReport;
  save?: (options: { queueWhenOffline?: boolean; offline?: boolean } | undefined) => SaveReport;
}) {
  const calls: Array<{
    call: 'verify' | 'save';
    lines: SaveRequestLines;
    queue?: boolean;
    offline?: boolean;
  }> = [];
  const saver: CustomerSaver = {
    verify(lines) {
      calls.push({ call: 'verify', lines });
      return Promise.resolve().then(() => (answers.verify ?? (() => report('verified')))());
    },
    save(lines, options) {
      calls.push({
        call: 'save',
        lines,
        ...(options?.queueWhenOffline === undefined ? {} : { queue: options.queueWhenOffline }),
        ...(options?.offline === undefined ? {} : { offline: options.offline }),
      });
      return Promise.resolve().then(() => (answers.save ?? (() => report('saved')))(options));
    },
  };
  return { saver, calls };
}

const importLine = (
  line: number,
  kind: ImportLine['kind'],
  extra: Partial<ImportLine> = {},
): ImportLine => ({
  line,
  kind,
  externalId: `L${line}`,
  status: 'saved',
  customer: null,
  relation: null,
  source: '',
  errors: [],
  warnings: [],
  customerId: null,
  ...extra,
});

const offline = () => {
  throw new AppError('unavailable', 'The service cannot be reached.');
};

describe('saving a relation', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let local: LocalStore;
  beforeEach(() => {
    temp = makeTempDir('casedesk-relations-service-');
    local = openTestLocalStore(temp.path);
  });
  afterEach(() => {
    local.close();
    temp.remove();
  });
  const serviceOf = (saver: CustomerSaver | null, changed: string[][] = []) =>
    createRelationsService({
      store: createRelationsStore(local, silentLogger),
      saver,
      cache: openTestCache().db,
      now: () => Date.parse('2026-03-10T08:00:00Z'),
      onChange: (ids) => changed.push(ids),
    });

  it('verifies first, then saves, and keeps the relation as saved on both customers', async () => {
    const { saver, calls } = fakeSaver({});
    const changed: string[][] = [];
    const service = serviceOf(saver, changed);
    const answer = await service.save(draft, false);
    expect(answer.outcome).toBe('saved');
    expect(calls.map((c) => c.call)).toEqual(['verify', 'save']);
    expect(calls[0]?.lines).toEqual({ customers: [], relations: [draft], disableRiskScan: false });
    expect(calls[1]).toMatchObject({ queue: true, offline: false });
    const expected = keptRelation('rel-P-K-3', 'P', 'K', {
      relationType: 3,
      fields: { share: '40%' },
      savedAt: '2026-03-10T08:00:00.000Z',
    });
    expect(service.list('P')).toEqual([expected]);
    expect(service.list('K')).toEqual([expected]);
    expect(changed).toEqual([['P', 'K']]);
  });

  it('answers the verification and keeps nothing when a line has errors', async () => {
    const problem = { code: 'unknown_relation_type', detail: 'no type 3', field: 'relation_type' };
    const { saver, calls } = fakeSaver({ verify: () => report('verified', [problem]) });
    const service = serviceOf(saver);
    const answer = await service.save(draft, false);
    expect(answer).toMatchObject({ outcome: 'verified', failed: true });
    expect(answer.lines[0]?.errors).toEqual([problem]);
    expect(calls.map((c) => c.call)).toEqual(['verify']);
    expect(service.list('P')).toEqual([]);
  });

  it('only verifies when asked to, keeping nothing', async () => {
    const { saver, calls } = fakeSaver({});
    const service = serviceOf(saver);
    expect((await service.save(draft, true)).outcome).toBe('verified');
    expect(calls.map((c) => c.call)).toEqual(['verify']);
    expect(service.list('P')).toEqual([]);
  });

  it('keeps nothing when the save itself reports an error', async () => {
    const problem = { code: 'unknown_customer', detail: 'K is unknown', field: null };
    const { saver } = fakeSaver({ save: () => report('saved', [problem]) });
    const service = serviceOf(saver);
    expect((await service.save(draft, false)).failed).toBe(true);
    expect(service.list('K')).toEqual([]);
  });

  it('offline, queues the save and keeps the relation as queued until it is delivered', async () => {
    const { saver, calls } = fakeSaver({ verify: offline, save: () => report('queued') });
    const service = serviceOf(saver);
    expect((await service.save(draft, false)).outcome).toBe('queued');
    expect(calls.map((c) => c.call)).toEqual(['verify', 'save']);
    expect(calls[1]).toMatchObject({ queue: true, offline: true });
    expect(service.list('P')[0]?.state).toBe('queued');
    // A delivered write that carries no relations changes nothing.
    service.deliveredWrite({ kind: 'documents.upload', relations: 'none' });
    expect(service.list('K')[0]?.state).toBe('queued');
    service.deliveredWrite({
      customers: [],
      relations: [draft, { relation_external_id: 'other' }],
    });
    expect(service.list('K')[0]?.state).toBe('saved');
  });

  it('keeps the relations an import batch saved, as saved on both ends, in one change', () => {
    const changed: string[][] = [];
    const service = serviceOf(null, changed);
    const second: RelationDraft = {
      relation_external_id: 'rel-Q-K-1',
      parent_customer_external_id: 'Q',
      child_customer_external_id: 'K',
      relation_type: 1,
    };
    service.keepSaved(
      savedRelationsOf([
        importLine(1, 'customer', { status: 'saved' }),
        importLine(2, 'relation', { status: 'saved', relation: draft }),
        importLine(3, 'relation', {
          status: 'refused',
          relation: { ...second, relation_external_id: 'x' },
        }),
        importLine(4, 'relation', { status: 'saved', relation: second }),
      ]),
    );
    expect(service.list('K').map((r) => [r.relationExternalId, r.state])).toEqual([
      ['rel-P-K-3', 'saved'],
      ['rel-Q-K-1', 'saved'],
    ]);
    expect(service.list('P')).toEqual([
      keptRelation('rel-P-K-3', 'P', 'K', { relationType: 3, fields: { share: '40%' } }),
    ]);
    expect(changed).toEqual([['P', 'K', 'Q']]);
    service.keepSaved([]);
    expect(changed).toHaveLength(1);
  });

  it('keeps no relation of a batch when the store fails in the middle of it', () => {
    const store = createRelationsStore(local, silentLogger);
    const broken = { ...draft, relation_external_id: 'rel-2' };
    expect(() =>
      keepSavedRelations(
        {
          keepMany: (relations) =>
            store.keepMany(
              relations.map((relation, index) =>
                index === 1
                  ? {
                      ...relation,
                      toJSON: () => {
                        throw new Error('the disk is full');
                      },
                    }
                  : relation,
              ),
            ),
        },
        [draft, broken],
        0,
      ),
    ).toThrow('the disk is full');
    expect(store.ofCustomer('P').asParent).toEqual([]);
    expect(store.ofCustomer('K').asChild).toEqual([]);
  });

  describe('a queued save the outbox delivered', () => {
    const sent = { customers: [], relations: [draft] };
    const queuedService = async () => {
      const { saver } = fakeSaver({ verify: offline, save: () => report('queued') });
      const service = serviceOf(saver);
      await service.save(draft, false);
      return service;
    };

    it('refused: the relation is refused with the service’s words', async () => {
      const service = await queuedService();
      service.answered(sent, {
        status: 'ok',
        detail: [
          {
            external_id: 'rel-P-K-3',
            errors: [{ error: 'unknown_customer', detail: 'child K is not a customer' }],
            warnings: [],
          },
        ],
      });
      expect(service.list('K')[0]).toMatchObject({
        state: 'refused',
        refusal: 'child K is not a customer',
      });
      expect(service.graph('K', 1, 10).edges).toMatchObject([{ id: 'rel-P-K-3', refused: true }]);
      // Saved again from the form: saved, the refusal gone.
      const { saver } = fakeSaver({});
      const again = serviceOf(saver);
      await again.save(draft, false);
      expect(again.list('K')[0]?.state).toBe('saved');
      expect(again.list('K')[0]).not.toHaveProperty('refusal');
    });

    it('accepted: the relation is saved; an answer it cannot read counts as accepted', async () => {
      const service = await queuedService();
      service.answered(sent, { status: 'ok', detail: [] });
      expect(service.list('K')[0]?.state).toBe('saved');
      const other = await queuedService();
      other.answered(sent, 'not json');
      expect(other.list('K')[0]?.state).toBe('saved');
    });

    it('an answer about an older version leaves the relation as it was changed since', async () => {
      const service = await queuedService();
      service.answered(
        { customers: [], relations: [{ ...draft, disabled: true }] },
        { detail: [{ external_id: 'rel-P-K-3', errors: [{ error: 'bad', detail: 'no' }] }] },
      );
      expect(service.list('K')[0]?.state).toBe('queued');
    });

    it('an import that saved the relation anew since is not undone by the queued one’s refusal', async () => {
      const service = await queuedService();
      service.keepSaved([{ ...draft, disabled: true }]);
      service.answered(sent, {
        detail: [{ external_id: 'rel-P-K-3', errors: [{ error: 'bad', detail: 'no' }] }],
      });
      expect(service.list('K')[0]).toMatchObject({ state: 'saved', disabled: true });
    });

    it('matches relation lines after the customer lines carried with them', async () => {
      const service = await queuedService();
      service.answered(
        {
          customers: [{ external_id: 'C1', account_type: 'F', last_name: 'Doe' }],
          relations: [draft],
        },
        {
          detail: [
            { external_id: 'C1', errors: [], warnings: [] },
            { external_id: 'rel-P-K-3', errors: [{ error: 'x', detail: 'refused' }], warnings: [] },
          ],
        },
      );
      expect(service.list('K')[0]).toMatchObject({ state: 'refused', refusal: 'refused' });
    });
  });

  it('offline, a verification alone fails with the reason, and other failures are not queued', async () => {
    const { saver } = fakeSaver({ verify: offline });
    await expect(serviceOf(saver).save(draft, true)).rejects.toThrow(/cannot be reached/);
    const refused = fakeSaver({
      verify: () => {
        throw new AppError('invalid_input', 'The token was refused.');
      },
    });
    await expect(serviceOf(refused.saver).save(draft, false)).rejects.toThrow(/refused/);
    expect(refused.calls.map((c) => c.call)).toEqual(['verify']);
  });

  it('says plainly that saving is unavailable when no saver is wired, and still lists', async () => {
    const service = serviceOf(null);
    await expect(service.save(draft, false)).rejects.toThrow(/not available/);
    expect(service.list('P')).toEqual([]);
  });

  it('lists a self link once', () => {
    const store = createRelationsStore(local, silentLogger);
    store.keep(keptRelation('R1', 'S', 'S'));
    const service = createRelationsService({ store, saver: null, cache: openTestCache().db });
    expect(service.list('S')).toHaveLength(1);
  });
});

describe('the graph over the local store and the cache', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let local: LocalStore;
  beforeEach(() => {
    temp = makeTempDir('casedesk-relations-graph-');
    local = openTestLocalStore(temp.path);
  });
  afterEach(() => {
    local.close();
    temp.remove();
  });

  it('joins kept relations, the cached read-shape parent and the cached names', () => {
    const { db, writer } = openTestCache();
    writer.putThreads(
      [
        thread('T1', {
          customers: [
            customer('P1', { first_name: 'Parent', last_name: 'Holding' }),
            customer('K1', { first_name: 'Kid', last_name: 'One', parent_external_id: 'P1' }),
            customer('K2', { first_name: 'Kid', last_name: 'Two' }),
          ],
        }),
      ],
      Date.parse('2024-04-01T00:00:00Z'),
    );
    const store = createRelationsStore(local, silentLogger);
    store.keep(keptRelation('R1', 'K1', 'K2', { relationType: 5, disabled: true }));
    const service = createRelationsService({ store, saver: null, cache: db });
    const graph = service.graph('K1', 2, 10);
    expect(graph.nodes.map((n) => [n.externalId, n.name, n.distance])).toEqual([
      ['K1', 'Kid One', 0],
      ['K2', 'Kid Two', 1],
      ['P1', 'Parent Holding', 1],
    ]);
    expect(graph.edges).toEqual([
      {
        id: 'R1',
        parentExternalId: 'K1',
        childExternalId: 'K2',
        relationType: 5,
        fromReadShape: false,
        disabled: true,
      },
      {
        id: 'parent_external_id:K1',
        parentExternalId: 'P1',
        childExternalId: 'K1',
        relationType: null,
        fromReadShape: true,
        disabled: false,
      },
    ]);
    expect(graph.cut).toBe(false);
  });
});
