import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bridge, expect, screenshot, test, type Tenant } from './fixtures';
import { colourDistance, currentRoute, DashboardPage } from './pages/dashboard-page';

/** How many alerts the service itself holds under a search filter. */
async function serviceTotal(tenant: Tenant, filter: Record<string, unknown>): Promise<number> {
  const response = await tenant.service.call('POST', '/api/v1/alerts/search', {
    body: { ...filter, limit: 1 },
  });
  expect(response.status).toBe(200);
  return response.json<{ total: number }>().total;
}

/**
 * Alerts per category as the service holds them. Its search filter takes only some categories
 * (not SAN, for one), so the alerts are paged through and counted by their last revision's.
 */
async function serviceCategoryCounts(tenant: Tenant): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let offset = 0; ;) {
    const response = await tenant.service.call('POST', '/api/v1/alerts/search', {
      body: { limit: 100, offset },
    });
    expect(response.status).toBe(200);
    const { data, total } = response.json<{
      data: Array<{ last_revision: { top_category: string } }>;
      total: number;
    }>();
    for (const alert of data) {
      const category = alert.last_revision.top_category.toLowerCase();
      counts.set(category, (counts.get(category) ?? 0) + 1);
    }
    offset += data.length;
    if (!data.length || offset >= total) return counts;
  }
}

