import { z } from 'zod';
import { expect, screenshot, test } from './fixtures';
import { CustomerImportPage, type ImportFile } from './pages/customer-import-page';
import { QueuePage } from './pages/queue-page';

// The Import customers screens against the tenant's sandbox, end to end: the dry run asks the
// service, a line it refuses is fixed in the grid and verified again, the save reaches the service,
// and the saved customers are screened at the next scan, so their alerts reach the queue.

const Alerts = z.object({
  data: z.array(z.object({ customer_external_id: z.string() })),
});
const Detail = z.object({
  customer: z.object({
    account_type: z.object({ code: z.string() }),
    first_name: z.string(),
    middle_name: z.string(),
    last_name: z.string(),
    company_name: z.string(),
    trading_name: z.string(),
    date_of_birth: z.string(),
    nationality_codes: z.array(z.string()),
    domicile_codes: z.array(z.string()),
    name_variations: z.array(z.record(z.string(), z.string())),
  }),
});

test.describe('importing into the service', () => {
  test.use({ tenantScale: 12 });
  test.setTimeout(180_000);
  test('a dry run finds a bad line, fixed in the grid, saved; the customers reach the queue after the scan', async ({
    page,
    tenant,
  }) => {
    // A customer of the tenant the watchlist matches: the import's first line copies what
    // screening reads of it, so the saved twin is matched too.
    const alerts = Alerts.parse(
      (
        await tenant.service.call('POST', '/api/v1/alerts/search', {
          body: { score_from: 85, limit: 1 },
        })
      ).json(),
    );
    const listed = alerts.data[0]?.customer_external_id;
    if (!listed) throw new Error('the tenant has no alert scored 85 or more');
    const { customer } = Detail.parse(
      (await tenant.service.call('GET', `/api/v1/customers/${encodeURIComponent(listed)}`)).json(),
    );
    const twin = {
      external_id: 'IMP-TWIN',
      account_type: customer.account_type.code,
      first_name: customer.first_name,
      middle_name: customer.middle_name,
      last_name: customer.last_name,
      company_name: customer.company_name,
      trading_name: customer.trading_name,
      ...(customer.date_of_birth ? { date_of_birth: customer.date_of_birth } : {}),
      nationality_codes: customer.nationality_codes,
      domicile_codes: customer.domicile_codes,
      variations: customer.name_variations.map((variation) => ({ _op: 'set', ...variation })),
    };
    const bad = {
      external_id: 'IMP-BAD',
      account_type: 'N',
      first_name: 'Ilse',
      last_name: 'Brandt',
      date_of_birth: '03/04/1980',
    };
    const file: ImportFile = {
      name: 'onboarding.ndjson',
      mimeType: 'application/x-ndjson',
      bytes: Buffer.from(`${JSON.stringify(twin)}\n${JSON.stringify(bad)}\n`, 'utf8'),
    };

    // A relation between the two whose type the service does not know.
    const relations: ImportFile = {
      name: 'relations.ndjson',
      mimeType: 'application/x-ndjson',
      bytes: Buffer.from(
        `${JSON.stringify({
          relation_external_id: 'IMP-REL',
          parent_customer_external_id: 'IMP-TWIN',
          child_customer_external_id: 'IMP-BAD',
          relation_type: 999,
        })}\n`,
        'utf8',
      ),
    };

    const screen = new CustomerImportPage(page);
    await screen.open();
    await screen.choose('customers', file);
    await screen.choose('relations', relations);
    await screen.startButton.click();
    await expect(screen.panel).toHaveAttribute('data-state', 'verified');
    await expect(page.getByTestId('ci-with-errors')).toHaveText('2');
    // The service's reason sits in the date of birth's cell of the refused line.
    await expect(
      screen.line(2).getByTestId('ci-cell-date_of_birth').getByTestId('ci-problem'),
    ).toBeVisible();

    await screen.onlyProblems.check();
    await expect(screen.lines).toHaveCount(2);
    await screen.goToCell(0, 7);
    await page.keyboard.press('F2');
    await screen.editor.fill('1980-04-03');
    await page.keyboard.press('Enter');
    await expect(screen.line(2)).toHaveAttribute('data-status', 'edited');
    // The relation's line, fixed in the whole-line editor. It opens on the first field the
    // service named: the child, refused with the customer line fixed above (verified again with
    // it); the unknown type is named beside its own field.
    await screen.goToCell(1, 2);
    await page.keyboard.press('Shift+Enter');
    const lineEditor = page.getByTestId('ci-line-editor');
    await expect(lineEditor.getByTestId('problems-child_customer_external_id')).toContainText(
      'IMP-BAD',
    );
    await expect(lineEditor.getByTestId('relation-line-child_customer_external_id')).toBeFocused();
    await expect(lineEditor.getByTestId('problems-relation_type')).toContainText('999');
    await screenshot(page, 'customer-import-relation-line-editor');
    await lineEditor.getByTestId('relation-line-relation_type').fill('4');
    await lineEditor.getByTestId('relation-line-fields').fill('since = 2021');
    await lineEditor.getByTestId('ci-line-editor-keep').click();
    await expect(lineEditor).toHaveCount(0);
    await expect(screen.grid).toBeFocused();
    await screen.action('verify').click();
    await expect(page.getByTestId('ci-with-errors')).toHaveText('0');

    await screen.action('save').click();
    await expect(screen.panel).toHaveAttribute('data-state', 'done');
    // Both customers and the relation.
    await expect(page.getByTestId('ci-saved')).toHaveText('3');
    // Saved on the service, as another client reads it.
    for (const id of ['IMP-TWIN', 'IMP-BAD'])
      expect((await tenant.service.call('GET', `/api/v1/customers/${id}`)).status).toBe(200);
    const fixed = Detail.parse(
      (await tenant.service.call('GET', '/api/v1/customers/IMP-BAD')).json(),
    );
    expect(fixed.customer.date_of_birth).toBe('1980-04-03');

    // The next scan screens them; the next sync brings the twin's alerts into the queue.
    await tenant.service.call('POST', '/__sandbox/scan');
    await tenant.sync();
    const queue = new QueuePage(page);
    await queue.open({ customerExternalId: 'IMP-TWIN' });
    await expect.poll(() => queue.shownTotal()).toBeGreaterThan(0);
  });
});
