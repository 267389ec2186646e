import { expect, screenshot, test, type Tenant } from './fixtures';
import { AlertPage } from './pages/alert-page';

interface ServiceAlert {
  id: string;
  created_at: string;
  customer_external_id: string;
  profile_number: string;
  last_revision: {
    id: string;
    agent_id: string;
    comment: string;
    revision_number: number;
    score: number;
    state: number;
    top_category: string;
  };
}

async function serviceAlerts(tenant: Tenant, limit = 300): Promise<ServiceAlert[]> {
  const response = await tenant.service.call('POST', '/api/v1/alerts/search', {
    body: { limit },
  });
  expect(response.status).toBe(200);
  return response.json<{ data: ServiceAlert[] }>().data;
}

test.describe('alert screen', () => {
  test('shows the service’s last revision and opens the customer', async ({ page, tenant }) => {
    const alerts = await serviceAlerts(tenant);
    // One that has been worked on: a later revision with a comment.
    const alert =
      alerts.find((item) => item.last_revision.revision_number > 1 && item.last_revision.comment) ??
      alerts[0];
    expect(alert).toBeDefined();
    if (!alert) return;
    const last = alert.last_revision;

    const screen = new AlertPage(page);
    await screen.open(alert.id);
    await expect(screen.alertId).toHaveText(alert.id);
    await expect(screen.state).toHaveAttribute('data-value', String(last.state));
    await expect(screen.score).toHaveAttribute('data-value', String(last.score));
    await expect(screen.score).toContainText(String(last.score));
    await expect(screen.category).toHaveAttribute('data-value', last.top_category.toLowerCase());
    await expect(screen.revisionNumber).toHaveText(`Revision ${last.revision_number}`);
    await expect(screen.profileNumber).toHaveText(alert.profile_number || '—');
    if (last.comment) await expect(screen.comment).toHaveText(last.comment);
    // The service writes no agent as 0 or nothing.
    const agent = String(last.agent_id ?? '');
    await expect(screen.agent).toHaveText(
      agent === '' || agent === '0' ? 'Unassigned' : `Agent ${agent}`,
    );
    // The match data sits beside the customer it is about.
    await expect(screen.matchData).toContainText(alert.profile_number);
    await expect(screen.identity).toContainText(alert.customer_external_id);
    // The history ends with the last revision.
    await expect(screen.revisions.first()).toHaveAttribute(
      'data-revision',
      String(last.revision_number),
    );
    await screenshot(page, 'alert');

    await page.keyboard.press('c');
    await expect
      .poll(() => page.evaluate(() => location.hash))
      .toBe(`#/customer/${encodeURIComponent(alert.customer_external_id)}`);
  });

  test('lists the customer’s other alerts and opens one', async ({ page, tenant }) => {
    const alerts = await serviceAlerts(tenant);
    const byCustomer = new Map<string, ServiceAlert[]>();
    for (const alert of alerts)
      byCustomer.set(alert.customer_external_id, [
        ...(byCustomer.get(alert.customer_external_id) ?? []),
        alert,
      ]);
    const siblings = [...byCustomer.values()].find((group) => group.length >= 2);
    expect(siblings).toBeDefined();
    if (!siblings) return;
    const [first, ...others] = siblings;
    if (!first) return;
    // The service holds every alert of the customer, not just those of the first page.
    const response = await tenant.service.call('POST', '/api/v1/alerts/search', {
      body: { external_id: first.customer_external_id, limit: 1000 },
    });
    const all = response.json<{ data: ServiceAlert[] }>().data;
    const expected = all.map((alert) => alert.id).filter((id) => id !== first.id);
    expect(expected.length).toBeGreaterThanOrEqual(others.length);

    const screen = new AlertPage(page);
    await screen.open(first.id);
    await expect(screen.otherAlertsCount).toHaveText(String(expected.length));
    if (expected.length > 8) await screen.showAllOtherAlerts.click();
    await expect(screen.otherAlerts).toHaveCount(expected.length);
    const shown = await screen.otherAlerts.evaluateAll((buttons) =>
      buttons.map((button) => button.getAttribute('data-alert-id')),
    );
    expect(shown.sort()).toEqual([...expected].sort());

    // Keyboard reachable: focus the first one and press Enter.
    const target = screen.otherAlerts.first();
    const targetId = await target.getAttribute('data-alert-id');
    await target.focus();
    await page.keyboard.press('Enter');
    await expect(screen.alertId).toHaveText(targetId ?? '');
  });

  // The tenant fixture is asked for so a profile with a synced cache is active.
  test('an alert outside the cache says so', async ({ page, tenant: _tenant }) => {
    const screen = new AlertPage(page);
    await screen.open('no-such-alert');
    await expect(screen.notFound).toContainText('This alert is not in the offline cache');
    await screen.notFound.getByRole('button', { name: 'Back to the queue' }).click();
    await expect(page.getByTestId('queue-screen')).toBeVisible();
  });
});
