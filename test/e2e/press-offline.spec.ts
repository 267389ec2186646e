import { newReportId, type PlantedReport } from '../support/press-wire';
import { expect, test } from './fixtures';
import { CustomerPage } from './pages/customer-page';
import { OutboxPage } from './pages/outbox-page';
import { PressPage } from './pages/press-page';
import { openById, plant, pressEvents, somePerson } from './press-tenant';

// Press reports when the service cannot be reached: a forced generation waits in the outbox and
// is sent once, kept reports read (filtered, marked read) with the app restarted offline, and a
// generation whose answer was lost is remembered, and CaseDesk asks before another is made.

test.describe('press reports without the service', () => {
  test('forced for a customer while offline: it waits in the outbox, is sent once when the service is back, and the report is picked up', async ({
    page,
    tenant,
  }) => {
    const person = await somePerson(page, tenant);
    const eventsBefore = (await pressEvents(tenant, person.external_id)).length;
    const customer = new CustomerPage(page);
    const press = new PressPage(page);
    await customer.open(person.external_id, 'press');
    await expect(press.customerTab).toBeVisible();
    const forcedRows = press.rows.filter({
      has: page.getByTestId('press-row-origin').filter({ hasText: 'Forced' }),
    });
    const forcedBefore = await forcedRows.count();

    await tenant.stop();
    await page.keyboard.press('f');
    await expect(press.forceConfirmText).toContainText('may cost the tenant');
    await expect(press.forceConfirmText).toContainText('sent exactly once');
    await press.forceConfirm.click();
    await expect(press.forceQueued).toBeVisible({ timeout: 30_000 });
    await expect(press.forceQueued).toContainText('sent once');

    // It waits in the outbox while the service cannot be reached.
    const outbox = new OutboxPage(page);
    await outbox.open();
    const item = page.locator('[data-testid="outbox-item"][data-kind="press.force"]');
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute('data-state', 'queued', { timeout: 30_000 });
    await expect(item).toContainText(`Generate a press report for “${person.first_name}`);
    await expect(item).toContainText(person.last_name);
    await expect(outbox.badge).toHaveAttribute('data-pending', '1');

    // Back online: sent, and only once.
    await tenant.restart();
    await tenant.sync();
    await expect(item).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(outbox.badge).toHaveCount(0);
    await expect
      .poll(async () => (await pressEvents(tenant, person.external_id)).length)
      .toBe(eventsBefore + 1);

    // The forced report is picked up and listed on the customer's Press tab.
    const [forcedEvent] = await pressEvents(tenant, person.external_id);
    const forcedId = forcedEvent?.Url.split('/').pop() ?? '';
    expect(forcedId).not.toBe('');
    await customer.open(person.external_id, 'press');
    await expect(press.row(forcedId)).toBeVisible({ timeout: 30_000 });
    await expect(press.row(forcedId).getByTestId('press-row-origin')).toHaveText('Forced');
    await expect(forcedRows).toHaveCount(forcedBefore + 1);

    // Another sync sends nothing again and keeps the report once.
    await tenant.sync();
    expect((await pressEvents(tenant, person.external_id)).length).toBe(eventsBefore + 1);
    await customer.open(person.external_id, 'press');
    await expect(forcedRows).toHaveCount(forcedBefore + 1);
    await press.row(forcedId).getByTestId('press-report-link').click();
    await expect(press.reportId).toHaveText(forcedId);
    await expect(press.origin).toHaveText('Forced');
  });

  test.describe('with the app restarted offline', () => {
    // The profile's token outlives the app, as an investigator's saved profile does.
    test.use({ tenantTokenStorage: 'weak' });

    test('kept reports are listed, filtered, read and marked read offline; generating says it needs the service', async ({
      page,
      tenant,
      app,
    }) => {
      const halvard: PlantedReport = {
        id: newReportId(),
        name: 'Halvard Brennemoen',
        createdAt: '2026-11-20T08:00:00Z',
        risk: 'High press risk: fraud reported.',
        general: 'Searched 80 sources for "Halvard Brennemoen"; 2 relevant.',
        categories: [
          {
            category: 'Fraud',
            severity: 'high',
            certainty: 'high',
            sources: [
              {
                url: 'https://courier.example/brennemoen-fraud',
                title: 'Brennemoen charged over invoice fraud',
                quality: true,
              },
              {
                url: 'https://gazette.example/brennemoen-hearing',
                title: 'Hearing set in Brennemoen case',
                images: ['https://gazette.example/media/courthouse.jpg'],
              },
            ],
          },
        ],
        namesake: { count: 1, score: 10 },
      };
      const oksana: PlantedReport = {
        id: newReportId(),
        name: 'Oksana Delacroix-Mbeki',
        createdAt: '2026-11-21T08:00:00Z',
        risk: 'Moderate press risk: tax evasion reported.',
        general: 'Searched 60 sources for "Oksana Delacroix-Mbeki"; 1 relevant.',
        categories: [
          {
            category: 'Tax evasion',
            severity: 'low',
            certainty: 'medium',
            sources: [
              {
                url: 'https://tax.example/delacroix-audit',
                title: 'Audit questions Delacroix-Mbeki filings',
              },
            ],
          },
        ],
        namesake: { count: 0, score: 0 },
      };
      const press = new PressPage(page);
      for (const report of [halvard, oksana]) {
        await plant(tenant, report);
        await openById(press, report.id);
      }

      await tenant.stop();
      await app.restart();
      await press.openWithKeyboard();
      await expect(press.count).toHaveText('2 kept reports');
      expect(await press.rowIds()).toEqual([oksana.id, halvard.id]);

      // Filters: subject (any case), category, severity (at least), the day kept.
      await press.filterSubject.fill('halvard');
      await expect.poll(() => press.rowIds()).toEqual([halvard.id]);
      await press.filterClear.click();
      await expect.poll(() => press.rowIds()).toEqual([oksana.id, halvard.id]);
      await press.filterCategory.selectOption('Tax evasion');
      await expect.poll(() => press.rowIds()).toEqual([oksana.id]);
      await press.filterClear.click();
      await press.filterSeverity.selectOption('high');
      await expect.poll(() => press.rowIds()).toEqual([halvard.id]);
      await press.filterSeverity.selectOption('low');
      await expect.poll(() => press.rowIds()).toEqual([oksana.id, halvard.id]);
      await press.filterClear.click();
      const today = await page.evaluate(() => {
        const now = new Date();
        const pad = (value: number) => String(value).padStart(2, '0');
        return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
      });
      const tomorrow = await page.evaluate(() => {
        const next = new Date(Date.now() + 24 * 3600_000);
        const pad = (value: number) => String(value).padStart(2, '0');
        return `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}`;
      });
      await press.filterKeptFrom.fill(tomorrow);
      await expect(press.empty).toContainText('No kept report matches these filters');
      await press.filterKeptFrom.fill(today);
      await press.filterKeptTo.fill(today);
      await expect.poll(() => press.rowIds()).toEqual([oksana.id, halvard.id]);
      await press.filterClear.click();

      // A report opens with its sources; one is marked read and stays read.
      await press.row(halvard.id).getByTestId('press-report-link').click();
      await expect(press.reportId).toHaveText(halvard.id);
      await expect(press.riskSummary).toHaveText(halvard.risk);
      await expect(press.categories).toHaveCount(1);
      await expect(press.categories).toContainText('Fraud');
      await expect(press.sources).toHaveCount(2);
      const charged = press.source('https://courier.example/brennemoen-fraud');
      await expect(charged.getByTestId('press-source-title')).toHaveText(
        'Brennemoen charged over invoice fraud',
      );
      await expect(charged.getByTestId('press-source-quality')).toBeVisible();
      await expect(charged.getByTestId('press-source-site')).toHaveText('courier.example');
      await expect(press.readCount).toHaveText('0 of 2 read');

      // A source's link opens only after its address is shown; its images load only when asked.
      await charged.getByTestId('press-source-open').click();
      await expect(page.getByTestId('link-confirm-target')).toHaveText(
        'https://courier.example/brennemoen-fraud',
      );
      await expect(page.getByTestId('link-confirm-host')).toHaveText('courier.example');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('link-confirm')).toBeHidden();
      const hearing = press.source('https://gazette.example/brennemoen-hearing');
      await expect(hearing.getByTestId('press-source-images-blocked')).toContainText(
        '1 remote image not loaded',
      );
      await expect(press.reader.locator('img')).toHaveCount(0);
      await hearing.getByTestId('press-source-load-images').click();
      await expect(hearing.locator('img')).toHaveAttribute(
        'src',
        'https://gazette.example/media/courthouse.jpg',
      );
      await charged.getByTestId('press-source-read').click();
      await expect(charged).toHaveAttribute('data-read', 'true');
      await expect(charged.getByTestId('press-source-read-mark')).toBeVisible();
      await expect(press.readCount).toHaveText('1 of 2 read');

      await page.getByTestId('press-back-to-list').click();
      await expect(press.row(halvard.id).getByTestId('press-row-read')).toHaveText('1 of 2');
      await press.row(halvard.id).getByTestId('press-report-link').click();
      await expect(press.reportId).toHaveText(halvard.id);
      await expect(charged).toHaveAttribute('data-read', 'true');
      await expect(press.source('https://gazette.example/brennemoen-hearing')).toHaveAttribute(
        'data-read',
        'false',
      );

      // Generating needs the service: said plainly, with what still works.
      await press.open();
      await press.generateButton.click();
      await press.field('name').fill('Halvard Brennemoen');
      await press.generateNext.click();
      await press.generateConfirm.click();
      await expect(press.generateError).toContainText('needs the service', { timeout: 30_000 });
      await expect(press.generateError).toContainText('kept reports still read offline');
    });
  });

  test('a generation whose answer is lost says the report may exist, and CaseDesk asks before generating again', async ({
    page,
    tenant,
  }) => {
    const person = await somePerson(page, tenant);
    const customer = new CustomerPage(page);
    const press = new PressPage(page);
    await customer.open(person.external_id, 'press');
    await press.generateButton.click();
    await press.generateNext.click();
    await expect(press.generateConfirm).toBeVisible();

    // The connection drops once the request has gone out.
    const faults = await tenant.service.call('PUT', '/__sandbox/faults', { body: { dropRate: 1 } });
    expect(faults.status).toBe(200);
    await press.generateConfirm.click();
    await expect(press.generateError).toContainText('may exist on the service', {
      timeout: 30_000,
    });
    await expect(press.generateError).toContainText('cannot look for it');
    await expect(press.generateError).toContainText('asks you before generating');

    // Back to normal: Try again asks first and says why; only then is another one made.
    expect((await tenant.service.call('DELETE', '/__sandbox/faults')).status).toBe(200);
    await page.getByTestId('press-generate-retry').click();
    const doubt = page.getByTestId('press-generate-in-doubt');
    await expect(doubt).toBeVisible({ timeout: 30_000 });
    await expect(doubt).toContainText('may have been made on the service');
    await expect(doubt).toContainText('the customer’s timeline');
    await press.generateRepeat.click();
    await expect(press.reader).toBeVisible({ timeout: 30_000 });
    await expect(press.origin).toHaveText('Generated');
    await customer.open(person.external_id, 'press');
    await expect(press.rows).toHaveCount(1);
  });
});
