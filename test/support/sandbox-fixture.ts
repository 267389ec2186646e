import { silentLogger } from '../../main/lib/logger';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../main/sandbox/sandbox-server';
import { makeTempDir } from './temp-dir';

export interface SandboxCallResult {
  status: number;
  headers: Headers;
  text: string;
  bytes: Uint8Array;
  json<T = unknown>(): T;
}

export interface TestSandbox {
  sandbox: Sandbox;
  dataDir: string;
  call(
    method: string,
    path: string,
    options?: { body?: unknown; rawBody?: string; token?: string | null; contentType?: string },
  ): Promise<SandboxCallResult>;
  close(): Promise<void>;
  /** Stops the service and keeps its data (the app is offline until `restart`). */
  stop(): Promise<void>;
  /** Stops the service if it runs, then starts it again on the same port, data and token. */
  restart(): Promise<void>;
}

/**
 * A sandbox clock that reads exactly `start` the first time (when the sandbox generates its tenant)
 * and runs on in real time from there: the tenant is the same whenever the test runs, and later
 * writes still get later times.
 */
export function clockFrom(start: string): () => Date {
  const startMs = Date.parse(start);
  if (Number.isNaN(startMs)) throw new RangeError(`not an instant: ${start}`);
  let origin: number | null = null;
  return () => {
    origin ??= performance.now();
    return new Date(startMs + Math.floor(performance.now() - origin));
  };
}

/** A sandbox on a random port with its own data folder; `call` speaks HTTP to it as a client would. */
export async function startTestSandbox(
  options: Partial<SandboxOptions> = {},
): Promise<TestSandbox> {
  const temp = makeTempDir('casedesk-sandbox-');
  const settings: SandboxOptions = {
    dataDir: temp.path,
    logger: silentLogger,
    seed: 7,
    scale: 60,
    ...options,
  };
  let sandbox = await startSandbox(settings);
  let running = true;
  const stop = async () => {
    if (running) await sandbox.close();
    running = false;
  };
  return {
    get sandbox() {
      return sandbox;
    },
    dataDir: temp.path,
    async call(method, path, callOptions = {}) {
      const headers: Record<string, string> = {};
      const token = callOptions.token === undefined ? sandbox.token : callOptions.token;
      if (token !== null) headers.authorization = `Bearer ${token}`;
      let body: string | undefined;
      if (callOptions.rawBody !== undefined) body = callOptions.rawBody;
      else if (callOptions.body !== undefined) body = JSON.stringify(callOptions.body);
      if (body !== undefined)
        headers['content-type'] = callOptions.contentType ?? 'application/json';
      const response = await fetch(`${sandbox.baseUrl}${path}`, {
        method,
        headers,
        body,
        redirect: 'manual',
      });
      const bytes = new Uint8Array(await response.arrayBuffer());
      const text = Buffer.from(bytes).toString('utf8');
      return {
        status: response.status,
        headers: response.headers,
        text,
        bytes,
        json: <T>() => JSON.parse(text) as T,
      };
    },
    async close() {
      await stop();
      temp.remove();
    },
    stop,
    async restart() {
      const { port } = new URL(sandbox.baseUrl);
      const token = sandbox.token;
      await stop();
      // The same tenant (its database is kept), reachable where the app's profile points.
      sandbox = await startSandbox({ ...settings, port: Number(port), token, reset: false });
      running = true;
    },
  };
}