const utcDay = (offsetDays = 0) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test.describe('dashboard', () => {
  test('its numbers are what the service holds', async ({ page, tenant }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await expect(dashboard.tiles).toBeVisible();

    const total = await serviceTotal(tenant, {});
    expect(total).toBeGreaterThan(0);
    await expect(dashboard.tile('total')).toHaveAttribute('data-count', String(total));
    await expect(dashboard.tile('total')).toContainText(total.toLocaleString('en-US'));

    const perState: number[] = [];
    for (const state of [1, 2, 3, 4, 5, 6, 7]) {
      const expected = await serviceTotal(tenant, { states: [state] });
      perState.push(expected);
      await expect(dashboard.bar('states', String(state))).toHaveAttribute(
        'data-count',
        String(expected),
      );
    }
    expect(perState.reduce((sum, count) => sum + count, 0)).toBe(total);
    const open = await serviceTotal(tenant, { states: [1, 2, 3, 4] });
    await expect(dashboard.tile('open')).toHaveAttribute('data-count', String(open));
    await expect(dashboard.tile('new')).toHaveAttribute('data-count', String(perState[1]));
    const highOpen = await serviceTotal(tenant, { states: [1, 2, 3, 4], score_from: 85 });
    await expect(dashboard.tile('high-score')).toHaveAttribute('data-count', String(highOpen));

    const perCategory = await serviceCategoryCounts(tenant);
    const categories = dashboard.chart('categories').getByRole('button');
    await expect(categories).toHaveCount(perCategory.size);
    for (const [category, count] of perCategory) {
      await expect(dashboard.bar('categories', category)).toHaveAttribute(
        'data-count',
        String(count),
      );
    }

    for (const from of [0, 30, 60, 80, 90]) {
      const to = from === 90 ? 100 : from + 9;
      const expected = await serviceTotal(tenant, { score_from: from, score_to: to });
      await expect(dashboard.bar('scores', String(from))).toHaveAttribute(
        'data-count',
        String(expected),
      );
    }

    await screenshot(page, 'dashboard');
  });

  test('every number opens the queue on the alerts it counts', async ({ page, tenant }) => {
    expect(tenant.service.sandbox.baseUrl).toMatch(/^http/);
    const dashboard = new DashboardPage(page);
    const queueTotal = page.getByTestId('queue-total');
    const expectQueue = async (filter: Record<string, unknown>, count: number) => {
      await expect.poll(() => currentRoute(page)).toEqual({ path: '#/queue', filter });
      await expect(queueTotal).toHaveText(new RegExp(`^${count.toLocaleString('en-US')} alerts?`));
    };

    await dashboard.open();
    const newAlerts = dashboard.bar('states', '2');
    const newCount = await dashboard.count(newAlerts);
    expect(newCount).toBeGreaterThan(0);
    await newAlerts.click();
    await expectQueue({ states: [2] }, newCount);

    await dashboard.open();
    const category = dashboard.chart('categories').getByRole('button').first();
    const categoryKey = (await category.getAttribute('data-key')) ?? '';
    const categoryCount = await dashboard.count(category);
    await category.click();
    await expectQueue({ categories: [categoryKey] }, categoryCount);

    await dashboard.open();
    const highScores = dashboard.bar('scores', '80');
    const highScoreCount = await dashboard.count(highScores);
    await highScores.click();
    await expectQueue({ scoreFrom: 80, scoreTo: 89 }, highScoreCount);

    await dashboard.open();
    await dashboard.tile('open').click();
    await expect
      .poll(() => currentRoute(page))
      .toEqual({
        path: '#/queue',
        filter: { states: [1, 2, 3, 4] },
      });

    // The created-per-day row is one Tab stop: the arrow keys walk the days, Enter opens one.
    await dashboard.open();
    const created = dashboard.chart('created');
    const lastDay = created.locator('button[tabindex="0"]');
    await lastDay.focus();
    await page.keyboard.press('Home');
    const firstDay = created.getByRole('button').first();
    await expect(firstDay).toBeFocused();
    await expect(firstDay).toHaveAttribute('tabindex', '0');
    await page.keyboard.press('ArrowRight');
    const secondDay = created.getByRole('button').nth(1);
    await expect(secondDay).toBeFocused();
    const day = (await secondDay.getAttribute('data-key')) ?? '';
    const dayCount = await dashboard.count(secondDay);
    const granularity = (await created.getAttribute('data-granularity')) ?? 'day';
    await page.keyboard.press('Enter');
    const lastOfPeriod =
      granularity === 'week'
        ? new Date(Date.parse(`${day}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10)
        : day;
    await expectQueue({ createdFrom: day, createdTo: lastOfPeriod }, dayCount);

    // Open alerts by age: the open states, created within the bucket's days (UTC).
    await dashboard.open();
    await dashboard.bar('open-age', '7').click();
    await expect
      .poll(() => currentRoute(page))
      .toEqual({
        path: '#/queue',
        filter: { states: [1, 2, 3, 4], createdFrom: utcDay(-29), createdTo: utcDay(-7) },
      });
  });

  test('alerts over time: the pointer and the keyboard read and open the same periods', async ({
    page,
    tenant,
  }) => {
    expect(tenant.service.sandbox.baseUrl).toMatch(/^http/);
    // The charts draw on a canvas and style through the CSSOM; the app's policy allows no inline
    // style, so any violation is recorded from the first script on and must never happen.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`);
      });
    });
    await page.reload();
    await expect(page.locator('html[data-app-state="ready"]')).toBeAttached();
    const violations = () =>
      page.evaluate(() => (window as Window & { cspViolations?: string[] }).cspViolations);

    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await expect(dashboard.chart('created').locator('canvas')).toHaveCount(1);
    await expect(dashboard.chart('updated').locator('canvas')).toHaveCount(1);
    const created = await dashboard.periods('created');
    const updated = await dashboard.periods('updated');
    expect(updated.map((period) => period.key)).toEqual(created.map((period) => period.key));
    const granularity = (await dashboard.chart('updated').getAttribute('data-granularity')) ?? '';
    const lastOf = (key: string) =>
      granularity === 'week'
        ? new Date(Date.parse(`${key}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10)
        : key;

    // The bars are drawn in the theme's colours, and drawn again when the theme changes.
    const tallest = created.reduce((best, period) => (period.count > best.count ? period : best));
    const onTallest = await dashboard.barPoint('created', tallest.key);
    const accentDistance = async () =>
      colourDistance(
        await dashboard.canvasColour('created', onTallest),
        await dashboard.themeColour('--accent'),
      );
    const lightAccent = await dashboard.themeColour('--accent');
    expect(await accentDistance()).toBeLessThanOrEqual(2);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html[data-theme="dark"]')).toBeAttached();
    expect(colourDistance(await dashboard.themeColour('--accent'), lightAccent)).toBeGreaterThan(
      30,
    );
    await expect.poll(accentDistance).toBeLessThanOrEqual(2);
    await page.emulateMedia({ colorScheme: 'light' });

    // Hovering a bar of one chart marks its period in both and reads out both counts.
    const busiest = updated.reduce((best, period) => (period.count > best.count ? period : best));
    const busiestCreated = created.find((period) => period.key === busiest.key)?.count ?? -1;
    const onBusiest = await dashboard.barPoint('updated', busiest.key);
    await dashboard.plotArea('updated').hover({ position: onBusiest });
    await expect(dashboard.readout).toHaveAttribute('data-key', busiest.key);
    await expect(dashboard.readout).toContainText(`Created ${busiestCreated}`);
    await expect(dashboard.readout).toContainText(`Updated ${busiest.count}`);
    await expect(dashboard.cursorMark('updated')).toBeVisible();
    await expect(dashboard.cursorMark('created')).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(dashboard.readout).toHaveCount(0);

    // The arrow keys, Home, End and the page keys move the period, and the readout with it.
    await dashboard.chart('updated').locator('button[tabindex="0"]').focus();
    await page.keyboard.press('Home');
    await expect(dashboard.readout).toHaveAttribute('data-key', updated[0]?.key ?? '');
    await page.keyboard.press('PageDown');
    const seventh = updated[Math.min(7, updated.length - 1)]?.key ?? '';
    await expect(dashboard.readout).toHaveAttribute('data-key', seventh);
    await expect(dashboard.readout).toContainText(
      `Updated ${updated[Math.min(7, updated.length - 1)]?.count ?? -1}`,
    );
    await expect(dashboard.bar('updated', seventh)).toBeFocused();
    await expect(dashboard.cursorMark('created')).toBeVisible();
    await page.keyboard.press('End');
    await expect(dashboard.readout).toHaveAttribute('data-key', updated.at(-1)?.key ?? '');
    // The focused period's button lies on the column uPlot marks, after the theme's redraws too.
    const mark = await dashboard.cursorMark('updated').boundingBox();
    const lastButton = await dashboard.bar('updated', updated.at(-1)?.key ?? '').boundingBox();
    expect(Math.abs((mark?.x ?? 0) - (lastButton?.x ?? -9))).toBeLessThan(1.5);
    expect(Math.abs((mark?.width ?? 0) - (lastButton?.width ?? -9))).toBeLessThan(1.5);
    await page.keyboard.press('ArrowLeft');
    const beforeLast = updated.at(-2)?.key ?? '';
    await expect(dashboard.readout).toHaveAttribute('data-key', beforeLast);
    await expect(dashboard.bar('updated', beforeLast)).toHaveAttribute('tabindex', '0');

    // The charts follow their card's width.
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect
      .poll(() =>
        dashboard.chart('created').evaluate((element) => {
          const canvas = element.querySelector('.series-canvas');
          const root = element.querySelector('.uplot');
          return canvas && root ? canvas.clientWidth - root.clientWidth : null;
        }),
      )
      .toBe(0);

    // Clicking a bar opens the queue on that period's alerts.
    await dashboard.plotArea('updated').click({
      position: await dashboard.barPoint('updated', busiest.key),
    });
    await expect
      .poll(() => currentRoute(page))
      .toEqual({
        path: '#/queue',
        filter: { updatedFrom: busiest.key, updatedTo: lastOf(busiest.key) },
      });

    expect(await violations()).toEqual([]);
    // The recorder does see what the policy blocks: an inline <style> is one.
    await page.evaluate(() => {
      document.head.append(Object.assign(document.createElement('style'), { textContent: 'b{}' }));
    });
    await expect.poll(violations).toEqual([expect.stringContaining('style-src')]);
  });

  test('with nothing cached it says how to fill the cache', async ({ page, service }) => {
    await bridge(page, 'profiles.save', {
      name: 'Empty',
      baseUrl: service.baseUrl,
      token: service.token,
      tokenStorage: 'memory',
    });
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await expect(dashboard.empty).toContainText('No alerts cached yet — sync from the top bar');
    await expect(dashboard.tiles).toHaveCount(0);
  });

  test('while the first sync runs it says it is syncing', async ({ page }) => {
    // A service that takes every request and never answers: the first sync stays under way.
    const held: ServerResponse[] = [];
    const server = createServer((_request, response) => void held.push(response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await bridge(page, 'profiles.save', {
        name: 'Slow',
        baseUrl: `http://127.0.0.1:${port}`,
        token: 'svc-token-held',
        tokenStorage: 'memory',
      });
      const dashboard = new DashboardPage(page);
      await dashboard.open();
      await bridge(page, 'sync.start', {});
      await expect(dashboard.empty).toContainText('Syncing — alerts appear here as they arrive');
      await expect(dashboard.empty).not.toContainText('sync from the top bar');
    } finally {
      await bridge(page, 'sync.cancel');
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
