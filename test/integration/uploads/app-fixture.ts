import { join } from 'node:path';
import type {
  InspectedFile,
  OutboxItemView,
  Result,
  SyncStatusView,
  UploadProgress,
} from '../../../preload/contract';
import { AppError } from '../../../main/lib/app-error';
import type { Core } from '../../../main/core';
import { silentLogger } from '../../../main/lib/logger';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox-server';
import type { Workspace } from '../../../main/workspace/workspace';
import { makeTempDir } from '../../support/temp-dir';
import { syncToEnd } from '../../support/sync-to-end';
import { createTestCore } from '../../support/test-core';

const TOKEN = 'uploads-test-token-5e4d3c';

export interface ServiceDocument {
  id: string;
  customer_external_id: string;
  display_name: string;
  file_name: string;
  file_size: number;
  tags: string[];
}

/**
 * CaseDesk's core on its own data folder, with one profile pointing at a sandbox service that can
 * be stopped and started again on the same port (the app goes offline and comes back), and the
 * app itself restarted on the same data folder.
 */
export async function startUploadsApp(
  options: { seed?: number; outboxRetryMs?: readonly number[] } = {},
) {
  const temp = makeTempDir('casedesk-uploads-');
  const dataDir = join(temp.path, 'app');
  let port = 0;
  let sandbox: Sandbox | null = null;
  const startService = async () => {
    sandbox = await startSandbox({
      dataDir: join(temp.path, 'service'),
      logger: silentLogger,
      seed: options.seed ?? 11,
      scale: 20,
      token: TOKEN,
      port,
    });
    port = Number(new URL(sandbox.baseUrl).port);
  };
  const openCore = () =>
    createTestCore(dataDir, options.outboxRetryMs ? { outboxRetryMs: options.outboxRetryMs } : {});

  await startService();
  let core: Core = await openCore();
  const progress: UploadProgress[] = [];
  /** Every event, in order, by name. */
  const events: Array<{ name: string; payload: unknown }> = [];
  const record = (name: string, payload: unknown) => {
    events.push({ name, payload });
    if (name === 'uploads.progress') progress.push(payload as UploadProgress);
  };
  let stopRecording = core.events.subscribe(record);

  // Calls come as the desktop app makes them: a dropped file is registered by the preload's own
  // message (register below), and named on the bridge by the handle it answered.
  const call = async <T>(method: string, input?: unknown): Promise<T> => {
    const reply = await core.dispatch(method, input, { transport: 'electron' });
    if (!reply.ok) throw new Error(`${method}: ${reply.error.code}: ${reply.error.message}`);
    return reply.value as T;
  };
  const attempt = async (
    method: string,
    input?: unknown,
    transport: 'electron' | 'browser' = 'electron',
  ) => core.dispatch(method, input, { transport });

  const service = (): Sandbox => {
    if (!sandbox) throw new Error('the service is stopped');
    return sandbox;
  };

  /** Runs one sync to its end (the outbox is replayed after it). */
  const sync = (): Promise<SyncStatusView> => syncToEnd(core.events, () => call('sync.start'));

  const profile = await call<{ id: string }>('profiles.save', {
    name: 'Uploads',
    baseUrl: service().baseUrl,
    token: TOKEN,
    tokenStorage: 'weak',
  });
  await call('profiles.activate', { id: profile.id });
  await sync();

  /** A file dropped in the desktop app, registered as the preload's message does: its handle. */
  const register = async (path: string): Promise<{ kind: 'staged'; token: string }> => {
    const staged = await core.staging.register(path);
    return { kind: 'staged', token: staged.token };
  };

  const app = {
    dataDir,
    register,
    /** What the desktop app hears of a dropped file: its registration's refusal, or inspect's answer. */
    async inspectDropped(path: string): Promise<Result<InspectedFile>> {
      let source: { kind: 'staged'; token: string };
      try {
        source = await register(path);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { ok: false, error: { code: error.code, message: error.message } };
      }
      return (await attempt('uploads.inspect', { source })) as Result<InspectedFile>;
    },
    temp,
    progress,
    events,
    call,
    attempt,
    sync,
    service,
    get core(): Core {
      return core;
    },
    workspace(): Workspace {
      const space = core.workspaces.workspace();
      if (!space) throw new Error('no open workspace');
      return space;
    },
    /** The outbox item, read from the app (its list). */
    async item(id: string): Promise<OutboxItemView | undefined> {
      return (await call<OutboxItemView[]>('outbox.list')).find((item) => item.id === id);
    },
    /** Waits until the item has reached `state`, replaying meanwhile. */
    async settle(id: string, state: OutboxItemView['state']): Promise<OutboxItemView> {
      for (let round = 0; round < 200; round += 1) {
        const item = await app.item(id);
        if (item?.state === state) return item;
        await core.workspaces.workspace()?.replayer.replay();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(
        `outbox item ${id} never reached ${state}: ${JSON.stringify(await app.item(id))}`,
      );
    },
    /** A customer of the cache that has documents there. */
    customerWithDocuments(): string {
      const row = app
        .workspace()
        .db.prepare(
          'SELECT customer_external_id AS id FROM documents GROUP BY customer_external_id ORDER BY COUNT(*) DESC, customer_external_id LIMIT 1',
        )
        .get() as { id: string } | undefined;
      if (!row) throw new Error('the cache holds no documents');
      return row.id;
    },
    /** The service's own answer: documents of a customer with this file name. */
    async serviceDocuments(customer: string, fileName: string): Promise<ServiceDocument[]> {
      const response = await fetch(`${service().baseUrl}/api/v1/customer_documents/search`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          filters: { customer_external_id: customer, file_name: fileName },
          limit: 100,
        }),
      });
      const page = (await response.json()) as { documents: ServiceDocument[] };
      return page.documents.filter((document) => document.file_name === fileName);
    },
    async serviceBytes(documentId: string): Promise<Buffer> {
      const response = await fetch(
        `${service().baseUrl}/api/v1/customer_documents/${encodeURIComponent(documentId)}/download`,
        { headers: { authorization: `Bearer ${TOKEN}` }, redirect: 'manual' },
      );
      return Buffer.from(await response.arrayBuffer());
    },
    async stopService(): Promise<void> {
      await sandbox?.close();
      sandbox = null;
    },
    async startService(): Promise<void> {
      if (!sandbox) await startService();
    },
    /** Closes the app and opens it again on the same data folder (the outbox is a file). */
    async restartApp(): Promise<void> {
      stopRecording();
      await core.dispose();
      core = await openCore();
      stopRecording = core.events.subscribe(record);
      // Opens the active profile's workspace, as the app's first screen does.
      await call('sync.status');
    },
    async close(): Promise<void> {
      stopRecording();
      await core.dispose();
      await sandbox?.close();
      temp.remove();
    },
  };
  return app;
}

export type UploadsApp = Awaited<ReturnType<typeof startUploadsApp>>;
