import { test as base, expect, type Page } from '@playwright/test';
import { startFakeService, type FakeService } from '../support/fake-service';
import { clockFrom, startTestSandbox, type TestSandbox } from '../support/sandbox-fixture';
import { startHostProcess, type HostProcess } from '../support/host-process';
import { makeTempDir } from '../support/temp-dir';
import { capturePageSecret } from '../support/page-secret-capture';

/** Where every e2e tenant's clock starts (see the tenant fixture). */
const TENANT_NOW = '2026-11-24T09:00:00Z';

export interface AppHandle {
  host: HostProcess;
  dataDir: string;
  /**
   * Stops the host and starts a new one on the same data folder, then opens it; `whileStopped`
   * runs in between (to change the profile's files as a crash or a disk would).
   */
  restart(whileStopped?: () => void | Promise<void>): Promise<void>;
}

export async function openApp(page: Page, host: HostProcess): Promise<void> {
  await page.goto(host.url);
  await expect(page.locator('html[data-app-state="ready"]')).toBeAttached();
}

/**
 * A bridge call made the way the renderer makes it in the browser host (same cookie, same page
 * secret, same checks).
 */
export async function bridge<T = unknown>(page: Page, method: string, input?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ([name, body]) => {
      const response = await fetch(`/bridge/${encodeURIComponent(name)}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          'content-type': 'application/json',
          'x-casedesk-page':
            (window as unknown as { __casedeskTestPageSecret?: string }).__casedeskTestPageSecret ??
            '',
        },
        body: JSON.stringify({ input: body }),
      });
      return (await response.json()) as { ok: boolean; value?: unknown; error?: unknown };
    },
    [method, input] as const,
  );
  if (!result.ok) throw new Error(`${method} failed: ${JSON.stringify(result.error)}`);
  return result.value as T;
}

export interface Tenant {
  /** The sandbox service the app's profile points at; `call` asks it directly, as a client would. */
  service: TestSandbox;
  /** Runs a sync through the app and waits for it to finish. */
  sync(): Promise<void>;
  /** Stops the service: the app is offline from then on. */
  stop(): Promise<void>;
  /** Starts the service again on the same address, token and data: the app can reach it again. */
  restart(): Promise<void>;
}

/** The end of a failed test's host log that its report carries. */
const HOST_LOG_CHARS = 20_000;

/** Each test: its own data folder, its own browser host, its own stand-in service. */
export const test = base.extend<{
  app: AppHandle;
  service: FakeService;
  hostArgs: string[];
  tenantScale: number;
  tenantTokenStorage: 'memory' | 'weak';
  tenant: Tenant;
}>({
  /** The page, with its page secret where `bridge` finds it (the renderer keeps it in memory). */
  page: async ({ page }, use) => {
    await page.addInitScript(capturePageSecret);
    await use(page);
  },
  /** Extra browser-host options; by default no built-in sandbox, so a test sees only what it made. */
  hostArgs: [['--sandbox', 'off'], { option: true }],
  // Playwright reads a fixture's dependencies from this destructuring: it must stay an object pattern.
  // eslint-disable-next-line no-empty-pattern
  service: async ({}, use) => {
    const service = await startFakeService();
    await use(service);
    await service.close();
  },
  /** Customers in the `tenant` fixture's sandbox. */
  tenantScale: [40, { option: true }],
  /**
   * Where the tenant profile's token is kept: 'memory' (the default) forgets it when the app
   * restarts; 'weak' keeps it on disk, for tests that restart the app and go on syncing.
   */
  tenantTokenStorage: ['memory', { option: true }],
  /**
   * A sandbox tenant of its own (seeded, so the same each run), made the active profile and synced
   * into the app's cache before the test starts; the page shows CaseDesk on that cache.
   */
  tenant: async ({ page, tenantScale, tenantTokenStorage }, use) => {
    // Seeded and anchored at one instant (running on in real time from it): the sandbox dates its
    // history from "now", so without the anchor the tenant would change with the day it runs.
    const service = await startTestSandbox({
      scale: tenantScale,
      seed: 11,
      now: clockFrom(TENANT_NOW),
    });
    let stopped = false;
    const sync = () => syncPage(page);
    await bridge(page, 'profiles.save', {
      name: 'Tenant',
      baseUrl: service.sandbox.baseUrl,
      token: service.sandbox.token,
      tokenStorage: tenantTokenStorage,
    });
    await sync();
    // The app opened before the profile existed, so it sent the first run to the connection
    // screen; with a tenant to review, a user would start on the dashboard.
    await page.evaluate(() => window.history.replaceState(null, '', '#/dashboard'));
    await page.reload();
    await expect(page.locator('html[data-app-state="ready"]')).toBeAttached();
    await use({
      service,
      sync,
      async stop() {
        if (stopped) return;
        stopped = true;
        await service.stop();
      },
      async restart() {
        await service.restart();
        stopped = false;
      },
    });
    // Stops the service if it still runs, and removes its data.
    await service.close();
  },
  app: [
    async ({ page, hostArgs }, use, testInfo) => {
      const temp = makeTempDir('casedesk-e2e-');
      // What hosts stopped by a restart logged, kept for the report.
      let earlierLog = '';
      const handle: AppHandle = {
        host: await startHostProcess({ dataDir: temp.path, extraArgs: hostArgs }),
        dataDir: temp.path,
        async restart(whileStopped) {
          await handle.host.stop();
          earlierLog += handle.host.stderr();
          await whileStopped?.();
          handle.host = await startHostProcess({ dataDir: temp.path, extraArgs: hostArgs });
          await openApp(page, handle.host);
        },
      };
      await openApp(page, handle.host);
      await use(handle);
      await handle.host.stop();
      // A failure's report carries what the host logged (the reporter prints it), so a failure
      // seen only on a loaded CI machine can be read there.
      if (testInfo.status !== testInfo.expectedStatus) {
        const log = earlierLog + handle.host.stderr();
        if (log)
          await testInfo.attach('host-log', {
            body: log.length > HOST_LOG_CHARS ? `…${log.slice(-HOST_LOG_CHARS)}` : log,
            contentType: 'text/plain',
          });
      }
      temp.remove();
    },
    // Every test opens CaseDesk, whether or not it names the fixture.
    { auto: true },
  ],
});

export { expect };

/** A sync started on the page's CaseDesk, waited for to its end; its error, when it failed. */
export async function syncPage(page: Page): Promise<void> {
  await bridge(page, 'sync.start', {});
  await expect
    .poll(
      async () => {
        const status = await bridge<{ state: string; lastError: string | null }>(
          page,
          'sync.status',
        );
        if (status.state === 'idle' && status.lastError) throw new Error(status.lastError);
        return status.state;
      },
      { timeout: 60_000, intervals: [50, 100] },
    )
    .toBe('idle');
}

/** Light and dark screenshots of the whole screen (the app scrolls inside its frame, so grow the viewport). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const contentHeight = await page.evaluate(() => {
    const main = document.querySelector('.app-main');
    return main ? main.scrollHeight + main.getBoundingClientRect().top : document.body.scrollHeight;
  });
  await page.setViewportSize({
    width: viewport.width,
    height: Math.max(viewport.height, Math.ceil(contentHeight)),
  });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator(`html[data-theme="${colorScheme}"]`)).toBeAttached();
    await page.screenshot({
      path: `test-results/screenshots/${name}-${colorScheme}.png`,
      fullPage: true,
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(viewport);
}
