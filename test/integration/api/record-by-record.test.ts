import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClient, type ServiceClient } from '../../../main/api/service-client';
import * as sample from '../../unit/api/wire-samples';
import { answer } from './local-server';

// Issue 13, "One bad record": every list the sync reads is read record by record. What cannot be
// keyed or typed is set aside with its reason; values the interface allows but the spec does not
// expect are kept as received.
describe('service client: one odd record never costs the rest of its page', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  });
  const clientOf = async (body: unknown): Promise<ServiceClient> => {
    const running = await answer(200, body);
    const client = createServiceClient({
      baseUrl: running.baseUrl,
      token: 'test-token-1234',
      retry: { maxAttempts: 1 },
    });
    cleanups.push(
      () => client.close(),
      () => running.close(),
    );
    return client;
  };

  it.each([
    [
      'an empty id',
      { ...sample.alert, id: '' },
      'id: Too small: expected string to have >=1 characters',
    ],
    ['a numeric id', { ...sample.alert, id: 7 }, 'id: expected string, received number'],
    ['not an object', 'alert-1', '(whole body): expected object, received string'],
    ['null', null, '(whole body): expected object, received null'],
    [
      'a fractional state',
      { ...sample.alert, last_revision: { ...sample.revision, state: 2.5 } },
      'last_revision.state: expected int or string',
    ],
  ])('an alert with %s is set aside with why', async (_, odd, reason) => {
    const client = await clientOf({ data: [sample.alert, odd, { ...sample.alert, id: 'a3' }] });
    const page = await client.alerts.search({});
    expect(page.data.map((alert) => alert.id)).toEqual([sample.alert.id, 'a3']);
    expect(page.refused).toHaveLength(1);
    expect(page.refused[0]?.raw).toEqual(odd);
    expect(page.refused[0]?.reason).toMatch(reason.split(':')[0] ?? '');
  });

  it.each([
    ['a score of 55.5', { score: 55.5 }],
    ['a score of 250', { score: 250 }],
    ['a negative score', { score: -3 }],
    ['a state of 99', { state: 99 }],
    ['a state as text', { state: 'escalated' }],
    ['a date without offset', { created_at: '2024-03-05T14:30:15' }],
    ['epoch seconds as text', { created_at: '1709649015' }],
    ['epoch milliseconds as a number', { created_at: 1709649015000 }],
    ['an empty date', { created_at: '' }],
  ])('an alert with %s is kept as received', async (_, fields) => {
    const odd = { ...sample.alert, id: 'odd', last_revision: { ...sample.revision, ...fields } };
    const client = await clientOf({ data: [odd], total: 1 });
    const page = await client.alerts.search({});
    expect(page.refused).toEqual([]);
    const kept = page.data[0]?.last_revision as Record<string, unknown>;
    for (const [field, value] of Object.entries(fields))
      expect(kept[field]).toEqual(
        typeof value === 'number' && field === 'created_at' ? String(value) : value,
      );
  });

  it('a thread whose customer cannot be keyed is set aside, the other threads kept', async () => {
    const bad = {
      ...sample.thread,
      id: 't-bad',
      customers: [{ ...sample.customer, external_id: '' }],
    };
    const client = await clientOf({ data: [bad, { ...sample.thread, id: 't-ok' }], total: 2 });
    const page = await client.threads.search({});
    expect(page.data.map((thread) => thread.id)).toEqual(['t-ok']);
    expect(page.refused.map((refused) => refused.raw)).toEqual([bad]);
    expect(page.refused[0]?.reason).toMatch(/^customers\.0\.external_id/);
  });

  it('a document without id is set aside; one dated as text is kept', async () => {
    const client = await clientOf({
      documents: [
        { ...sample.document, id: undefined },
        { ...sample.document, id: 'd2', created_at: '2024-03-05T14:30:15Z' },
      ],
      total: 2,
    });
    const page = await client.documents.search({});
    expect(page.documents.map((document) => document.id)).toEqual(['d2']);
    expect(page.refused[0]?.reason).toBe('id: missing, expected string');
  });

  it('a timeline event without ID is set aside, the timeline kept', async () => {
    const client = await clientOf([sample.event, { ...sample.event, ID: null }]);
    const events = await client.customers.timeline('C-1');
    expect(events).toEqual([sample.event]);
    expect(events.refused.map((refused) => refused.reason)).toEqual([
      'ID: expected string, received null',
    ]);
  });
});
