import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bridge, expect, screenshot, test, type Tenant } from './fixtures';
import { AlertPage } from './pages/alert-page';
import { QueuePage } from './pages/queue-page';

interface ServiceAlert {
  id: string;
  created_at: string;
  customer_external_id: string;
  last_revision: { score: number; state: number; top_category: string; created_at: string };
}

/** The service's own answer to an alert search (every match, up to its page limit). */
async function serviceSearch(
  tenant: Tenant,
  body: Record<string, unknown>,
): Promise<{ data: ServiceAlert[]; total: number }> {
  const response = await tenant.service.call('POST', '/api/v1/alerts/search', {
    body: { limit: 1000, ...body },
  });
  expect(response.status).toBe(200);
  return response.json<{ data: ServiceAlert[]; total: number }>();
}

const idsOf = (alerts: Array<{ id: string }>) => alerts.map((alert) => alert.id).sort();

test.describe('alert queue', () => {
  test('its rows are the alerts the service holds', async ({ page, tenant }) => {
    const all = await serviceSearch(tenant, {});
    expect(all.total).toBeGreaterThan(0);
    const queue = new QueuePage(page);
    await queue.open();
    await queue.expectTotal(all.total);
    await expect(queue.total).toContainText(all.total.toLocaleString('en-US'));
    await screenshot(page, 'queue');

    // A few alerts picked at the service, found on screen with the same values.
    const picked = (await serviceSearch(tenant, { limit: 3, order_by: 'score' })).data;
    for (const alert of picked) {
      await queue.customerFilter.fill(alert.customer_external_id);
      await expect(queue.row(alert.id)).toBeVisible();
      const shown = (await queue.renderedRows()).find((row) => row.id === alert.id);
      expect(shown).toEqual({
        id: alert.id,
        customerExternalId: alert.customer_external_id,
        category: alert.last_revision.top_category.toLowerCase(),
        score: alert.last_revision.score,
        state: alert.last_revision.state,
      });
      // The customer filter gives the customer's alerts, as the service's search does.
      const theirs = await serviceSearch(tenant, { external_id: alert.customer_external_id });
      await queue.expectTotal(theirs.total);
      expect(idsOf(await queue.allRows())).toEqual(idsOf(theirs.data));
    }
  });

  test('the keyboard moves, opens and returns with the selection kept', async ({
    page,
    tenant,
  }) => {
    const total = (await serviceSearch(tenant, { limit: 1 })).total;
    const queue = new QueuePage(page);
    await queue.open();
    await queue.expectTotal(total);
    await expect(queue.selectedRow).toHaveAttribute('data-index', '0');

    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('k');
    await expect(queue.selectedRow).toHaveAttribute('data-index', '2');
    const chosen = await queue.selectedRow.getAttribute('data-alert-id');
    const next = await queue.rows
      .and(page.locator('[data-index="3"]'))
      .getAttribute('data-alert-id');

    await expect(queue.table).toHaveAttribute(
      'aria-activedescendant',
      (await queue.selectedRow.getAttribute('id')) ?? '',
    );

    await page.keyboard.press('Enter');
    const alert = new AlertPage(page);
    await expect(alert.alertId).toHaveText(chosen ?? '');

    await page.keyboard.press('Escape');
    await expect(queue.selectedRow).toHaveAttribute('data-alert-id', chosen ?? '');
    await expect(queue.selectedRow).toHaveAttribute('data-index', '2');

    // On the alert screen, j steps to the next alert of the same queue.
    await page.keyboard.press('Enter');
    await expect(alert.alertId).toHaveText(chosen ?? '');
    await page.keyboard.press('j');
    await expect(alert.alertId).toHaveText(next ?? '');
    await page.keyboard.press('u');
    await expect(queue.selectedRow).toHaveAttribute('data-alert-id', next ?? '');

    // The far end of the queue is one key away, and the selected row is brought into view.
    await page.keyboard.press('End');
    await expect(queue.selectedRow).toHaveAttribute('data-index', String(total - 1));
    await expect(queue.selectedRow).toBeInViewport();
    await page.keyboard.press('Home');
    await expect(queue.selectedRow).toHaveAttribute('data-index', '0');
    await expect(queue.selectedRow).toBeInViewport();

    // `/` goes to the first filter field.
    await page.keyboard.press('/');
    await expect(queue.customerFilter).toBeFocused();
  });

  test('the selection stays on its alert when a sync moves it', async ({ page, tenant }) => {
    const queue = new QueuePage(page);
    await queue.open();
    await expect(queue.selectedRow).toHaveAttribute('data-index', '0');
    for (let step = 0; step < 3; step++) await page.keyboard.press('j');
    await expect(queue.selectedRow).toHaveAttribute('data-index', '3');
    const chosen = await queue.selectedRow.getAttribute('data-alert-id');

    // Two new alerts, newer than any: they go to the top of the queue (newest first).
    const added = tenant.service.sandbox.advance({ alerts: 2 }).alerts;
    expect(added).toHaveLength(2);
    await tenant.sync();

    for (const id of added) await expect(queue.row(id)).toBeVisible();
    await expect(queue.selectedRow).toHaveAttribute('data-alert-id', chosen ?? '');
    await expect(queue.selectedRow).toHaveAttribute('data-index', '5');
  });

  test('an alert that a sync takes out of the filtered set is said so, and the place kept', async ({
    page,
    tenant,
  }) => {
    // The open alert updated longest ago is the one the service revises next.
    const oldestOpen = (
      await serviceSearch(tenant, {
        states: [1, 2, 3],
        order_by: 'last_update',
        order_way: 'asc',
        limit: 3,
      })
    ).data;
    const [oldest] = oldestOpen;
    const third = oldestOpen[2];
    expect(oldest && third).toBeTruthy();
    if (!oldest || !third) return;
    // A filter that holds it and a few more, so others stay when it leaves.
    const day = third.last_revision.created_at.slice(0, 10);

    const queue = new QueuePage(page);
    await queue.open(
      { states: [1, 2, 3], updatedTo: day },
      { column: 'updatedAt', direction: 'asc' },
    );
    await expect(queue.row(oldest.id)).toBeVisible();
    const index = Number(await queue.row(oldest.id).getAttribute('data-index'));
    for (let step = 0; step < index; step++) await page.keyboard.press('j');
    await expect(queue.selectedRow).toHaveAttribute('data-alert-id', oldest.id);

    // Its new revision is stamped later than the filter's last day.
    const advanced = tenant.service.sandbox.advance({ revisions: 1 });
    expect(advanced.revisions).toEqual([oldest.id]);
    expect(advanced.at.slice(0, 10) > day).toBe(true);
    await tenant.sync();

    await expect(queue.notice).toContainText('no longer matches these filters');
    await expect(queue.row(oldest.id)).toHaveCount(0);
    await expect(queue.selectedRow).toHaveAttribute('data-index', String(index));
  });

  test('state chips filter as the service’s search does, and live in the address', async ({
    page,
    tenant,
  }) => {
    const queue = new QueuePage(page);
    await queue.open();
    for (const state of [1, 2, 3, 4, 5, 6, 7]) {
      const { total } = await serviceSearch(tenant, { states: [state], limit: 1 });
      await expect(queue.stateChip(state).getByTestId('state-chip-count')).toHaveText(
        total.toLocaleString('en-US'),
      );
    }

    await queue.stateChip(2).click();
    await expect(queue.stateChip(2)).toHaveAttribute('aria-pressed', 'true');
    const fresh = await serviceSearch(tenant, { states: [2] });
    await queue.expectTotal(fresh.total);
    expect(idsOf(await queue.allRows())).toEqual(idsOf(fresh.data));
    expect(await page.evaluate(() => decodeURIComponent(location.hash))).toContain('"states":[2]');

    // A link with a filter (as the dashboard makes) opens the queue filtered.
    const pending = await serviceSearch(tenant, { states: [3], limit: 1 });
    await queue.open({ states: [3] });
    await expect(queue.stateChip(3)).toHaveAttribute('aria-pressed', 'true');
    await expect(queue.stateChip(2)).toHaveAttribute('aria-pressed', 'false');
    await queue.expectTotal(pending.total);

    // Back returns to the previous filter.
    await page.goBack();
    await expect(queue.stateChip(2)).toHaveAttribute('aria-pressed', 'true');
    await queue.expectTotal(fresh.total);
  });

  test('score range and category filter as the service’s search does', async ({ page, tenant }) => {
    const queue = new QueuePage(page);
    await queue.open();

    await queue.setScore(60, 80);
    const scored = await serviceSearch(tenant, { score_from: 60, score_to: 80 });
    await queue.expectTotal(scored.total);
    const rows = await queue.allRows();
    expect(idsOf(rows)).toEqual(idsOf(scored.data));
    for (const row of rows) expect(row.score).toBeGreaterThanOrEqual(60);

    await queue.chooseCategories('PEP');
    const both = await serviceSearch(tenant, {
      score_from: 60,
      score_to: 80,
      categories: ['pep'],
    });
    await queue.expectTotal(both.total);
    expect(idsOf(await queue.allRows())).toEqual(idsOf(both.data));

    // Nothing matches: say so, and offer the way back.
    await queue.customerFilter.fill('NO-SUCH-CUSTOMER');
    await expect(queue.noMatch).toContainText('No alert matches these filters');
    await queue.noMatch.getByRole('button', { name: 'Clear filters' }).click();
    await queue.expectTotal((await serviceSearch(tenant, { limit: 1 })).total);
    await expect(queue.customerFilter).toHaveValue('');
  });

  test('review group and created dates filter as the service’s search does', async ({
    page,
    tenant,
  }) => {
    const sample = (await serviceSearch(tenant, { limit: 1000 })).data;
    const middle = sample[Math.floor(sample.length / 2)];
    expect(middle).toBeDefined();
    if (!middle) return;
    const detail = await tenant.service.call(
      'GET',
      `/api/v1/customers/${encodeURIComponent(middle.customer_external_id)}`,
    );
    const group = detail.json<{ customer: { review_groups: string[] } }>().customer
      .review_groups[0];
    expect(group).toBeTruthy();
    if (!group) return;

    const queue = new QueuePage(page);
    await queue.open();
    await queue.chooseReviewGroup(group);
    const grouped = await serviceSearch(tenant, { review_groups: [group] });
    await queue.expectTotal(grouped.total);
    expect(idsOf(await queue.allRows())).toEqual(idsOf(grouped.data));

    const day = middle.created_at.slice(0, 10);
    const from = new Date(Date.parse(`${day}T00:00:00Z`) - 7 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await queue.setCreated(from, day);
    const dated = await serviceSearch(tenant, {
      review_groups: [group],
      creation_date_from: `${from}T00:00:00Z`,
      creation_date_to: `${day}T23:59:59.999Z`,
    });
    await queue.expectTotal(dated.total);
    expect(idsOf(await queue.allRows())).toEqual(idsOf(dated.data));
  });

  test('saved views: save, apply after clearing, delete', async ({ page, tenant }) => {
    const queue = new QueuePage(page);
    await queue.open();
    await queue.stateChip(3).click();
    await queue.sortBy('score');
    const pending = await serviceSearch(tenant, { states: [3], limit: 1 });
    await queue.expectTotal(pending.total);

    await queue.saveView('Pending by score');
    await expect(queue.activeView).toHaveAttribute('data-view-name', 'Pending by score');

    await queue.clearButton.click();
    await expect(queue.stateChip(3)).toHaveAttribute('aria-pressed', 'false');
    await expect(queue.activeView).toHaveCount(0);

    // Kept by the profile: still there after a reload.
    await page.reload();
    await queue.applyView('Pending by score');
    await expect(queue.stateChip(3)).toHaveAttribute('aria-pressed', 'true');
    await expect(queue.columnHeader('score')).toHaveAttribute('aria-sort', 'descending');
    await queue.expectTotal(pending.total);
    await expect(queue.activeView).toHaveAttribute('data-view-name', 'Pending by score');

    await queue.deleteView('Pending by score');
    await page.reload();
    await expect(queue.table).toBeVisible();
    await expect(queue.view('Pending by score')).toHaveCount(0);
  });

  test('a column header sorts by it, both ways', async ({ page, tenant }) => {
    const queue = new QueuePage(page);
    await queue.open();
    const highest = (
      await serviceSearch(tenant, { order_by: 'score', order_way: 'desc', limit: 10 })
    ).data;
    const lowest = (await serviceSearch(tenant, { order_by: 'score', order_way: 'asc', limit: 10 }))
      .data;

    await queue.sortBy('score');
    await expect(queue.columnHeader('score')).toHaveAttribute('aria-sort', 'descending');
    await expect(queue.columnHeader('updatedAt')).not.toHaveAttribute('aria-sort');
    // A new order is read from its top, with the first row selected.
    await expect(queue.rows.first()).toHaveAttribute('data-index', '0');
    await expect(queue.selectedRow).toHaveAttribute('data-index', '0');
    let scores = (await queue.renderedRows()).slice(0, 10).map((row) => row.score);
    expect(scores).toEqual(highest.map((alert) => alert.last_revision.score));

    await queue.sortBy('score');
    await expect(queue.columnHeader('score')).toHaveAttribute('aria-sort', 'ascending');
    await expect(queue.selectedRow).toHaveAttribute('data-index', '0');
    scores = (await queue.renderedRows()).slice(0, 10).map((row) => row.score);
    expect(scores).toEqual(lowest.map((alert) => alert.last_revision.score));
  });

  test('at 100,000 alerts only the rows in view are drawn, read a window at a time', async ({
    page,
    tenant: _tenant,
  }) => {
    // A queue far larger than a test tenant: queue.window answers for 100,000 made-up alerts.
    const total = 100_000;
    const asked: Array<{ offset: number; limit: number }> = [];
    await page.route('**/bridge/queue.window', async (route) => {
      const { input } = route.request().postDataJSON() as {
        input: { offset: number; limit: number; focusId?: string };
      };
      asked.push({ offset: input.offset, limit: input.limit });
      const rows = [];
      for (let index = input.offset; index < Math.min(total, input.offset + input.limit); index++)
        rows.push({
          id: `alert-${index}`,
          customerExternalId: `CUS-${index}`,
          customerName: `Customer ${index}`,
          category: 'pep',
          score: index % 101,
          state: 1 + (index % 7),
          createdAt: '2026-01-01T00:00:00Z',
          updatedAt: '2026-02-01T00:00:00Z',
          reviewGroups: [],
          agentId: '',
          revisionNumber: 1,
        });
      const focusIndex = input.focusId ? Number(input.focusId.slice('alert-'.length)) : null;
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          ok: true,
          value: { total, offset: input.offset, rows, stateCounts: {}, focusIndex },
        }),
      });
    });

    const queue = new QueuePage(page);
    await queue.open();
    await queue.expectTotal(total);
    await expect(queue.total).toContainText('100,000 alerts');
    await expect(queue.row('alert-0')).toBeVisible();
    expect(await queue.rows.count()).toBeLessThan(60);

    await page.keyboard.press('End');
    await expect(queue.selectedRow).toHaveAttribute('data-alert-id', `alert-${total - 1}`);
    await expect(queue.selectedRow).toBeInViewport();
    await expect(queue.selectedRow).toContainText(`Customer ${total - 1}`);
    expect(await queue.rows.count()).toBeLessThan(60);
    // Only the windows shown were asked for, never the whole queue.
    expect(asked.every((window) => window.limit <= 100)).toBe(true);
    expect(asked.length).toBeLessThan(10);
  });

  test('a failed read offers a retry, and an empty cache says how to fill it', async ({
    page,
    tenant: _tenant,
  }) => {
    let calls = 0;
    await page.route('**/bridge/queue.window', async (route) => {
      calls += 1;
      const body =
        calls === 1
          ? { ok: false, error: { code: 'unavailable', message: 'The cache is being replaced.' } }
          : {
              ok: true,
              value: { total: 0, offset: 0, rows: [], stateCounts: {}, focusIndex: null },
            };
      await route.fulfill({ contentType: 'application/json', body: JSON.stringify(body) });
    });
    const queue = new QueuePage(page);
    await page.evaluate(() => {
      location.hash = '#/queue';
    });
    const error = page.getByTestId('error');
    await expect(error).toContainText('The cache is being replaced.');
    await error.getByRole('button', { name: 'Try again' }).click();
    await expect(queue.screen.getByTestId('queue-empty')).toContainText(
      'No alerts cached yet — sync from the top bar',
    );
  });

  test('while the first sync runs the empty queue says it is syncing', async ({ page }) => {
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
      const queue = new QueuePage(page);
      await page.evaluate(() => {
        location.hash = '#/queue';
      });
      const empty = queue.screen.getByTestId('queue-empty');
      await bridge(page, 'sync.start', {});
      await expect(empty).toContainText('Syncing — alerts appear here as they arrive');
      await expect(empty).not.toContainText('sync from the top bar');
    } finally {
      await bridge(page, 'sync.cancel');
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  test('when a new filter cannot be read, the old rows go and Enter opens nothing', async ({
    page,
    tenant: _tenant,
  }) => {
    const queue = new QueuePage(page);
    await queue.open();
    await expect(queue.rows.first()).toBeVisible();
    await page.route('**/bridge/queue.window', async (route) => {
      const body = { ok: false, error: { code: 'unavailable', message: 'The cache is busy.' } };
      await route.fulfill({ contentType: 'application/json', body: JSON.stringify(body) });
    });
    await queue.stateChip(2).click();
    await expect(page.getByTestId('error')).toContainText('The cache is busy.');
    await expect(queue.rows).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#\/queue/);
  });

  test('the queue and an alert still show offline', async ({ page, tenant }) => {
    const queue = new QueuePage(page);
    await queue.open();
    const total = await queue.shownTotal();
    expect(total).toBeGreaterThan(0);
    const [first] = await queue.renderedRows();
    expect(first).toBeDefined();
    if (!first) return;

    await tenant.stop();
    await page.reload();
    await expect(page.locator('html[data-app-state="ready"]')).toBeAttached();
    await queue.expectTotal(total);
    await queue.row(first.id).click();

    const alert = new AlertPage(page);
    await expect(alert.alertId).toHaveText(first.id);
    await expect(alert.state).toHaveAttribute('data-value', String(first.state));
    await expect(alert.score).toHaveAttribute('data-value', String(first.score));
  });
});
