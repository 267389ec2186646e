import type { Dispatcher } from 'undici';
import { createAlertsApi, type AlertsApi } from './alerts';
import { createCustomersApi, type CustomersApi } from './customers';
import { createDocumentsApi, type DocumentsApi } from './documents';
import { createKytApi, type KytApi } from './kyt';
import { defaultAgent } from './network-options';
import { createPressApi, type PressApi } from './press';
import { DEFAULT_RETRY, type RetryOptions } from './retry-policy';
import type { ServiceError } from './service-error';
import {
  createAttachmentsApi,
  createThreadsApi,
  type AttachmentsApi,
  type ThreadsApi,
} from './threads';
import { DEFAULT_TIMEOUTS, defaultSleep, type ClientTimeouts, type RetryEvent } from './call-spec';
import { createTransport } from './transport';

export interface ServiceClientOptions {
  /** The address in front of /api/v1, e.g. https://screening.example.com */
  baseUrl: string;
  /** The access token, or a function reading it when each call starts (it may change). */
  token?: string;
  getToken?: () => string | Promise<string>;
  /** From buildDispatcher (proxies, CA); absent: a direct keep-alive agent owned by the client. */
  dispatcher?: Dispatcher;
  timeouts?: Partial<ClientTimeouts>;
  retry?: Partial<RetryOptions>;
  /** For the backoff jitter; tests fix it. */
  random?: () => number;
  /** Waits between attempts; tests record the delays instead of waiting. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Clock for Retry-After dates. */
  now?: () => number;
  /** Called once per call the service refused for its token, so the profile can say so. */
  onAuthFailure?: (error: ServiceError) => void;
  /** Each retry, for logs and tests. */
  onRetry?: (event: RetryEvent) => void;
  maxJsonBytes?: number;
}

export interface ServiceClient {
  customers: CustomersApi;
  documents: DocumentsApi;
  alerts: AlertsApi;
  threads: ThreadsApi;
  attachments: AttachmentsApi;
  press: PressApi;
  kyt: KytApi;
  /** Closes the connections of the dispatcher the client made itself (not one it was given). */
  close(): Promise<void>;
}

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const { token } = options;
  const getToken = options.getToken ?? (token !== undefined ? () => token : undefined);
  if (!getToken) throw new TypeError('createServiceClient needs a token or getToken.');
  if (!URL.canParse(options.baseUrl) || !/^https?:$/.test(new URL(options.baseUrl).protocol))
    throw new TypeError(
      `The service address ${JSON.stringify(options.baseUrl)} is not an http(s) URL.`,
    );
  const baseUrl = new URL(options.baseUrl).href;
  const timeouts: ClientTimeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const owned = options.dispatcher ? null : defaultAgent(timeouts.connectMs);
  const dispatcher = options.dispatcher ?? owned;
  if (!dispatcher) throw new TypeError('No dispatcher.');

  const transport = createTransport({
    baseUrl,
    getToken,
    dispatcher,
    timeouts,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    random: options.random ?? Math.random,
    sleep: options.sleep ?? defaultSleep,
    now: options.now ?? Date.now,
    onAuthFailure: options.onAuthFailure,
    onRetry: options.onRetry,
    maxJsonBytes: options.maxJsonBytes ?? 256 * 1024 * 1024,
  });

  return {
    customers: createCustomersApi(transport),
    documents: createDocumentsApi(transport),
    alerts: createAlertsApi(transport),
    threads: createThreadsApi(transport),
    attachments: createAttachmentsApi(transport),
    press: createPressApi(transport),
    kyt: createKytApi(transport),
    close: async () => {
      await owned?.close();
    },
  };
}
