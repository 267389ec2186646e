import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { KytImportPreview } from '../../../preload/contract';
import type { ImportStep } from '../../../renderer/src/features/kyt/batch/import-flow';
import { batchView } from '../../support/kyt-batch-view';

// What the batch panel and the import dialog show, read from their markup: the figures, the
// reasons and file contents as text (never markup), the words before anything is sent.

vi.mock('../../../renderer/src/lib/api', () => ({
  api: {},
  BridgeCallError: class extends Error {},
  unwrap: () => Promise.reject(new Error('no bridge in this test')),
  errorMessage: (error: unknown) => String(error),
  fieldErrors: () => ({}),
}));
vi.mock('../../../renderer/src/lib/local-files', () => ({
  LocalFileError: class extends Error {},
  toLocalFile: () => Promise.reject(new Error('no files in this test')),
}));

// The navigation store (reached through the uploads feature's index) reads the window's address.
vi.stubGlobal('window', {
  location: { hash: '' },
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
});

const { BatchCard } = await import('../../../renderer/src/features/kyt/batch/BatchCard');
const { NoBatches } = await import('../../../renderer/src/features/kyt/batch/KytBatchPanel');
const { ImportDialogView } = await import('../../../renderer/src/features/kyt/batch/ImportDialog');
const { BatchConfirmDialog } =
  await import('../../../renderer/src/features/kyt/batch/BatchConfirmDialog');

const INJECTED = '<img src=x onerror="alert(1)">';
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const none = () => undefined;
const card = (
  patch: Parameters<typeof batchView>[0],
  props: Partial<Parameters<typeof BatchCard>[0]> = {},
) =>
  renderToStaticMarkup(
    createElement(BatchCard, {
      batch: batchView(patch),
      onAct: none,
      onSave: none,
      onAsk: none,
      onFocused: none,
      ...props,
    }),
  );

function preview(patch: Partial<KytImportPreview> = {}): KytImportPreview {
  return {
    fileName: 'november.csv',
    format: 'csv',
    separator: '\t',
    columns: ['amt', 'cur', 'payer', 'memo'],
    sample: [
      ['12.5', 'EUR', 'Anna Lind', INJECTED],
      ['abc', 'EUR', 'Jon Berg', 'second', 'an extra cell'],
    ],
    mapping: {},
    mappingSaved: false,
    ...patch,
  };
}
const draft = (patch: Partial<KytImportPreview> = {}, mapping = {}) => ({
  file: { kind: 'staged' as const, token: 'a'.repeat(32) },
  preview: preview(patch),
  mapping,
  remember: true,
  checked: false,
  error: null,
});
const dialog = (current: ImportStep) =>
  renderToStaticMarkup(
    createElement(ImportDialogView, {
      current,
      close: none,
      proceed: none,
      back: none,
      submit: none,
      setTarget: none,
      setRemember: none,
      onFiles: none,
    }),
  );

describe('a batch’s card', () => {
  it('shows every figure, the progress in words and a bar with its share', () => {
    const html = card({ lines: 10, invalid: 1, sent: 4, scored: 3, refused: 1, remaining: 5 });
    const figures = [
      ...html.matchAll(/data-testid="kyt-batch-count-([a-z-]+)" data-value="(\d+)"/g),
    ];
    expect(figures.map((match) => [match[1], Number(match[2])])).toEqual([
      ['lines', 10],
      ['invalid', 1],
      ['sent', 4],
      ['scored', 3],
      ['refused', 1],
      ['in-doubt', 0],
      ['remaining', 5],
    ]);
    expect(text(html)).toContain('4 of 9 lines sent');
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="44"/);
    expect(text(html)).toContain('Sending');
    expect(html).toContain('data-testid="kyt-batch-pause"');
    expect(html).not.toContain('data-testid="kyt-batch-resume"');
  });

  it('says how long it waits when the service asked to slow down', () => {
    const html = card({ waitingSeconds: 12 }, { waitingSince: Date.now() });
    expect(text(html)).toMatch(/waiting 1[12] s: the service asked to slow down/);
  });

  it('gives the reason it paused by itself as text, and links its lines in doubt to their list', () => {
    const html = card({
      state: 'paused',
      reason: `Paused: a line is in doubt ${INJECTED}`,
      inDoubt: 2,
    });
    expect(html).not.toContain('<img');
    expect(text(html)).toContain(`Paused: a line is in doubt ${INJECTED}`);
    expect(html).toContain('href="#/kyt?status=in-doubt&amp;batch=b1"');
    expect(text(html)).toContain('Decide on the 2 lines in doubt');
    expect(html).toContain('data-testid="kyt-batch-resume"');
    expect(html).toContain('data-testid="kyt-batch-cancel"');
  });

  it('of a finished batch offers no pause, resume or cancel, but its problems and result file', () => {
    const html = card({ state: 'done', remaining: 0, sent: 9, scored: 8, refused: 1 });
    for (const action of ['start', 'pause', 'resume', 'cancel'])
      expect(html).not.toContain(`data-testid="kyt-batch-${action}"`);
    expect(text(html)).toContain('Problems (2)');
    expect(text(html)).toContain('Save result file');
  });

  it('says the file name saved in the download folder, and a failure in main’s words', () => {
    const saved = card(
      { state: 'done' },
      { note: { tone: 'success', kind: 'saved', fileName: 'november-result.csv' } },
    );
    expect(text(saved)).toContain('Saved november-result.csv in the profile’s download folder.');
    const failed = card(
      { state: 'done' },
      { note: { tone: 'danger', kind: 'failed', action: 'save', text: INJECTED } },
    );
    expect(failed).not.toContain('<img');
    expect(text(failed)).toContain(`The result file was not saved ${INJECTED}`);
  });

  it('names a file name with hidden characters as it is, not as they would make it read', () => {
    const html = card({ fileName: 'payments\u202Evsc.exe' });
    expect(html).not.toContain('\u202E');
  });
});

