import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KytListFilter } from '../../../preload/contract';
import { createKytSender } from '../../../main/kyt/kyt-sender';
import { createKytService } from '../../../main/kyt/kyt-service';
import { silentLogger } from '../../../main/lib/logger';
import type { KytOutbox } from '../../../main/kyt/kyt-outbox';
import { createKytChanges } from '../../../main/kyt/kyt-changes';
import { createKytStore } from '../../../main/kyt/kyt-store';
import type { LocalStore } from '../../../main/local/local-store';
import { fakeKytClient, openTestLocalStore, transactionOf } from '../../support/kyt-fixture';
import { makeTempDir } from '../../support/temp-dir';

// Any answer the interface allows, and any JSON at all, is kept exactly as received, and the
// screens' reads (list, get) never throw on it. No stand-ins here: the answer readers are the real
// ones (whatever they are in this build); the core survives a reader that fails on a shape.

/** Every response field of a KYT transaction, each present or not, of its type or any other. */
const looseAnswer = fc.record(
  {
    id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    client_id: fc.oneof(fc.integer(), fc.string()),
    score: fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string(),
      fc.constant(null),
    ),
    state: fc.oneof(
      fc.record({ code: fc.jsonValue(), label: fc.jsonValue() }, { requiredKeys: [] }),
      fc.jsonValue(),
    ),
    rules: fc.oneof(
      fc.array(
        fc.record(
          {
            active: fc.oneof(fc.boolean(), fc.jsonValue()),
            code: fc.oneof(fc.string(), fc.jsonValue()),
            score: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.jsonValue()),
            use_weight: fc.oneof(fc.boolean(), fc.jsonValue()),
            weight: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.jsonValue()),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 6 },
      ),
      fc.jsonValue(),
    ),
    customers: fc.oneof(fc.array(fc.string(), { maxLength: 4 }), fc.jsonValue()),
    converted_amount: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.jsonValue()),
    converted_currency: fc.jsonValue(),
    converted_date: fc.jsonValue(),
    search_vector: fc.jsonValue(),
    from: fc.jsonValue(),
    to: fc.jsonValue(),
    extra: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

describe('any answer to POST /kyt/transaction', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let local: LocalStore;
  beforeAll(() => {
    temp = makeTempDir('casedesk-kyt-property-');
    local = openTestLocalStore(temp.path);
  });
  afterAll(() => {
    local.close();
    temp.remove();
  });

  it('is kept as received, and lists and reads of it never throw', async () => {
    const store = createKytStore(local, silentLogger);
    const changes = createKytChanges(null);
    const outbox: KytOutbox = {
      enqueue: () => 'item',
      items: () => new Map(),
      discard: () => false,
    };
    let next: unknown = null;
    const sender = createKytSender({
      store,
      client: fakeKytClient(() => Promise.resolve(next)).client,
      logger: silentLogger,
      onChange: (ids) => changes.emit(ids),
    });
    const service = createKytService({
      store,
      sender,
      changes,
      outbox,
      cache: null,
      logger: silentLogger,
    });
    await fc.assert(
      fc.asyncProperty(fc.oneof(looseAnswer, fc.jsonValue()), async (answer) => {
        const made = store.create({ transaction: transactionOf() });
        next = answer;
        const outcome = await sender.send(made.id);
        const isObject = typeof answer === 'object' && answer !== null && !Array.isArray(answer);
        expect(outcome.kind).toBe(isObject ? 'scored' : 'in-doubt');
        const kept = store.get(made.id);
        // As stored: its JSON, exactly (-0 is 0 in JSON).
        expect(kept?.answer).toEqual(JSON.parse(JSON.stringify(answer)) as unknown);
        const detail = service.get(made.id);
        expect(detail?.summary.id).toBe(made.id);
        expect(detail?.request).toEqual(made.transaction);
        const list = service.list(KytListFilter.parse({ limit: 1000 }));
        expect(list.submissions.map((summary) => summary.id)).toContain(made.id);
        expect(() => service.list(KytListFilter.parse({ scoreMin: 0, state: 'x' }))).not.toThrow();
        expect(() => service.search('a 1', 5)).not.toThrow();
      }),
      { numRuns: 120 },
    );
  });
});
