import { channel } from 'node:diagnostics_channel';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../main/api/service-client';
import { silentLogger } from '../../../main/lib/logger';
import { createKytSender } from '../../../main/kyt/kyt-sender';
import { createKytStore } from '../../../main/kyt/kyt-store';
import { openTestLocalStore, scoredAnswer, transactionOf } from '../../support/kyt-fixture';
import { makeTempDir } from '../../support/temp-dir';
import { serve } from '../api/local-server';

// The work a batch does while a line is on its way (keeping the previous line's outcome) must
// start only once the request is on the wire: before, it would hold the request back.
describe('sending KYT submissions over a real connection', () => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const setUp = async (getToken: () => string | Promise<string>) => {
    const temp = makeTempDir('casedesk-kyt-wire-');
    const local = openTestLocalStore(temp.path);
    const store = createKytStore(local, silentLogger);
    const server = await serve((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(scoredAnswer(JSON.parse(body))));
      });
    });
    const client = createServiceClient({ baseUrl: server.baseUrl, getToken });
    cleanups.push(
      () => temp.remove(),
      () => local.close(),
      () => server.close(),
      () => client.close(),
    );
    const sender = createKytSender({ store, client, logger: silentLogger, onChange: () => {} });
    return { store, sender };
  };

  // What happened, in order: requests written (undici's own account) and work done meanwhile.
  const events: string[] = [];
  // Held here: a channel nobody holds may be collected with its subscribers.
  const sendHeaders = channel('undici:client:sendHeaders');
  const onSendHeaders = (message: unknown) => {
    const { request } = message as { request: { path: string } };
    events.push(`written ${request.path}`);
  };
  beforeAll(() => sendHeaders.subscribe(onSendHeaders));
  afterAll(() => sendHeaders.unsubscribe(onSendHeaders));

  for (const [name, getToken] of [
    ['a token read at once', () => 'wire-token-1234'],
    ['a token read asynchronously', () => Promise.resolve('wire-token-1234')],
  ] as const) {
    it(`runs the work while sending once, after the request is written (${name})`, async () => {
      events.length = 0;
      const { store, sender } = await setUp(getToken);
      for (let line = 1; line <= 4; line += 1) {
        const made = store.create({ transaction: transactionOf({ label: `line ${line}` }) });
        const { outcome, keep } = await sender.sendUnkept(made.id, {
          covered: true,
          whileSending: () => events.push('work'),
        });
        keep();
        expect(outcome.kind).toBe('scored');
        expect(store.get(made.id)?.status).toBe('scored');
      }
      // Each line's work after its own request was written, the first one on a new connection too.
      expect(events).toEqual(Array(4).fill(['written /api/v1/kyt/transaction', 'work']).flat());
    });
  }

  it('still runs the work once when the call ends without a request (token refused)', async () => {
    events.length = 0;
    const { store, sender } = await setUp(() => '');
    const made = store.create({ transaction: transactionOf() });
    let ran = 0;
    const { outcome, keep } = await sender.sendUnkept(made.id, { whileSending: () => (ran += 1) });
    keep();
    expect(outcome).toMatchObject({ kind: 'not-sent', tokenRefused: true });
    expect(ran).toBe(1);
    expect(events).toEqual([]);
  });
});
