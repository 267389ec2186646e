import type { Page, Route } from '@playwright/test';
import type {
  CustomerDraft,
  ImportFilePreview,
  ImportLine,
  ImportView,
} from '../../preload/contract';
import { customersCsv } from './pages/customer-import-page';

// A stand-in of main's customer import service, kept in the test process: the page's
// customerImport bridge calls are answered from here, so the screens are checked (behaviour,
// accessibility, looks) whatever the import service does. One import of STAND_IN_CSV: line 5 has a
// date of birth the stand-in refuses, line 2 a custom field it warns about, line 10 cannot be read.

export const HEADER = ['Id', 'Type', 'First', 'Last', 'Born'];
export const ROWS = Array.from({ length: 60 }, (_, index) => [
  `C-${index + 1}`,
  'N',
  index === 3 ? 'سارة' : `First${index + 1}`,
  `Last${index + 1}`,
  index === 4 ? '03/04/1980' : '1980-01-02',
]);

/** A stand-in of main's import service, kept in the test: one import of the file above. */
export function standInImport(page: Page) {
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
  lines[1] = { ...lines[1]!, customer: { ...lines[1]!.customer!, fields: { risk: 'high' } } };
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
    revision: 0,
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
      line.customer.fields?.risk !== undefined
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
      revision: view.revision + 1,
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
          revision: view.revision + 1,
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

export const STAND_IN_CSV = customersCsv(HEADER, ROWS);
