import { join } from 'node:path';
import {
  KytTransactionInput,
  type KytTransaction,
  type KytTransactionRequest,
} from '../../preload/contract';
import type { ServiceClient } from '../../main/api';
import { httpFailure, transportFailure } from '../../main/api/service-error';
import { silentLogger } from '../../main/lib/logger';
import { openLocalStore, type LocalStore } from '../../main/local/local-store';
import { workspaceKytOutbox } from '../../main/kyt/kyt-outbox';
import { createKytService } from '../../main/kyt/kyt-service';
import { openKytSubmissions } from '../../main/kyt/open-kyt';
import { OUTBOX_KINDS } from '../../main/outbox/kinds/registry';
import { createOutboxReplayer } from '../../main/outbox/outbox-replayer';
import { openOutbox } from '../../main/outbox/outbox-store';
import {
  classifyServiceFailure,
  createServiceTransport,
} from '../../main/outbox/service-transport';

/** A transaction as the form or a file gives it, checked by the contract's schema. */
export function transactionOf(overrides: Partial<KytTransactionRequest> = {}): KytTransaction {
  return KytTransactionInput.parse({
    amount: 1250.5,
    currency: 'eur',
    date: '2026-03-04T10:00:00+01:00',
    label: 'Invoice 42',
    from: { full_name: 'Ann Lee', external_id: 'C1', device: { country: 'fr' } },
    to: { full_name: 'Bo Chen', external_id: 'C2' },
    ...overrides,
  });
}

export function openTestLocalStore(folder: string, now?: () => number): LocalStore {
  const opening = openLocalStore(join(folder, 'local.db'), silentLogger, now);
  if (opening.state !== 'open') throw new Error(`local store not open: ${opening.reason}`);
  return opening.store;
}

/** An answer the sandbox's model would give, for a body. */
export function scoredAnswer(body: unknown, overrides: Record<string, unknown> = {}) {
  return {
    ...(body as object),
    id: 'kyt_1',
    client_id: 1,
    converted_amount: 1250.5,
    converted_currency: 'EUR',
    customers: ['C1'],
    rules: [{ active: true, code: 'R1', score: 60, use_weight: true, weight: 2 }],
    score: 60,
    search_vector: [],
    state: { code: 2, label: 'Review' },
    ...overrides,
  };
}

/**
 * The KYT part of the API client, answering as told; every body it was given is kept (a body
 * counted is a request that went out).
 */
export function fakeKytClient(answer: (body: unknown, call: number) => Promise<unknown>) {
  const bodies: unknown[] = [];
  const client = {
    kyt: {
      createTransaction: () => Promise.reject(new Error('not used by the KYT core')),
      createTransactionAsReceived: (body: unknown) => {
        bodies.push(body);
        return answer(body, bodies.length);
      },
    },
  } as unknown as Pick<ServiceClient, 'kyt'>;
  return { client, bodies };
}

const operation = 'kyt.createTransaction' as const;

/** The client's own errors, as it makes them for POST /kyt/transaction. */
export const kytFailures = {
  refused: () =>
    httpFailure({
      operation,
      status: 400,
      body: {
        errors: [
          { code: 'v1.amount', message: 'old wording', deprecated: true },
          { code: 'amount_invalid', message: 'amount must be a number', deprecated: false },
        ],
      },
      retryAfterMs: null,
    }),
  throttled: (retryAfterMs: number) =>
    httpFailure({ operation, status: 429, body: null, retryAfterMs }),
  failing: () => httpFailure({ operation, status: 502, body: null, retryAfterMs: null }),
  tokenRefused: () => httpFailure({ operation, status: 401, body: null, retryAfterMs: null }),
  /** The connection dropped after the body went out. */
  dropped: () =>
    transportFailure({
      operation,
      error: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      dispatched: true,
      cancelled: false,
      deadlineMs: null,
    }),
  /** No connection at all: nothing was sent. */
  unreachable: () =>
    transportFailure({
      operation,
      error: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      dispatched: true,
      cancelled: false,
      deadlineMs: null,
    }),
};

/**
 * The KYT core over a profile folder as the workspace builds it: local store, outbox (kind
 * `kyt.submit` among the built-in kinds), replayer, submissions core and service. `close` leaves
 * the files for a next run to open (a restart).
 */
export function openKytStack(folder: string, client: Pick<ServiceClient, 'kyt'>) {
  const local = openTestLocalStore(folder);
  const outbox = openOutbox(join(folder, 'outbox.db'), silentLogger);
  const core = openKytSubmissions({ local, client, logger: silentLogger });
  const replayer = createOutboxReplayer({
    outbox,
    transport: createServiceTransport(client as ServiceClient, OUTBOX_KINDS, {
      kyt: core.kindContext,
    }),
    classify: classifyServiceFailure,
    logger: silentLogger,
  });
  const service = createKytService({
    ...core,
    outbox: workspaceKytOutbox(outbox, replayer),
    cache: null,
    logger: silentLogger,
  });
  return {
    local,
    outbox,
    core,
    replayer,
    service,
    close() {
      core.changes.close();
      outbox.close();
      local.close();
    },
  };
}
