import type { Page, Route } from '@playwright/test';
import type {
  CustomerDraft,
  ImportFilePreview,
  ImportLine,
  ImportView,
} from '../../preload/contract';
import { expect, screenshot, test } from './fixtures';
import { CustomerImportPage, customersCsv } from './pages/customer-import-page';

// The Import customers screens in Chromium through the browser host.
//
// "Over a stand-in import": the renderer's screens against a scripted customerImport bridge (the
// host's answers replaced in the page's requests), so the screens, their keyboard use and their
// looks are checked whatever the import service does.

const HEADER = ['Id', 'Type', 'First', 'Last', 'Born'];
const ROWS = Array.from({ length: 60 }, (_, index) => [
  `C-${index + 1}`,
  'N',
  index === 3 ? 'سارة' : `First${index + 1}`,
  `Last${index + 1}`,
  index === 4 ? '03/04/1980' : '1980-01-02',
]);

/** A stand-in of main's import service, kept in the test: one import of the file above. */
function standInImport(page: Page) {
  const preview: ImportFilePreview = {
    fileName: 'customers.csv',
    format: 'csv',
    separator: ';',
    columns: HEADER,
    sample: ROWS.slice(0, 5),
    mapping: { external_id: 'Id', account_type: 'Type', first_name: 'First' },
    mappingSaved: false,
    fields: ['external_id', 'account_type', 'first_name', 'last_name', 'date_of_birth', 'phone'],
  };
  const lines: ImportLine[] = ROWS.map((row, index) => ({
    line: index + 1,
    kind: 'customer',
    externalId: row[0]!,
    status: 'read',
    customer: {
      external_id: row[0]!,
      account_type: row[1]!,
      first_name: row[2]!,
      last_name: row[3]!,
      date_of_birth: row[4]!,
    },
    relation: null,
    source: row.join(';'),
    errors: [],
    warnings: [],
    customerId: null,
  }));
  lines[9] = {
    ...lines[9]!,
    status: 'unreadable',
    customer: null,
    source: 'C-10;N;"Unclosed;quote',
    errors: [
      { code: 'unreadable', detail: 'A quoted cell is not closed on this line.', field: null },
    ],
  };
  const view: ImportView = {
    id: 'imp1',
    fileName: 'customers.csv',
    relationsFileName: null,
    state: 'ready',
    reason: null,
    createdAt: '2026-11-27T10:00:00Z',
    batchSize: 100,
    disableRiskScan: false,
    customers: lines.length,
    relations: 0,
    unreadable: 1,
    withErrors: 0,
    withWarnings: 0,
    verified: 0,
    saved: 0,
    riskScanForced: false,
  };
  const started: unknown[] = [];
  const edits: Array<{ line: number; customer: CustomerDraft }> = [];

  const judge = (line: ImportLine): ImportLine => {
    if (line.status === 'unreadable' || !line.customer) return line;
    const dob = line.customer.date_of_birth ?? '';
    const errors = /^\d{4}-\d{2}-\d{2}$/.test(dob)
      ? []
      : [
          {
            code: 'invalid_date_of_birth',
            detail: 'date_of_birth must be YYYY-MM-DD',
            field: 'date_of_birth',
          },
        ];
    const warnings =
      line.line === 2
        ? [
            {
              code: 'unknown_custom_field',
              detail: 'Unknown custom field "risk"',
              field: 'fields.risk',
            },
          ]
        : [];
    return { ...line, errors, warnings, status: errors.length ? 'invalid' : 'valid' };
  };
  const verify = () => {
    for (const [index, line] of lines.entries()) lines[index] = judge(line);
    Object.assign(view, {
      state: 'verified',
      verified: lines.length,
      withErrors: lines.filter((line) => line.status === 'invalid').length,
      withWarnings: lines.filter((line) => line.warnings.length).length,
    });
  };
  const problem = (line: ImportLine) =>
    line.errors.length > 0 ||
    line.warnings.length > 0 ||
    ['unreadable', 'edited'].includes(line.status);

  const answer = (value: unknown) => ({ ok: true, value });
  const handle = async (route: Route) => {
    const method = decodeURIComponent(new URL(route.request().url()).pathname.split('/').pop()!);
    const input =
      (route.request().postDataJSON() as { input?: Record<string, unknown> }).input ?? {};
    let reply: unknown;
    switch (method) {
      case 'customerImport.preview':
        reply = answer(preview);
        break;
      case 'customerImport.start':
        started.push(input);
        verify();
        reply = answer({ ...view });
        break;
      case 'customerImport.list':
        reply = answer(view.state === 'ready' && started.length === 0 ? [] : [{ ...view }]);
        break;
      case 'customerImport.get':
        reply = answer({ ...view });
        break;
      case 'customerImport.lines': {
        const chosen = input.onlyProblems ? lines.filter(problem) : lines;
        const offset = Number(input.offset ?? 0);
        const limit = Number(input.limit ?? 200);
        reply = answer({ total: chosen.length, lines: chosen.slice(offset, offset + limit) });
        break;
      }
      case 'customerImport.editLine': {
        const index = Number(input.line) - 1;
        const customer = input.customer as CustomerDraft;
        edits.push({ line: index + 1, customer });
        lines[index] = {
          ...lines[index]!,
          customer,
          status: 'edited',
          externalId: customer.external_id,
        };
        reply = answer(lines[index]);
        break;
      }
      case 'customerImport.verify':
        verify();
        reply = answer({ ...view });
        break;
      case 'customerImport.save':
        for (const [index, line] of lines.entries())
          if (line.status === 'valid')
            lines[index] = { ...line, status: 'saved', customerId: `id-${line.line}` };
        Object.assign(view, {
          state: 'done',
          saved: lines.filter((line) => line.status === 'saved').length,
          riskScanForced: true,
        });
        reply = answer({ ...view });
        break;
      case 'customerImport.saveResult':
        reply = answer({ fileName: 'customers-result.csv' });
        break;
      default:
        reply = { ok: false, error: { code: 'unknown_method', message: method } };
    }
    await route.fulfill({ contentType: 'application/json', body: JSON.stringify(reply) });
  };
  return {
    started,
    edits,
    install: () => page.route('**/bridge/customerImport.*', handle),
  };
}

test.describe('over a stand-in import', () => {
  // A profile to work in; the import itself is the stand-in's.
  test.use({ tenantScale: 8 });
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

    await screen.choose('customers', customersCsv(HEADER, ROWS));
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

    await screen.action('verify').click();
    await expect(page.getByTestId('ci-with-errors')).toHaveText('0');
    await screen.onlyProblems.uncheck();
    await expect(screen.line(5)).toHaveAttribute('data-status', 'valid');

    await screen.action('save').click();
    await expect(screen.panel).toHaveAttribute('data-state', 'done');
    await expect(page.getByTestId('ci-risk-forced')).toBeVisible();
    await screen.action('saveResult').click();
    await expect(page.getByTestId('ci-note')).toContainText('customers-result.csv');
    await screenshot(page, 'customer-import-done');

    // The import is kept: the list reopens it.
    await page.getByTestId('ci-new-import').click();
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
