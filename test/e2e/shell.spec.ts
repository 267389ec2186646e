import { bridge, expect, test } from './fixtures';
import { ConnectionPage } from './pages/connection-page';

test.describe('app shell', () => {
  test('a file dropped outside a drop zone is refused, and the app stays put', async ({ page }) => {
    const before = page.url();
    const outcome = await page.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(
        new File(['%PDF-1.7 passport scan'], 'passport.pdf', { type: 'application/pdf' }),
      );
      const target = document.querySelector('main') ?? document.body;
      const over = new DragEvent('dragover', {
        dataTransfer: data,
        bubbles: true,
        cancelable: true,
      });
      const drop = new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
      target.dispatchEvent(over);
      target.dispatchEvent(drop);
      return { overPrevented: over.defaultPrevented, dropPrevented: drop.defaultPrevented };
    });
    expect(outcome).toEqual({ overPrevented: true, dropPrevented: true });
    expect(page.url()).toBe(before);
    await expect(page.getByTestId('connection-screen')).toBeVisible();
  });

  test('the page runs under a strict content security policy', async ({ page, app }) => {
    const response = await page.request.get(app.host.origin + '/');
    const csp = response.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    // An inline script injected into the page does not run.
    // An allowed inline script would run synchronously on insertion.
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
  });

  test('the theme follows the system and can be chosen', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByLabel('Theme').selectOption('light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('a reloaded page keeps working, and no page secret is left in the browser’s storage', async ({
    page,
    service,
  }) => {
    await bridge(page, 'profiles.save', {
      name: 'Reloaded',
      baseUrl: service.baseUrl,
      token: service.token,
      tokenStorage: 'memory',
    });
    for (let reload = 0; reload < 2; reload += 1) {
      await page.reload();
      await expect(page.locator('html[data-app-state="ready"]')).toBeAttached();
      // The profiles on screen came over the bridge, with the reloaded page's own secret.
      await expect(new ConnectionPage(page).item('Reloaded')).toBeVisible();
      // Storage may hold the investigator's preferences (theme, columns), never the page secret.
      const stored = await page.evaluate(() => {
        const secret = (window as unknown as { __casedeskTestPageSecret?: string })
          .__casedeskTestPageSecret;
        const everything = [sessionStorage, localStorage].flatMap((storage) =>
          Object.keys(storage).flatMap((key) => [key, storage.getItem(key) ?? '']),
        );
        return {
          known: typeof secret === 'string' && secret.length > 0,
          session: sessionStorage.length,
          holdsSecret: everything.some((text) => secret !== undefined && text.includes(secret)),
          meta: document.querySelectorAll('meta[name="casedesk-page"]').length,
        };
      });
      expect(stored).toEqual({ known: true, session: 0, holdsSecret: false, meta: 0 });
    }
  });

  test('the theme chosen is kept when CaseDesk restarts', async ({ page, app }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByLabel('Theme').selectOption('dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // The choice is saved in the background: the restart waits until main has it, as a quit would.
    await expect
      .poll(() => bridge<unknown>(page, 'settings.appearance', undefined))
      .toEqual({ theme: 'dark' });
    // A new host is a new origin to the browser: only what main keeps survives.
    await app.restart();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByLabel('Theme')).toHaveValue('dark');
  });
});
