import { randomBytes, randomUUID, timingSafeEqual, createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '../lib/logger';
import { AdvanceRequest, createAdvancer, type AdvanceResult } from './advance';
import { openSandboxDb, type SandboxDb } from './db/open-sandbox-db';
import { createTenantStore } from './db/tenant-store';
import { createFaults, FaultChange, type FaultController, type FaultSettings } from './faults';
import { buildPressReport, evaluateKyt, screenSubject, type Scale } from './generator';
import { errorBody, SandboxError } from './http/api-error';
import { createHolds, HoldRequest } from './holds';
import { parseBody, readJsonBody } from './http/body';
import { writeReply } from './http/reply-writer';
import { json, matchRoute, route, type Reply, type Route } from './http/router';
import { createAlertOps } from './ops/alerts';
import type { OpContext } from './ops/common';
import { createCustomerOps } from './ops/customers';
import { createDocumentOps } from './ops/documents';
import { createKytOps } from './ops/kyt';
import { createPressOps } from './ops/press';
import { createScreeningRunner, type Screen } from './ops/screening-runner';
import { createThreadOps } from './ops/threads';
import { createTimelineWriter } from './ops/timeline';
import { generatedTenant, loadTenant } from './tenant-loader';

export interface SandboxOptions {
  dataDir: string;
  logger: Logger;
  /** 0 or absent: a random free port on 127.0.0.1. */
  port?: number;
  /** Absent: a random token. */
  token?: string;
  seed?: number;
  scale?: Scale;
  /** Start from an empty database and generate the tenant again. */
  reset?: boolean;
  faults?: Partial<FaultSettings>;
  now?: () => Date;
  /** Largest JSON body accepted, except uploads. */
  maxBodyBytes?: number;
  /** Largest upload body (base64 JSON) accepted. */
  maxUploadBytes?: number;
  /** Replaces the watchlist screening (tests). */
  screen?: Screen;
}

export interface Sandbox {
  baseUrl: string;
  token: string;
  seed: number;
  faults: FaultController;
  advance(request: AdvanceRequest): AdvanceResult;
  /** Runs the scans that big saves deferred. */
  runPendingScans(): number;
  db: SandboxDb;
  close(): Promise<void>;
}

const API = '/api/v1';

export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const seed = options.seed ?? 1;
  const scale = options.scale ?? 'small';
  const now = options.now ?? (() => new Date());
  let db = openSandboxDb(options.dataDir, { reset: options.reset === true });
  const existing = generatedTenant(db);
  if (!existing || existing.seed !== seed || existing.scale !== String(scale)) {
    // Another tenant, or a load that was interrupted: generate this one from nothing.
    db.close();
    db = openSandboxDb(options.dataDir, { reset: true });
    loadTenant({
      db,
      store: createTenantStore(db),
      seed,
      scale,
      now: now(),
      logger: options.logger,
    });
  }
  const store = createTenantStore(db);

  const token = options.token ?? randomBytes(24).toString('base64url');
  const faults = createFaults(options.faults ?? {}, seed);
  const holds = createHolds();
  let baseUrl = '';
  const context: OpContext = {
    db,
    store,
    seed,
    now,
    baseUrl: () => baseUrl,
    newId: (prefix) => `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 20)}`,
  };
  const timeline = createTimelineWriter(context);
  const screenCustomer = createScreeningRunner(
    context,
    timeline,
    options.screen ?? ((subject) => screenSubject(seed, subject)),
  );
  const customers = createCustomerOps(context, timeline, screenCustomer);
  const documents = createDocumentOps(context, timeline);
  const alerts = createAlertOps(context);
  const threads = createThreadOps(context);
  const press = createPressOps(context, timeline, buildPressReport);
  const kyt = createKytOps(context, timeline, evaluateKyt);
  const advance = createAdvancer(context);
  const maxBody = options.maxBodyBytes ?? 8 * 1024 * 1024;
  // Room for CaseDesk's default upload limit (100 MB) once base64-encoded.
  const maxUpload = options.maxUploadBytes ?? 160 * 1024 * 1024;

  const body = (request: IncomingMessage, limit = maxBody) => readJsonBody(request, limit);
  const routes: Route[] = [
    route('POST', `${API}/kyt/transaction`, async ({ request }) => kyt.create(await body(request))),
    route('POST', `${API}/customers/save`, async ({ request }) =>
      customers.save(await body(request)),
    ),
    route('GET', `${API}/customers/:id/stats`, ({ params }) => customers.stats(params.id ?? '')),
    route('GET', `${API}/customers/:id/timeline`, ({ params, url }) =>
      customers.timeline(params.id ?? '', url.searchParams),
    ),
    route('GET', `${API}/customers/:id`, ({ params }) => customers.detail(params.id ?? '')),
    route('POST', `${API}/customer_documents/upload`, async ({ request }) =>
      documents.upload(await body(request, maxUpload)),
    ),
    route('POST', `${API}/customer_documents/search`, async ({ request }) =>
      documents.search(await body(request)),
    ),
    route('GET', `${API}/customer_documents/:id/download`, ({ params }) =>
      documents.download(params.id ?? ''),
    ),
    route('POST', `${API}/customer_documents/:id`, async ({ request, params }) =>
      documents.update(params.id ?? '', await body(request)),
    ),
    route('DELETE', `${API}/customer_documents/:id`, ({ params }) =>
      documents.remove(params.id ?? ''),
    ),
    route('POST', `${API}/alerts/search`, async ({ request }) =>
      alerts.search(await body(request)),
    ),
    route(
      'POST',
      `${API}/thread/search`,
      async ({ request }) => threads.search(await body(request)),
      'bare',
    ),
    route(
      'GET',
      `${API}/chat/attachment/:id`,
      ({ params }) => threads.attachment(params.id ?? ''),
      'bare',
    ),
    route('POST', `${API}/press/instantreport`, async ({ request }) =>
      press.instantReport(await body(request)),
    ),
    route('GET', `${API}/press/reportbody/:id`, ({ params }) => press.reportBody(params.id ?? '')),
    route('POST', `${API}/press/report/:id/forcegen`, ({ params }) =>
      press.forceGeneration(params.id ?? ''),
    ),
  ];
  const adminRoutes: Route[] = [
    route('GET', '/__sandbox/faults', () => json(faults.settings())),
    route('PUT', '/__sandbox/faults', async ({ request }) =>
      json(faults.set(parseBody(FaultChange, await body(request)))),
    ),
    route('DELETE', '/__sandbox/faults', () => json(faults.reset())),
    route('GET', '/__sandbox/hold', () => json(holds.state())),
    route('PUT', '/__sandbox/hold', async ({ request }) =>
      json(holds.hold(parseBody(HoldRequest, await body(request)))),
    ),
    route('DELETE', '/__sandbox/hold', () => json(holds.release())),
    route('POST', '/__sandbox/advance', async ({ request }) =>
      json(advance(parseBody(AdvanceRequest, await body(request)))),
    ),
    route('POST', '/__sandbox/scan', () => json({ scanned: customers.runPendingScans() })),
    route('PUT', '/__sandbox/press/reportbody/:id', async ({ request, params, url }) =>
      press.plant(params.id ?? '', await body(request), url.searchParams.get('customer')),
    ),
    route('GET', '/__sandbox/kyt/scoring', () => kyt.scoring()),
    route('PUT', '/__sandbox/kyt/scoring', async ({ request }) =>
      kyt.setScoring(await body(request)),
    ),
  ];
  const publicRoutes: Route[] = [
    route('GET', '/external-files/:name', ({ params }) =>
      documents.externalFile(params.name ?? ''),
    ),
  ];

  const tokenDigest = createHash('sha256').update(token).digest();
  const bearerOf = (request: IncomingMessage) =>
    /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;
  const authorised = (candidate: string | null) =>
    candidate !== null &&
    timingSafeEqual(createHash('sha256').update(candidate).digest(), tokenDigest);

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://sandbox.invalid');
    const method = request.method ?? 'GET';
    const isApi = url.pathname.startsWith(`${API}/`);
    const table = isApi
      ? routes
      : url.pathname.startsWith('/__sandbox/')
        ? adminRoutes
        : publicRoutes;
    const found = matchRoute(table, method, url.pathname);
    const style = 'route' in found ? found.route.errorStyle : 'full';
    try {
      if (!('route' in found)) {
        request.resume();
        if (found.methodMismatch)
          throw new SandboxError(
            405,
            'request.method_not_allowed',
            `${method} is not allowed on ${url.pathname}.`,
          );
        throw new SandboxError(404, 'request.unknown_route', `No operation at ${url.pathname}.`);
      }
      let fault: ReturnType<FaultController['decide']> = { delayMs: 0, outcome: { kind: 'pass' } };
      if (table !== publicRoutes) {
        const candidate = bearerOf(request);
        if (!authorised(candidate)) {
          request.resume();
          throw new SandboxError(
            401,
            'auth.token_invalid',
            'The access token is missing, invalid or expired.',
          );
        }
        if (isApi) fault = faults.decide(candidate ?? '', Date.now());
      }
      if (
        isApi &&
        !(await holds.pass(url.pathname.slice(API.length), (gone) => response.once('close', gone)))
      ) {
        request.resume();
        return;
      }
      if (fault.delayMs > 0) await delay(fault.delayMs);
      if (fault.outcome.kind === 'server_error') {
        request.resume();
        throw new SandboxError(
          fault.outcome.status,
          'server.unavailable',
          'The service is temporarily unavailable. Try again later.',
        );
      }
      if (fault.outcome.kind === 'throttle') {
        request.resume();
        throw new SandboxError(
          429,
          'rate_limit.exceeded',
          'Too many requests. Retry after the delay given.',
          'ERR_TOO_MANY_REQUESTS',
          {
            'Retry-After': String(fault.outcome.retryAfterSeconds),
          },
        );
      }
      const reply: Reply = await found.route.handle({
        request,
        response,
        params: found.params,
        url,
      });
      writeReply(response, reply, fault.outcome);
    } catch (error) {
      const failure =
        error instanceof SandboxError
          ? error
          : (options.logger.error(`sandbox ${method} ${url.pathname} failed`, error),
            new SandboxError(500, 'server.internal', 'The service failed to process the request.'));
      if (response.headersSent) {
        response.destroy();
        return;
      }
      const text = errorBody(failure, style);
      response.writeHead(failure.status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(text),
        ...failure.headers,
      });
      response.end(text);
    }
  }

  const server = createServer((request, response) => void handle(request, response));
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    token,
    seed,
    faults,
    advance,
    runPendingScans: () => customers.runPendingScans(),
    db,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          db.close();
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
