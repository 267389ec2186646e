import { expect, screenshot, test } from './fixtures';
import { standInImport, STAND_IN_CSV } from './customer-import-stand-in';
import { CustomerImportPage } from './pages/customer-import-page';

// The Import customers screens in Chromium through the browser host.
//
// "Over a stand-in import": the renderer's screens against a scripted customerImport bridge (the
// host's answers replaced in the page's requests), so the screens, their keyboard use and their
// looks are checked whatever the import service does.

test.describe('over a stand-in import', () => {
  // A profile to work in; the import itself is the stand-in's.
  test.use({ tenantScale: 8 });
  // A tenant to sync, four screenshots in two themes each, a grid walked key by key.
  test.setTimeout(180_000);
  test('a CSV chosen, mapped, dry-run; a bad date fixed in the grid from the keyboard, verified again and saved', async ({
    page,
    tenant,
  }) => {
    expect(tenant).toBeTruthy();
    const stand = standInImport(page);
    await stand.install();
    const screen = new CustomerImportPage(page);
    await screen.open();
    await expect(page.getByTestId('ci-no-imports')).toBeVisible();
    await screenshot(page, 'customer-import-empty');

    await screen.choose('customers', STAND_IN_CSV);
    await expect(screen.slot('customers')).toHaveAttribute('data-step', 'ready');
    // The saved or guessed mapping is offered; what it misses is chosen here.
    await expect(screen.mapping('external_id')).toHaveValue('Id');
    await screen.mapping('last_name').selectOption('Last');
    await screen.mapping('date_of_birth').selectOption('Born');
    await expect(page.getByTestId('ci-customers-preview-row')).toHaveCount(5);
    await page.getByTestId('ci-batch-size').fill('50');
    await screenshot(page, 'customer-import-mapping');

    await screen.startButton.click();
    await expect(screen.panel).toHaveAttribute('data-state', 'verified');
    expect(stand.started).toEqual([
      expect.objectContaining({
        file: { kind: 'staged', token: expect.stringMatching(/^[a-f0-9]{32}$/) as unknown },
        mapping: {
          external_id: 'Id',
          account_type: 'Type',
          first_name: 'First',
          last_name: 'Last',
          date_of_birth: 'Born',
        },
        batchSize: 50,
        saveMapping: true,
        disableRiskScan: false,
      }),
    ]);
    await expect(page.getByTestId('ci-with-errors')).toHaveText('1');
    await expect(page.getByTestId('ci-progress-bar')).toHaveAttribute('aria-valuenow', '100');

    // The error sits beside the cell of the field it names; the warning among the line's others.
    const bad = screen.line(5);
    await expect(bad.getByTestId('ci-cell-date_of_birth').getByTestId('ci-problem')).toContainText(
      'YYYY-MM-DD',
    );
    await expect(screen.line(2).getByTestId('ci-other-problems')).toContainText('risk');
    // Service text stays text, isolated from its neighbours.
    await expect(
      screen.line(4).getByTestId('ci-cell-first_name').locator('bdi[dir="auto"]'),
    ).toHaveText('سارة');

    await screen.onlyProblems.check();
    await expect(screen.lines).toHaveCount(3);
    // The unreadable line shows what was read and why.
    await screen.goToCell(2, 2);
    await expect(page.getByTestId('ci-source')).toHaveText('C-10;N;"Unclosed;quote');
    await expect(page.getByTestId('ci-detail')).toContainText('A quoted cell is not closed');
    await screenshot(page, 'customer-import-problems');

    // Line 5 is the second problem line; its date of birth is the eighth column (index 7).
    await screen.goToCell(1, 7);
    await page.keyboard.press('Enter');
    await expect(screen.editor).toBeFocused();
    await expect(screen.editor).toHaveValue('03/04/1980');
    await page.keyboard.press('Escape');
    await expect(screen.editor).toHaveCount(0);
    await expect(screen.grid).toBeFocused();
    expect(stand.edits).toEqual([]);

    await page.keyboard.press('F2');
    await screen.editor.fill('1980-04-03');
    await page.keyboard.press('Enter');
    await expect(screen.editor).toHaveCount(0);
    await expect(bad).toHaveAttribute('data-status', 'edited');
    expect(stand.edits).toEqual([
      {
        line: 5,
        customer: expect.objectContaining({
          external_id: 'C-5',
          date_of_birth: '1980-04-03',
        }) as unknown,
      },
    ]);

    // A warning on a field the grid has no column for: every field of the line, in a form.
    await screen.goToCell(0, 2);
    await expect(page.getByTestId('ci-detail')).toContainText('Unknown custom field');
    // Escape leaves the line as it was, and the focus where it was.
    await page.keyboard.press('Shift+Enter');
    const lineEditor = page.getByTestId('ci-line-editor');
    await expect(lineEditor).toBeVisible();
    // It opens on the field the warning names.
    await expect(lineEditor.getByTestId('field-fields')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(lineEditor).toHaveCount(0);
    await expect(screen.grid).toBeFocused();
    // Opened from the line's detail this time.
    await page.getByTestId('ci-edit-whole-line').click();
    await expect(lineEditor.getByTestId('field-fields')).toHaveValue('risk = high');
    await expect(lineEditor.getByTestId('problems-fields')).toContainText(
      'Unknown custom field "risk"',
    );
    await expect(lineEditor.getByTestId('field-date_of_birth')).toHaveValue('1980-01-02');
    await screenshot(page, 'customer-import-line-editor');
    await lineEditor.getByTestId('field-fields').fill('');
    // Enter in a name variation's box adds the variation; the dialog stays open.
    await lineEditor.getByTestId('variation-first_name').fill('Fiorst');
    await page.keyboard.press('Enter');
    await expect(lineEditor.getByTestId('variation')).toHaveText(/Fiorst/);
    await expect(lineEditor).toBeVisible();
    await lineEditor.getByTestId('field-contacts').fill('ops@example.com, desk@example.com');
    // Enter in a field keeps the changes, as a form's Enter does.
    await page.keyboard.press('Enter');
    await expect(lineEditor).toHaveCount(0);
    await expect(page.getByTestId('ci-edit-whole-line')).toBeFocused();
    await expect(screen.line(2)).toHaveAttribute('data-status', 'edited');
    expect(stand.edits[1]).toEqual({
      line: 2,
      customer: {
        external_id: 'C-2',
        account_type: 'N',
        first_name: 'First2',
        last_name: 'Last2',
        date_of_birth: '1980-01-02',
        contacts: ['ops@example.com', 'desk@example.com'],
        variations: [{ _op: 'set', first_name: 'Fiorst' }],
      },
    });

    await screen.action('verify').click();
    await expect(page.getByTestId('ci-with-errors')).toHaveText('0');
    await screen.onlyProblems.uncheck();
    await expect(screen.line(5)).toHaveAttribute('data-status', 'valid');
    await expect(screen.line(2)).toHaveAttribute('data-status', 'valid');
    await expect(screen.line(2).getByTestId('ci-other-problems')).toHaveText('');

    await screen.action('save').click();
    await expect(screen.panel).toHaveAttribute('data-state', 'done');
    await expect(page.getByTestId('ci-risk-forced')).toBeVisible();
    await screen.action('saveResult').click();
    await expect(page.getByTestId('ci-note')).toContainText('customers-result.csv');
    await screenshot(page, 'customer-import-done');

    // The import is kept: the list reopens it.
    await page.getByTestId('ci-new-import').click();
    // The form that started it was emptied for the next file.
    await expect(screen.slot('customers')).toHaveAttribute('data-step', 'empty');
    await expect(screen.startButton).toHaveCount(0);
    await page.getByTestId('ci-open-import').click();
    await expect(screen.panel).toHaveAttribute('data-state', 'done');
  });

  test('a file that is not CSV, JSON or NDJSON is refused in its place, saying what to do', async ({
    page,
    tenant,
  }) => {
    expect(tenant).toBeTruthy();
    const stand = standInImport(page);
    await stand.install();
    const screen = new CustomerImportPage(page);
    await screen.open();
    await screen.choose('customers', {
      name: 'customers.xlsx',
      mimeType: 'application/octet-stream',
      bytes: Buffer.from('PK'),
    });
    await expect(page.getByTestId('ci-slot-problem-customers')).toContainText(
      'not a CSV, JSON or NDJSON',
    );
    expect(stand.started).toEqual([]);
  });
});
