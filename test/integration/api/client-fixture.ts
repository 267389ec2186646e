import type { Readable } from 'node:stream';
import { Agent, type Dispatcher } from 'undici';
import {
  createServiceClient,
  type ServiceClient,
  type ServiceClientOptions,
} from '../../../main/api/service-client';
import type { RetryEvent } from '../../../main/api/call-spec';
import type { TestSandbox } from '../../support/sandbox-fixture';

/** One request as the client dispatched it: what went on the wire, counted before any fault. */
export interface SentRequest {
  method: string;
  path: string;
  body: string | null;
}

/**
 * A dispatcher that records every request the client sends, so tests can prove a write was sent
 * once, whatever the service answered.
 */
export function recordingDispatcher(): {
  dispatcher: Dispatcher;
  sent: SentRequest[];
  close(): Promise<void>;
} {
  const agent = new Agent();
  const sent: SentRequest[] = [];
  const dispatcher = agent.compose((dispatch) => (options, handler) => {
    sent.push({
      method: options.method,
      path: options.path,
      body: typeof options.body === 'string' ? options.body : null,
    });
    return dispatch(options, handler);
  });
  return { dispatcher, sent, close: () => agent.close() };
}

/** Sleeps that only record: retries run at once, and the delays can be checked. */
export function recordingSleep(): {
  sleep: (ms: number) => Promise<void>;
  delays: number[];
} {
  const delays: number[] = [];
  return {
    delays,
    sleep: (ms) => {
      delays.push(ms);
      return Promise.resolve();
    },
  };
}

export function clientFor(
  t: TestSandbox,
  options: Partial<ServiceClientOptions> = {},
): { client: ServiceClient; retries: RetryEvent[] } {
  const retries: RetryEvent[] = [];
  const client = createServiceClient({
    baseUrl: t.sandbox.baseUrl,
    token: t.sandbox.token,
    retry: { maxAttempts: 4, baseDelayMs: 5, maxDelayMs: 50 },
    timeouts: { totalMs: 10_000 },
    onRetry: (event) => retries.push(event),
    ...options,
  });
  return { client, retries };
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Awaits a promise expected to fail and returns its error. */
export async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, it succeeded');
}
