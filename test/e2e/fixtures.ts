import { test as base, expect, type Page } from '@playwright/test';
import { startFakeService, type FakeService } from '../support/fake-service';
import { startHostProcess, type HostProcess } from '../support/host-process';
import { makeTempDir } from '../support/temp-dir';

export interface AppHandle {
  host: HostProcess;
  dataDir: string;
  /** Stops the host and starts a new one on the same data folder, then opens it. */
  restart(): Promise<void>;
}

export async function openApp(page: Page, host: HostProcess): Promise<void> {
  await page.goto(host.url);
  await expect(page.locator('html[data-app-state="ready"]')).toBeAttached();
}

/** Each test: its own data folder, its own browser host, its own stand-in service. */
export const test = base.extend<{ app: AppHandle; service: FakeService; hostArgs: string[] }>({
  /** Extra browser-host options; by default no built-in sandbox, so a test sees only what it made. */
  hostArgs: [['--sandbox', 'off'], { option: true }],
  // Playwright reads a fixture's dependencies from this destructuring: it must stay an object pattern.
  // eslint-disable-next-line no-empty-pattern
  service: async ({}, use) => {
    const service = await startFakeService();
    await use(service);
    await service.close();
  },
  app: [
    async ({ page, hostArgs }, use) => {
      const temp = makeTempDir('casedesk-e2e-');
      const handle: AppHandle = {
        host: await startHostProcess({ dataDir: temp.path, extraArgs: hostArgs }),
        dataDir: temp.path,
        async restart() {
          await handle.host.stop();
          handle.host = await startHostProcess({ dataDir: temp.path, extraArgs: hostArgs });
          await openApp(page, handle.host);
        },
      };
      await openApp(page, handle.host);
      await use(handle);
      await handle.host.stop();
      temp.remove();
    },
    // Every test opens CaseDesk, whether or not it names the fixture.
    { auto: true },
  ],
});

export { expect };

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
