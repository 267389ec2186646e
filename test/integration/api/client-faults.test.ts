import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/api/service-error';
import { closedPort } from '../../support/fake-service';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';
import {
  clientFor,
  failureOf,
  readAll,
  recordingDispatcher,
  recordingSleep,
  type SentRequest,
} from './client-fixture';

const kytBody = (externalId: string) => ({
  external_id: externalId,
  amount: 120,
  currency: 'EUR',
  date: new Date().toISOString(),
  from: { external_id: 'sender-1', full_name: 'Ann Sender', domicile_code: 'FR' },
  to: { full_name: 'Bo Receiver', domicile_code: 'DE' },
});

const sentWith = (sent: SentRequest[], externalId: string) =>
  sent.filter((request) => request.body?.includes(`"external_id":"${externalId}"`)).length;

describe('service client under injected faults', () => {
  let t: TestSandbox;
  const storedKyt = (externalId: string) =>
    (
      t.sandbox.db
        .prepare(
          "SELECT COUNT(*) AS n FROM kyt_transactions WHERE json_extract(json, '$.external_id') = ?",
        )
        .get(externalId) as { n: number }
    ).n;

  beforeAll(async () => {
    t = await startTestSandbox({ scale: 20 });
  });
  afterEach(() => {
    t.sandbox.faults.reset();
  });
  afterAll(() => t.close());

  it('searches still succeed by retrying, and waits honour Retry-After', async () => {
    t.sandbox.faults.set({ serverErrorRate: 0.3, throttleRate: 0.2, retryAfterSeconds: 1 });
    const sleep = recordingSleep();
    const { client, retries } = clientFor(t, {
      retry: { maxAttempts: 12, baseDelayMs: 10, maxDelayMs: 2_000 },
      sleep: sleep.sleep,
      random: () => 0.5,
    });
    for (let index = 0; index < 15; index += 1) {
      expect((await client.alerts.search({ limit: 2, offset: index })).data.length).toBe(2);
      await client.threads.search({ on_page: 1, per_page: 2 });
      await client.documents.search({ limit: 2 });
    }
    expect(retries.length).toBeGreaterThan(10);
    const throttled = retries.filter((retry) => retry.error.status === 429);
    const failed = retries.filter((retry) => (retry.error.status ?? 0) >= 500);
    expect(throttled.length).toBeGreaterThan(0);
    expect(failed.length).toBeGreaterThan(0);
    // Retry-After: 1 → exactly one second; 5xx → half (random 0.5) of the doubling ceiling.
    for (const retry of throttled) expect(retry.delayMs).toBe(1_000);
    for (const retry of failed)
      expect(retry.delayMs).toBe(Math.floor(0.5 * Math.min(2_000, 10 * 2 ** (retry.attempt - 1))));
    expect(sleep.delays).toEqual(retries.map((retry) => retry.delayMs));
    await client.close();
  });

  it('caps a long Retry-After at maxDelayMs and gives up when attempts run out', async () => {
    t.sandbox.faults.set({ throttleRate: 1, retryAfterSeconds: 30 });
    const sleep = recordingSleep();
    const { client } = clientFor(t, {
      retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 250 },
      sleep: sleep.sleep,
    });
    const error = await failureOf(client.alerts.search({}));
    expect(error).toMatchObject({
      kind: 'http',
      status: 429,
      retryable: true,
      retryAfterMs: 30_000,
    });
    expect(sleep.delays).toEqual([250, 250]);
    await client.close();
  });

  it('hands a Retry-After longer than it would wait back to a caller that waits itself (a KYT batch), after one try', async () => {
    t.sandbox.faults.set({ throttleRate: 1, retryAfterSeconds: 30 });
    const sleep = recordingSleep();
    const { client } = clientFor(t, {
      retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 250 },
      sleep: sleep.sleep,
    });
    const error = await failureOf(
      client.kyt.createTransactionAsReceived(kytBody('long-wait-1'), { waitsForRetryAfter: true }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 429, retryAfterMs: 30_000 });
    // Not tried again early: the caller waits the 30 s the service asked.
    expect(sleep.delays).toEqual([]);
    t.sandbox.faults.set({ throttleRate: 1, retryAfterSeconds: 0 });
    await failureOf(
      client.kyt.createTransactionAsReceived(kytBody('short-wait-1'), { waitsForRetryAfter: true }),
    );
    // A wait the client takes itself is still taken.
    expect(sleep.delays.length).toBe(2);
    await client.close();
  });

  it('never sends a write twice when its outcome is unknown, and says so', async () => {
    t.sandbox.faults.set({ serverErrorRate: 0.25, dropRate: 0.25, malformedRate: 0.25 });
    const recorder = recordingDispatcher();
    const { client } = clientFor(t, {
      dispatcher: recorder.dispatcher,
      sleep: recordingSleep().sleep,
    });
    const outcomes = { ok: 0, network: 0, malformed: 0, http: 0 };
    for (let index = 0; index < 40; index += 1) {
      const id = `fault-tx-${index}`;
      try {
        await client.kyt.createTransaction(kytBody(id));
        outcomes.ok += 1;
        expect(storedKyt(id)).toBe(1);
      } catch (error) {
        expect(error).toBeInstanceOf(ServiceError);
        const failure = error as ServiceError;
        expect(failure).toMatchObject({ outcomeUnknown: true, retryable: false });
        expect(failure.message).toMatch(/not known whether the service applied it/);
        if (failure.kind === 'network' || failure.kind === 'malformed' || failure.kind === 'http')
          outcomes[failure.kind] += 1;
        // Dropped and malformed answers come after the work; 5xx before it.
        expect(storedKyt(id)).toBe(failure.kind === 'http' ? 0 : 1);
      }
      expect(sentWith(recorder.sent, id)).toBe(1);
    }
    expect(outcomes.ok).toBeGreaterThan(0);
    expect(outcomes.network).toBeGreaterThan(0);
    expect(outcomes.malformed).toBeGreaterThan(0);
    expect(outcomes.http).toBeGreaterThan(0);
    await client.close();
    await recorder.close();
  });

  it('repeats a throttled write: a 429 refuses a request before doing it', async () => {
    t.sandbox.faults.set({ throttleRate: 1, retryAfterSeconds: 1 });
    const recorder = recordingDispatcher();
    const sleep = recordingSleep();
    const { client } = clientFor(t, {
      dispatcher: recorder.dispatcher,
      sleep: sleep.sleep,
      retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 5_000 },
    });
    const error = await failureOf(client.kyt.createTransaction(kytBody('throttled-tx')));
    expect(error).toMatchObject({ kind: 'http', status: 429, outcomeUnknown: false });
    expect(sentWith(recorder.sent, 'throttled-tx')).toBe(3);
    expect(sleep.delays).toEqual([1_000, 1_000]);
    expect(storedKyt('throttled-tx')).toBe(0);
    await client.close();
    await recorder.close();
  });

  it('retries a write refused at connect (nothing sent), reporting a known outcome', async () => {
    const port = await closedPort();
    const sleep = recordingSleep();
    const { client, retries } = clientFor(t, {
      baseUrl: `http://127.0.0.1:${port}`,
      sleep: sleep.sleep,
      retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 100 },
    });
    const error = await failureOf(client.customers.save({ customers: [{ external_id: 'X' }] }));
    expect(error).toMatchObject({
      kind: 'network',
      operation: 'customers.save',
      outcomeUnknown: false,
      retryable: true,
      detail: 'ECONNREFUSED',
    });
    expect(retries).toHaveLength(2);
    await client.close();
  });

  it('reports a malformed search body clearly once retries run out', async () => {
    t.sandbox.faults.set({ malformedRate: 1 });
    const { client, retries } = clientFor(t, {
      retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const error = await failureOf(client.alerts.search({ limit: 3 }));
    expect(error).toMatchObject({
      kind: 'malformed',
      operation: 'alerts.search',
      status: 200,
      outcomeUnknown: false,
    });
    expect((error as ServiceError).message).toMatch(/search the alerts: .*not valid JSON/);
    expect(retries).toHaveLength(1);
    await client.close();
  });

  it('retries a read whose connection dropped mid-body, and succeeds', async () => {
    t.sandbox.faults.set({ dropRate: 0.5 });
    const { client, retries } = clientFor(t, {
      retry: { maxAttempts: 12, baseDelayMs: 1, maxDelayMs: 1 },
    });
    for (let index = 0; index < 6; index += 1) await client.alerts.search({ limit: 20 });
    expect(retries.length).toBeGreaterThan(0);
    expect(retries.every((retry) => retry.error.kind === 'network')).toBe(true);
    await client.close();
  });

  it('surfaces a download cut mid-body as a ServiceError on the stream', async () => {
    const { client } = clientFor(t);
    const page = await client.documents.search({ limit: 50 });
    const document = page.documents.find((d) => d.file_source === 'internal');
    if (!document) throw new Error('no internal document');
    t.sandbox.faults.set({ dropRate: 1 });
    const download = await client.documents.download(document.id);
    if (download.kind !== 'content') throw new Error('expected content');
    const error = await failureOf(readAll(download.body));
    expect(error).toMatchObject({ kind: 'network', operation: 'documents.download' });
    await client.close();
  });

  it('times out a slow JSON call (totalMs), and a write that timed out is not repeated', async () => {
    t.sandbox.faults.set({ latencyMs: 400 });
    const recorder = recordingDispatcher();
    const { client, retries } = clientFor(t, {
      dispatcher: recorder.dispatcher,
      timeouts: { totalMs: 100 },
      retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const read = await failureOf(client.alerts.search({ limit: 1 }));
    expect(read).toMatchObject({ kind: 'timeout', operation: 'alerts.search', retryable: true });
    expect((read as ServiceError).message).toMatch(/did not answer in time/);
    expect(retries).toHaveLength(1);
    const write = await failureOf(client.kyt.createTransaction(kytBody('slow-tx')));
    expect(write).toMatchObject({ kind: 'timeout', outcomeUnknown: true, retryable: false });
    expect(sentWith(recorder.sent, 'slow-tx')).toBe(1);
    await client.close();
    await recorder.close();
  });

  it('times out on the headers timeout too (undici checks it about once a second)', async () => {
    t.sandbox.faults.set({ latencyMs: 1_500 });
    const { client } = clientFor(t, {
      timeouts: { headersMs: 100 },
      retry: { maxAttempts: 1 },
    });
    expect(await failureOf(client.customers.stats('nobody'))).toMatchObject({ kind: 'timeout' });
    await client.close();
  });

  it('cancels a call in flight, and one cancelled before it starts sends nothing', async () => {
    t.sandbox.faults.set({ latencyMs: 300 });
    const recorder = recordingDispatcher();
    const { client, retries } = clientFor(t, { dispatcher: recorder.dispatcher });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const inFlight = await failureOf(
      client.kyt.createTransaction(kytBody('cancelled-tx'), { signal: controller.signal }),
    );
    expect(inFlight).toMatchObject({ kind: 'cancelled', outcomeUnknown: true, retryable: false });
    expect((inFlight as ServiceError).message).toMatch(/cancelled/);
    const before = await failureOf(client.alerts.search({}, { signal: AbortSignal.abort() }));
    expect(before).toMatchObject({ kind: 'cancelled', outcomeUnknown: false });
    expect(recorder.sent).toHaveLength(1);
    expect(retries).toHaveLength(0);
    await client.close();
    await recorder.close();
  });

  it('cancels during the wait between attempts', async () => {
    t.sandbox.faults.set({ serverErrorRate: 1 });
    const controller = new AbortController();
    const { client } = clientFor(t, {
      retry: { maxAttempts: 5, baseDelayMs: 5_000, maxDelayMs: 5_000 },
      random: () => 1,
      onRetry: () => controller.abort(),
    });
    const started = performance.now();
    const error = await failureOf(client.alerts.search({}, { signal: controller.signal }));
    expect(error).toMatchObject({ kind: 'cancelled', operation: 'alerts.search' });
    expect(performance.now() - started).toBeLessThan(2_000);
    await client.close();
  });
});
