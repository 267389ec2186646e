import { audit } from './axe-audit';
import type { KeptRelation, QueueWindow } from '../../preload/contract';
import { bridge, expect, screenshot, test } from './fixtures';
import { CustomerPage } from './pages/customer-page';
import { RelationsPanel } from './pages/relations-page';

/** Two customers of the synced alerts, both in the cache. */
async function twoCustomers(page: Parameters<typeof bridge>[0]): Promise<[string, string]> {
  const queue = await bridge<QueueWindow>(page, 'queue.window', { limit: 200 });
  const ids = [...new Set(queue.rows.map((row) => row.customerExternalId))];
  const [first, second] = ids;
  if (!first || !second) throw new Error('the tenant lacks two customers with alerts');
  return [first, second];
}

test.describe('relations between customers', () => {
  test.setTimeout(180_000);

  test('a relation verified, saved, shown on both customers and in the graph, opened by keyboard', async ({
    page,
    tenant,
  }) => {
    expect(tenant).toBeTruthy();
    const [parent, child] = await twoCustomers(page);
    const customerPage = new CustomerPage(page);
    const relations = new RelationsPanel(page);

    await customerPage.open(parent, 'relations');
    await expect(relations.empty).toBeVisible();
    await expect(customerPage.tab('relations')).toContainText('0');
    await relations.labelType(7, 'Director');

    // A child the service does not know: its error shows beside the child, and nothing is saved.
    await relations.add.click();
    await expect(relations.endValue('parent')).toHaveValue(parent);
    await relations.endValue('child').fill('NOPE-404');
    await relations.type.selectOption({ label: 'Director (7)' });
    await expect(relations.relationId).toHaveValue(`rel-${parent}-NOPE-404-7`);
    await relations.verify.click();
    await expect(relations.end('child').locator('.field-error')).toContainText('NOPE-404');
    await expect(relations.save).toBeDisabled();
    await screenshot(page, 'relation-form-errors');

    // The real child, found among the cached customers: verified again, then saved.
    await relations.endValue('child').fill('');
    await relations.endSearch('child').fill(child);
    await relations.endChoice('child').filter({ hasText: child }).first().click();
    await expect(relations.endValue('child')).toHaveValue(child);
    await expect(relations.save).toBeDisabled();
    await relations.verify.click();
    await expect(relations.verified).toContainText('Verified');
    await relations.save.click();
    await expect(relations.notice).toContainText('Relation saved.');
    await expect(relations.asParent()).toHaveCount(1);
    await expect(relations.asParent().getByTestId('kept-relation-type')).toHaveText('Director');
    // The other end named as the cache knows it.
    await expect(relations.asParent().getByTestId('kept-relation-name')).not.toBeEmpty();
    await expect(customerPage.tab('relations')).toContainText('1');
    const kept = await bridge<KeptRelation[]>(page, 'relations.list', { externalId: child });
    expect(kept).toMatchObject([
      {
        relationExternalId: `rel-${parent}-${child}-7`,
        parentExternalId: parent,
        childExternalId: child,
        relationType: 7,
        state: 'saved',
      },
    ]);
    await expect(relations.graphNodes.filter({ hasText: child })).toBeVisible();
    // Every reload of the graph draws its edges again (a save, an edit, a disable).
    await expect(relations.graphEdges).toHaveCount(1);
    await screenshot(page, 'relations');

    // The child's page lists it too, as child.
    await relations.asParent().getByTestId('kept-relation-link').click();
    await expect(customerPage.externalId).toHaveText(child);
    await expect(relations.asChild()).toHaveCount(1);
    await expect(relations.asChild().getByTestId('kept-relation-link')).toHaveText(parent);
    await expect(relations.graphEdges).toHaveCount(1);

    // In the graph the parent is above: reached with Tab, opened with Enter.
    const parentNode = relations.graphNodes.filter({ hasText: parent });
    await expect(parentNode).toBeVisible();
    await screenshot(page, 'relations-graph');
    await relations.depth.focus();
    for (let presses = 0; presses < 12; presses += 1) {
      if (await parentNode.evaluate((node) => node === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(parentNode).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(customerPage.externalId).toHaveText(parent);
    await expect(page).toHaveURL(new RegExp(`#/customer/${encodeURIComponent(parent)}/relations$`));
    await expect(relations.graphEdges).toHaveCount(1);

    // Edited (another type, one the profile has not named): the list and the graph's edge say so.
    await relations.asParent().getByTestId('kept-relation-edit').click();
    await relations.type.selectOption({ label: 'Another number…' });
    await relations.form.getByTestId('relation-type-number').fill('8');
    await relations.verify.click();
    await expect(relations.verified).toContainText('Verified');
    await relations.save.click();
    await expect(relations.asParent().getByTestId('kept-relation-type')).toHaveText('Type 8');
    await expect(relations.graphEdges).toHaveCount(1);
    await expect(relations.graphEdges).toContainText('Type 8');

    // Disabled: dashed in the graph, said in the list.
    await relations.asParent().getByTestId('kept-relation-toggle').click();
    await expect(relations.asParent().getByTestId('kept-relation-state')).toHaveText(
      'Saved, disabled',
    );
    await expect(relations.graphEdges).toHaveCount(1);
    await expect(relations.graph.locator('.react-flow__edge.is-disabled')).toHaveCount(1);
  });

  test('a relation saved offline and refused on delivery shows refused, with the service’s words', async ({
    page,
    tenant,
  }) => {
    const [parent] = await twoCustomers(page);
    const customerPage = new CustomerPage(page);
    const relations = new RelationsPanel(page);
    await customerPage.open(parent, 'relations');
    await expect(relations.empty).toBeVisible();
    await relations.labelType(7, 'Director');

    await tenant.stop();
    await page.getByTestId('sync-start').click();
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-connectivity', 'offline', {
      timeout: 30_000,
    });
    // Offline nothing can be verified: saved, it waits in the outbox.
    await relations.add.click();
    await relations.endValue('child').fill('NOPE-404');
    await relations.type.selectOption({ label: 'Director (7)' });
    await relations.verify.click();
    await expect(relations.form.getByTestId('relation-offline')).toBeVisible({ timeout: 30_000 });
    await relations.save.click();
    await expect(relations.notice).toContainText('outbox', { timeout: 30_000 });
    await expect(relations.asParent().getByTestId('kept-relation-state')).toHaveText(
      'Waiting in the outbox',
    );

    // Back online, the outbox delivers it and the service refuses the unknown child.
    await tenant.restart();
    await tenant.sync();
    await expect(relations.asParent().getByTestId('kept-relation-state')).toHaveText(
      'Refused by the service',
      { timeout: 60_000 },
    );
    // What was said when it was queued no longer holds.
    await expect(relations.notice).toHaveCount(0);
    const refusal = relations.asParent().getByTestId('kept-relation-refusal');
    await expect(refusal).toContainText('NOPE-404');
    await expect(refusal).toContainText('Edit it and save again');
    const kept = await bridge<KeptRelation[]>(page, 'relations.list', { externalId: parent });
    expect(kept).toMatchObject([{ state: 'refused', childExternalId: 'NOPE-404' }]);
    await expect(relations.graphEdges).toHaveCount(1);
    await screenshot(page, 'relations-refused');
    expect(await audit(page, 'relation refused')).toEqual([]);

    // Edited and saved again online: it is saved.
    await relations.asParent().getByTestId('kept-relation-edit').click();
    await relations.endValue('child').fill('');
    const [, child] = await twoCustomers(page);
    await relations.endValue('child').fill(child);
    await relations.verify.click();
    await expect(relations.verified).toContainText('Verified');
    await relations.save.click();
    await expect(relations.asParent().getByTestId('kept-relation-state')).toHaveText('Saved');
    await expect(relations.asParent().getByTestId('kept-relation-refusal')).toHaveCount(0);
  });
});
