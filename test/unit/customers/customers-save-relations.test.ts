import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../main/api';
import { customersKindContext } from '../../../main/customers/customer-read-back';
import type { CustomerSaver } from '../../../main/customers/customer-ports';
import {
  createRelationsService,
  type RelationsService,
} from '../../../main/customers/relations-service';
import { createRelationsStore } from '../../../main/customers/relations-store';
import { AppError } from '../../../main/lib/app-error';
import { silentLogger } from '../../../main/lib/logger';
import type { LocalStore } from '../../../main/local/local-store';
import {
  CustomerLinesRefused,
  customersSave,
  CustomersSavePayload,
  type SentRelationLines,
} from '../../../main/outbox/kinds/customers-save';
import type { RelationDraft } from '../../../preload/contract';
import { openTestCache } from '../cache/review-records';
import { openTestLocalStore } from '../../support/kyt-fixture';
import { makeTempDir } from '../../support/temp-dir';

// A relation saved offline waits in the outbox as `queued`. When the outbox delivers the save, the
// service's answer decides what the relation becomes: saved, or refused with the service's words
// (the outbox then holds the item as failed). The kind tells the customers core before it throws.

const relation: RelationDraft = {
  relation_external_id: 'rel-P-K-7',
  parent_customer_external_id: 'P',
  child_customer_external_id: 'K',
  relation_type: 7,
};
const payload = CustomersSavePayload.parse({
  kind: 'customers.save',
  customers: [],
  relations: [relation],
});
const sending = { id: 'item-1', bodySent: () => undefined };
const refusing = {
  status: 'ok',
  detail: [
    {
      external_id: 'rel-P-K-7',
      errors: [{ error: 'unknown_customer', detail: 'child_customer_external_id K is unknown' }],
      warnings: [],
    },
  ],
};

/** The kind's operations over a client that answers `answer`, with the context the workspace gives. */
function operationsAnswering(
  answer: unknown,
  onRelationsAnswered?: (sent: SentRelationLines, answer: unknown) => void,
) {
  const client = {
    customers: {
      save: () => Promise.resolve(answer),
      get: () => Promise.reject(new Error('not read back here')),
    },
  } as unknown as ServiceClient;
  return customersSave.operations(client, {
    customers: customersKindContext({
      customers: client.customers,
      writer: { putCustomerDetail: () => undefined },
      ...(onRelationsAnswered ? { onRelationsAnswered } : {}),
    }),
  });
}

describe('a relation the outbox delivers', () => {
  it('tells the answer, with the lines sent, before a refusal holds the item', async () => {
    const told: Array<{ sent: SentRelationLines; answer: unknown }> = [];
    const ops = operationsAnswering(refusing, (sent, answer) => told.push({ sent, answer }));
    await expect(customersSave.send(payload, ops, sending)).rejects.toBeInstanceOf(
      CustomerLinesRefused,
    );
    expect(told).toEqual([{ sent: { customers: [], relations: [relation] }, answer: refusing }]);
  });

  it('tells an accepted answer too, and nothing for a save that carried no relation', async () => {
    const told: unknown[] = [];
    const ops = operationsAnswering({ status: 'ok', detail: [] }, (_sent, answer) =>
      told.push(answer),
    );
    await customersSave.send(payload, ops, sending);
    await customersSave.send({ ...payload, relations: [] }, ops, sending);
    expect(told).toEqual([{ status: 'ok', detail: [] }]);
  });

  it('delivers as before when nobody keeps relations (the command line)', async () => {
    const ops = operationsAnswering({ status: 'ok', detail: [] });
    await expect(customersSave.send(payload, ops, sending)).resolves.toMatchObject({
      customersSave: { status: 'ok' },
    });
  });

  describe('kept by the relations service', () => {
    let temp: ReturnType<typeof makeTempDir>;
    let local: LocalStore;
    let service: RelationsService;
    beforeEach(async () => {
      temp = makeTempDir('casedesk-relations-outbox-');
      local = openTestLocalStore(temp.path);
      // Saved while the service could not be reached: kept as queued.
      const saver: CustomerSaver = {
        verify: () => Promise.reject(new AppError('unavailable', 'offline')),
        save: (lines) =>
          Promise.resolve({
            outcome: 'queued',
            status: null,
            lines: lines.relations.map((line) => ({
              kind: 'relation' as const,
              externalId: line.relation_external_id,
              errors: [],
              warnings: [],
              customerId: null,
            })),
            failed: false,
            riskScanForced: false,
          }),
      };
      service = createRelationsService({
        store: createRelationsStore(local, silentLogger),
        saver,
        cache: openTestCache().db,
      });
      await service.save(relation, false);
    });
    afterEach(() => {
      local.close();
      temp.remove();
    });

    it('refused on delivery: shown refused with the service’s words', async () => {
      expect(service.list('K')[0]?.state).toBe('queued');
      const ops = operationsAnswering(refusing, (sent, answer) => service.answered(sent, answer));
      await expect(customersSave.send(payload, ops, sending)).rejects.toThrow(/refused 1 line/);
      expect(service.list('P')[0]).toMatchObject({
        state: 'refused',
        refusal: 'child_customer_external_id K is unknown',
      });
    });

    it('accepted on delivery: saved', async () => {
      const ops = operationsAnswering({ status: 'ok', detail: [] }, (sent, answer) =>
        service.answered(sent, answer),
      );
      await customersSave.send(payload, ops, sending);
      expect(service.list('K')[0]?.state).toBe('saved');
    });
  });
});