describe('the panel with no batch', () => {
  it('says what to import: the expected columns, and an NDJSON line', () => {
    const html = text(renderToStaticMarkup(createElement(NoBatches)));
    expect(html).toContain('No batches yet: import a CSV or NDJSON file of transactions…');
    for (const column of ['amount', 'currency', 'from.full_name', 'to.external_id'])
      expect(html).toContain(column);
    expect(html).toContain('"amount": 1250.5');
    expect(html).toContain('Import a batch…');
  });
});

describe('the import dialog', () => {
  it('shows the format, the separator in words, and the first rows as text', () => {
    const html = dialog({ step: 'mapping', draft: draft() });
    const words = text(html);
    expect(words).toContain('CSV');
    expect(words).toContain('Tab');
    expect(html).not.toContain('<img');
    expect(words).toContain(INJECTED);
    // A row longer than the header line has a column of its own.
    expect(words).toContain('Column 5');
    expect([...html.matchAll(/data-testid="kyt-preview-row"/g)]).toHaveLength(2);
  });

  it('asks for the required fields first, each with “not in the file” or one of the columns', () => {
    const html = dialog({
      step: 'mapping',
      draft: draft({}, { amount: 'amt', 'from.full_name': 'payer' }),
    });
    const selects = [...html.matchAll(/data-testid="kyt-mapping-([^"]+)"/g)]
      .map((match) => match[1])
      .filter((id) => id !== 'required' && !id?.startsWith('group-') && id !== 'field');
    expect(selects.slice(0, 3)).toEqual(['amount', 'currency', 'from.full_name']);
    const amount = html.slice(html.indexOf('data-testid="kyt-mapping-amount"'));
    const options = [
      ...amount.slice(0, amount.indexOf('</select>')).matchAll(/<option[^>]*>([^<]*)</g),
    ];
    expect(options.map((match) => match[1])).toEqual([
      'Not in the file',
      'amt',
      'cur',
      'payer',
      'memo',
    ]);
    expect(amount).toMatch(/<option value="amt" selected="">/);
    // Under each header, the fields its column fills.
    expect(text(html)).toContain('payer → Sender full name');
    expect(text(html)).toContain('Remember this mapping');
    // The receiver has no column: said before anything is sent.
    expect(text(html)).toContain('empty receiver');
  });

  it('says beside the field what is missing once continuing was tried', () => {
    const words = text(dialog({ step: 'mapping', draft: { ...draft(), checked: true } }));
    expect(words).toContain('Choose the column that holds the amount');
    expect(words).toContain('Choose the columns of the required fields above to go on.');
  });

  it('confirms plainly that the service stores every transaction sent and cannot give them back', () => {
    const words = text(dialog({ step: 'confirm', draft: draft() }));
    expect(words).toContain('The service stores every transaction it is sent');
    expect(words).toContain('cannot be asked for them again');
    expect(words).toContain('Import and send');
    expect(words).toContain('Import, send later');
  });

  it('of a file that cannot be read says why and offers another', () => {
    const html = dialog({ step: 'unreadable', fileName: 'november.csv', message: INJECTED });
    expect(html).not.toContain('<img');
    expect(text(html)).toContain('This file cannot be imported');
    expect(text(html)).toContain('Choose another file…');
  });
});

describe('the confirmation of a cancel', () => {
  it('says the lines not sent are withdrawn, and the ones sent stay', () => {
    const html = renderToStaticMarkup(
      createElement(BatchConfirmDialog, {
        asked: { batch: batchView({ remaining: 5 }), action: 'cancel' },
        onConfirm: () => undefined,
        onClose: () => undefined,
      }),
    );
    const words = text(html);
    expect(words).toContain('The 5 lines not sent yet are withdrawn');
    expect(words).toContain('Lines already sent stay as they are');
    expect(words).toContain('Cancel the batch');
  });
});
