import { newReportId, type PlantedReport } from '../support/press-wire';
import { expect, test } from './fixtures';
import { CustomerPage } from './pages/customer-page';
import { PressPage } from './pages/press-page';
import { SearchPalette } from './pages/search-palette';
import { hash, openById, plant, reportBody, somePerson, type WireReport } from './press-tenant';

// Adverse-media (press) reports, as an investigator uses them online: generated from a customer's
// page and generated again (compared with the previous one), any two compared, opened by an id
// from elsewhere, generated for any name, found with Ctrl+K. Every report CaseDesk holds is kept
// in the profile's local store: the service cannot list them again. Offline: press-offline.spec.ts.

test.describe('press reports', () => {
  test('generated from a customer’s page, prefilled and confirmed; generated again, it is compared with the previous one', async ({
    page,
    tenant,
  }) => {
    const person = await somePerson(page, tenant);
    const customer = new CustomerPage(page);
    const press = new PressPage(page);
    await customer.open(person.external_id, 'press');
    await expect(press.customerTab).toBeVisible();
    await expect(press.generateButton).toBeVisible();

    // The form starts from the cached customer, and every field can be changed.
    await press.generateButton.click();
    await expect(press.generateDialog).toHaveAttribute('data-step', 'form');
    await expect(press.field('firstName')).toHaveValue(person.first_name);
    await expect(press.field('lastName')).toHaveValue(person.last_name);
    await expect(press.field('dateOfBirth')).toHaveValue(person.date_of_birth);
    await expect(press.field('entityType')).toHaveValue('person');
    await expect(press.field('countries')).toHaveValue(new RegExp(person.nationality_code, 'i'));
    const name = await press.field('name').inputValue();
    expect(name).toContain(person.last_name);
    await expect(press.field('name')).toBeEditable();

    // Generating may cost the tenant: it is said before anything is sent.
    await press.generateNext.click();
    await expect(press.generateDialog).toHaveAttribute('data-step', 'confirm');
    await expect(press.generateCost).toContainText('may cost the tenant');
    await expect(press.generateCost).toContainText(name);
    await expect(press.generateConfirm).toBeFocused();
    await page.keyboard.press('Enter');

    // The report opens, kept for the customer.
    await expect(press.reader).toBeVisible({ timeout: 30_000 });
    const firstId = await press.shownReportId();
    await expect(press.origin).toHaveText('Generated');
    await expect(page.getByTestId('press-customer-link')).toHaveText(person.external_id);
    const first = await reportBody(tenant, firstId);
    expect(first.metadata.input.name).toBe(name);
    await expect(press.riskSummary).toHaveText(first.risk_summary);
    await expect(press.freshDiff).toHaveCount(0);

    await customer.open(person.external_id, 'press');
    await expect(press.rows).toHaveCount(1);
    await expect(press.row(firstId)).toBeVisible();

    // Again, by keyboard: made a moment ago, so CaseDesk asks before making another.
    await page.keyboard.press('n');
    await expect(press.generateDialog).toHaveAttribute('data-step', 'form');
    await press.field('name').focus();
    await page.keyboard.press('Enter');
    await expect(press.generateConfirm).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(press.generateRecent).toBeVisible({ timeout: 30_000 });
    await expect(press.generateRecent).toContainText('may cost the tenant again');
    await press.generateRepeat.click();

    // The new report was asked for against the first (previous_instant_report_id): the
    // service's summary names it, and CaseDesk shows what changed.
    await expect(press.reportId).not.toHaveText(firstId, { timeout: 30_000 });
    const secondId = await press.shownReportId();
    const second = await reportBody(tenant, secondId);
    expect(second.general_summary).toContain(`Compared with report ${firstId}`);
    await expect(press.generalSummary).toContainText(`Compared with report ${firstId}`);
    await expect(press.freshDiff).toBeVisible();
    await expect(press.freshDiff).toContainText('Changes since the previous report');
    const general = press.summaryDiff('general', press.freshDiff);
    await expect(general.section).toHaveAttribute('data-changed', 'true');
    await expect(general.newer).toContainText(`Compared with report ${firstId}`);
    await expect(general.older).not.toContainText('Compared with report');
    expect(await general.added.count()).toBeGreaterThan(0);

    // Both are kept for the customer, newest first.
    await customer.open(person.external_id, 'press');
    await expect(press.rows).toHaveCount(2);
    expect(await press.rowIds()).toEqual([secondId, firstId]);
  });

  test('any two kept reports of a subject are compared: categories, sources, namesakes and summaries; the sides change', async ({
    page,
    tenant,
  }) => {
    const name = 'Marguerite Okonkwo-Lindqvist';
    const bribery = {
      url: 'https://news.example/bribery-port-contract',
      title: 'Port contract bribery trial opens',
    };
    const laundering = {
      url: 'https://ledger.example/shell-companies',
      title: 'Shell companies moved funds abroad',
      quality: true,
    };
    const taxes = {
      url: 'https://tax.example/offshore-accounts',
      title: 'Offshore accounts under review',
    };
    const sanctions = {
      url: 'https://wire.example/sanctioned-cargo',
      title: 'Cargo shipped to a sanctioned buyer',
    };
    const fraud = {
      url: 'https://courier.example/investment-fraud',
      title: 'Investment fraud probe names director',
      quality: true,
    };
    const older: PlantedReport = {
      id: newReportId(),
      name,
      createdAt: '2026-09-01T10:00:00Z',
      risk: 'Moderate press risk: bribery and money laundering reported.',
      general: `Searched 120 sources for "${name}"; 4 relevant.`,
      categories: [
        { category: 'Bribery', severity: 'medium', certainty: 'medium', sources: [bribery] },
        {
          category: 'Money laundering',
          severity: 'medium',
          certainty: 'high',
          sources: [laundering],
        },
        { category: 'Tax evasion', severity: 'low', certainty: 'low', sources: [taxes] },
        {
          category: 'Sanctions evasion',
          severity: 'high',
          certainty: 'medium',
          sources: [sanctions],
        },
      ],
      namesake: { count: 3, score: 40 },
    };
    const middle: PlantedReport = {
      ...older,
      id: newReportId(),
      createdAt: '2026-10-01T10:00:00Z',
      general: `Searched 131 sources for "${name}"; 4 relevant. Compared with report ${older.id}: no change.`,
    };
    const newer: PlantedReport = {
      id: newReportId(),
      name,
      createdAt: '2026-11-01T10:00:00Z',
      risk: 'High press risk: fraud and money laundering reported.',
      general: `Searched 140 sources for "${name}"; 4 relevant.`,
      categories: [
        {
          category: 'Money laundering',
          severity: 'high',
          certainty: 'high',
          sources: [laundering],
        },
        { category: 'Tax evasion', severity: 'low', certainty: 'high', sources: [taxes] },
        {
          category: 'Sanctions evasion',
          severity: 'high',
          certainty: 'medium',
          reverted: true,
          sources: [sanctions],
        },
        { category: 'Fraud', severity: 'high', certainty: 'medium', sources: [fraud] },
      ],
      namesake: { count: 7, score: 55 },
    };
    const press = new PressPage(page);
    // The newest first, then a colleague's earlier ones: the order kept is not the order made.
    for (const report of [newer, older, middle]) {
      await plant(tenant, report);
      await openById(press, report.id);
    }
    await press.open();
    await press.row(newer.id).getByTestId('press-report-link').click();
    await expect(press.reportId).toHaveText(newer.id);

    // `?` lists what the reader's keys do.
    const sheet = page.getByTestId('shortcut-sheet');
    await page.keyboard.press('?');
    await expect(sheet).toContainText('Compare with another report of this subject');
    await expect(sheet).toContainText('Generate a new report of this subject');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // From the newest report: Compare with… offers the two others; the oldest is chosen.
    await expect(press.compareWith).toBeVisible();
    await page.keyboard.press('c');
    await expect(press.compareDialog).toBeVisible();
    await expect(press.compareDialog.getByTestId('press-compare-choice')).toHaveCount(2);
    await expect(press.compareChoice(middle.id)).toBeChecked();
    await press.compareChoice(older.id).check();
    await press.compareGo.click();

    await expect(press.compareScreen).toBeVisible();
    await expect.poll(() => hash(page)).toBe(`#/press/compare/${older.id}/${newer.id}`);
    await expect(press.olderSide).toHaveValue(older.id);
    await expect(press.newerSide).toHaveValue(newer.id);
    await expect(press.diffCategory('Fraud')).toHaveAttribute('data-change', 'added');
    await expect(press.diffCategory('Bribery')).toHaveAttribute('data-change', 'removed');
    await expect(press.diffCategory('Money laundering')).toHaveAttribute('data-change', 'severity');
    await expect(press.diffCategory('Tax evasion')).toHaveAttribute('data-change', 'certainty');
    await expect(press.diffCategory('Sanctions evasion')).toHaveAttribute(
      'data-change',
      'reverted',
    );
    await expect(press.diffSourcesAdded).toHaveCount(1);
    await expect(press.diffSourcesAdded).toContainText(fraud.title);
    await expect(press.diffSourcesAdded).toContainText('Quality source');
    await expect(press.diffSourcesRemoved).toHaveCount(1);
    await expect(press.diffSourcesRemoved).toContainText(bribery.title);
    await expect(press.diffNamesakeCount).toHaveText('3 → 7 (+4)');
    await expect(press.diffNamesakeScore).toHaveText('40 → 55 (+15)');
    const risk = press.summaryDiff('risk');
    await expect(risk.section).toHaveAttribute('data-changed', 'true');
    await expect(risk.removed.filter({ hasText: 'Moderate' })).toHaveCount(1);
    await expect(risk.added.filter({ hasText: 'High' })).toHaveCount(1);
    await expect(risk.older).not.toContainText('High');
    await expect(risk.newer).not.toContainText('Moderate');

    await page.keyboard.press('?');
    await expect(sheet).toContainText('Open the older report');
    // No swap: a comparison always reads from the report made first to the later one.
    await expect(sheet).not.toContainText('Swap the two sides');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // Asked for in the other order, the comparison still reads from the older report to the newer one.
    await page.evaluate(
      ([a, b]) => {
        location.hash = `#/press/compare/${a}/${b}`;
      },
      [newer.id, older.id] as const,
    );
    await expect.poll(() => hash(page)).toBe(`#/press/compare/${newer.id}/${older.id}`);
    await expect(press.olderSide).toHaveValue(older.id);
    await expect(press.newerSide).toHaveValue(newer.id);
    await expect(press.diffCategory('Fraud')).toHaveAttribute('data-change', 'added');

    // Another older side, chosen on the screen: from the middle report (which named the oldest).
    await press.olderSide.selectOption(middle.id);
    await expect(press.olderSide).toHaveValue(middle.id);
    await expect(press.newerSide).toHaveValue(newer.id);
    await expect(
      press.summaryDiff('general').removed.filter({ hasText: older.id }).first(),
    ).toBeVisible();
    await expect(press.diffCategory('Fraud')).toHaveAttribute('data-change', 'added');

    // The same two reports compared against themselves say so.
    await press.olderSide.selectOption(older.id);
    await press.newerSide.selectOption(middle.id);
    await expect(press.olderSide).toHaveValue(older.id);
    await expect(press.newerSide).toHaveValue(middle.id);
    await expect(press.diffCategory('Fraud')).toHaveCount(0);
    await expect(page.getByTestId('press-diff-namesake-count')).toHaveText('3 (unchanged)');

    // `o` opens the older report from the comparison.
    await page.keyboard.press('o');
    await expect(press.reportId).toHaveText(older.id);
  });

  test('a report made elsewhere is opened by its id, kept, and listed after a reload and offline', async ({
    page,
    tenant,
  }) => {
    const made = await tenant.service.call('POST', '/api/v1/press/instantreport', {
      body: {
        name: 'Ingrid Vasquez-Thorne',
        additional_info: { country_codes: ['SE'], entity_type: 1 },
      },
    });
    expect(made.status).toBe(200);
    const report = made.json<WireReport>();

    const press = new PressPage(page);
    await press.openWithKeyboard();
    await expect(press.empty).toBeVisible();
    const sheet = page.getByTestId('shortcut-sheet');
    await page.keyboard.press('?');
    await expect(sheet).toContainText('Open a report by its id');
    await expect(sheet).toContainText('Generate a new report');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // An id the service does not know is said plainly; nothing is kept.
    await page.keyboard.press('o');
    await expect(press.openDialog).toBeVisible();
    await page.keyboard.type('press_nobody_knows_this_one');
    await page.keyboard.press('Enter');
    await expect(press.openError).toBeVisible({ timeout: 30_000 });
    await expect(press.openError).not.toBeEmpty();
    await page.keyboard.press('Escape');
    await expect(press.openDialog).toBeHidden();

    // The id a colleague sent, pasted in: fetched, shown, kept.
    await press.openById(`  ${report.report_body_id} `);
    await expect(press.reader).toBeVisible({ timeout: 30_000 });
    await expect(press.reportId).toHaveText(report.report_body_id);
    await expect(press.origin).toHaveText('Opened by id');
    await expect(press.generalSummary).toHaveText(report.general_summary);
    await expect(press.riskSummary).toHaveText(report.risk_summary);

    // After a reload, the list holds it.
    await page.reload();
    await expect(page.locator('html[data-app-state="ready"]')).toBeAttached();
    await press.open();
    await expect(press.count).toHaveText('1 kept report');
    await expect(press.row(report.report_body_id)).toContainText('Ingrid Vasquez-Thorne');
    await expect(press.row(report.report_body_id).getByTestId('press-row-origin')).toHaveText(
      'Opened by id',
    );

    // Offline, it is listed and reads from the local store.
    await tenant.stop();
    await page.reload();
    await expect(page.locator('html[data-app-state="ready"]')).toBeAttached();
    await press.open();
    await press.row(report.report_body_id).getByTestId('press-report-link').click();
    await expect(press.reportId).toHaveText(report.report_body_id);
    await expect(press.generalSummary).toHaveText(report.general_summary);
    await expect(press.fetched).toHaveCount(0);

    // One not kept cannot be fetched offline, and the dialog says so with what still works.
    await press.open();
    await press.openById('press_not_kept_here');
    await expect(press.openError).toContainText('fetching it needs the service', {
      timeout: 30_000,
    });
    await expect(press.openError).toContainText('kept reports still read offline');
  });

  test('Ctrl+K finds a kept report by a word of its summary, a category and a source title; the hit opens it', async ({
    page,
    tenant,
  }) => {
    const report: PlantedReport = {
      id: newReportId(),
      name: 'Teodora Vashchenko',
      createdAt: '2026-11-22T08:00:00Z',
      risk: 'High press risk: wildlife smuggling through Quillborough harbour.',
      general: 'Searched 70 sources for "Teodora Vashchenko"; 1 relevant.',
      categories: [
        {
          category: 'Wildlife smuggling',
          severity: 'high',
          certainty: 'medium',
          sources: [
            {
              url: 'https://harbour.example/crates',
              title: 'Harbour authority seizes crates bound for Veltrane',
            },
          ],
        },
      ],
      namesake: { count: 0, score: 0 },
    };
    await plant(tenant, report);
    const press = new PressPage(page);
    await openById(press, report.id);
    await page.getByTestId('nav-dashboard').click();

    const search = new SearchPalette(page);
    const hit = search.hit('press', report.id);
    for (const words of ['Quillborough', 'wildlife smuggling', 'Veltrane']) {
      await search.openWithKeyboard();
      await search.type(words);
      await expect(hit).toBeVisible();
      await expect(hit).toContainText('Teodora Vashchenko');
      await page.keyboard.press('Escape');
      await expect(search.dialog).toBeHidden();
    }

    await search.openWithKeyboard();
    await search.type('veltrane');
    await expect(hit).toBeVisible();
    await search.arrowTo(hit);
    await expect.poll(() => hash(page)).toBe(`#/press/report/${report.id}`);
    await expect(press.reportId).toHaveText(report.id);
    await expect(press.riskSummary).toContainText('Quillborough');
  });
  test('generated for any name from the Press screen by keyboard, it is found by its name with Ctrl+K', async ({
    page,
    tenant,
  }) => {
    expect(tenant.service.sandbox.baseUrl).toMatch(/^http/);
    const press = new PressPage(page);
    await press.openWithKeyboard();
    await page.keyboard.press('n');
    await expect(press.generateDialog).toHaveAttribute('data-step', 'form');
    // Any name: nothing is prefilled.
    await expect(press.field('name')).toHaveValue('');
    await expect(press.field('firstName')).toHaveValue('');
    await press.field('name').fill('Rosalind Achterberg');
    await press.field('countries').fill('nl');
    await press.field('entityType').selectOption('person');
    await press.field('name').focus();
    await page.keyboard.press('Enter');
    await expect(press.generateCost).toContainText('Rosalind Achterberg');
    await page.keyboard.press('Enter');
    await expect(press.reader).toBeVisible({ timeout: 30_000 });
    const id = await press.shownReportId();
    await expect(press.generalSummary).toContainText('"Rosalind Achterberg" (NL)');
    await expect(page.getByTestId('press-customer-link')).toHaveCount(0);

    await page.getByTestId('press-back-to-list').click();
    await expect(press.count).toHaveText('1 kept report');
    await expect(press.row(id).getByTestId('press-row-origin')).toHaveText('Generated');

    const search = new SearchPalette(page);
    await search.openWithKeyboard();
    await search.type('achterberg');
    await search.arrowTo(search.hit('press', id));
    await expect(press.reportId).toHaveText(id);
  });
});
