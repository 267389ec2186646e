import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportFilePreview, LocalFileInput, Result } from '../../../preload/contract';
import type { ImportBridge } from '../../../renderer/src/features/customer-import/import-bridge';

// Starting an import over a fake bridge: which files are taken (and why others are not, before
// anything reaches main), the column mapping offered from the preview, what blocks the start with
// what to do, and what main is sent. Files only ever cross as staged tokens.

vi.mock('../../../renderer/src/lib/api', () => {
  class BridgeCallError extends Error {
    constructor(
      readonly code: string,
      message: string,
      readonly fields?: Record<string, string>,
    ) {
      super(message);
    }
  }
  return {
    api: {},
    BridgeCallError,
    unwrap: async <T>(pending: Promise<Result<T>>) => {
      const result = await pending;
      if (result.ok) return result.value;
      throw new BridgeCallError(result.error.code, result.error.message, result.error.fields);
    },
    errorMessage: (error: unknown) => (error instanceof Error ? error.message : 'failed'),
    fieldErrors: (error: unknown) =>
      (error as { fields?: Record<string, string> } | null)?.fields ?? {},
  };
});
vi.mock('../../../renderer/src/lib/local-files', () => ({
  LocalFileError: class LocalFileError extends Error {},
}));

const flow = await import('../../../renderer/src/features/customer-import/start-flow');

/** The message of a refusal (`{ ok: false, message }`), or a failure when it was accepted. */
function refusalOf(answer: { ok: true } | { ok: false; message: string }): string {
  if (answer.ok) throw new Error('expected a refusal');
  return answer.message;
}

const TOKEN_A = 'a'.repeat(32);
const TOKEN_B = 'b'.repeat(32);

const csvPreview = (over: Partial<ImportFilePreview> = {}): ImportFilePreview => ({
  fileName: 'customers.csv',
  format: 'csv',
  separator: ';',
  columns: ['Id', 'First', 'Last', 'Born'],
  sample: [['C-1', 'Jane', 'Doe', '1980-01-02']],
  mapping: { external_id: 'Id', first_name: 'First', last_name: 'Surname' },
  mappingSaved: false,
  fields: ['external_id', 'first_name', 'last_name', 'date_of_birth'],
  ...over,
});

const fileNamed = (name: string, size = 10) => ({ name, size }) as unknown as File;
const dropped = (name: string) => [{ file: fileNamed(name), isFolder: false }];

function setup(previews: Record<string, ImportFilePreview | Error>) {
  const calls: Array<[string, unknown]> = [];
  let nextToken = 0;
  const staged: string[] = [];
  const bridge = {
    preview: (input: { file: LocalFileInput; of?: string }) => {
      calls.push(['preview', input]);
      const name = staged[[TOKEN_A, TOKEN_B].indexOf(input.file.token)] ?? '';
      const preview = previews[name];
      return Promise.resolve(
        preview instanceof Error || !preview
          ? { ok: false, error: { code: 'invalid_input', message: preview?.message ?? 'no' } }
          : { ok: true, value: preview },
      );
    },
    start: (input: unknown) => {
      calls.push(['start', input]);
      return Promise.resolve({ ok: true, value: { id: 'i1' } });
    },
  } as unknown as ImportBridge;
  const stage = (file: File) => {
    staged.push(file.name);
    const token = [TOKEN_A, TOKEN_B][nextToken++] ?? TOKEN_B;
    return Promise.resolve({ kind: 'staged' as const, token });
  };
  const store = flow.createStartFlow(() => bridge, stage);
  return { store, calls };
}

let setupResult = setup({});
beforeEach(() => {
  setupResult = setup({});
});

describe('the files offered', () => {
  it('are refused before reaching main when they are not one CSV, JSON or NDJSON file', () => {
    expect(flow.chooseImportFile([], 'customers').ok).toBe(false);
    const two = flow.chooseImportFile([...dropped('a.csv'), ...dropped('b.csv')], 'customers');
    expect(refusalOf(two)).toMatch(/^2 files were dropped/);
    const folder = flow.chooseImportFile(
      [{ file: fileNamed('exports'), isFolder: true }],
      'relations',
    );
    expect(refusalOf(folder)).toMatch(/is a folder/);
    const pdf = flow.chooseImportFile(dropped('customers.pdf'), 'customers');
    expect(refusalOf(pdf)).toMatch(/not a CSV, JSON or NDJSON/);
    expect(flow.chooseImportFile(dropped('People.NDJSON'), 'customers').ok).toBe(true);
  });

  it('wrong, say why in the slot and send nothing', async () => {
    const { store, calls } = setupResult;
    await store.getState().offer('customers', dropped('customers.xlsx'));
    expect(store.getState().customers).toMatchObject({ step: 'unreadable' });
    expect(calls).toEqual([]);
  });

  it('are previewed by main from their staged token, with only the columns the file has mapped', async () => {
    const { store, calls } = setup({ 'customers.csv': csvPreview() });
    await store.getState().offer('customers', dropped('customers.csv'));
    expect(calls).toEqual([
      ['preview', { file: { kind: 'staged', token: TOKEN_A }, of: 'customers' }],
    ]);
    const slot = store.getState().customers;
    expect(slot.step).toBe('ready');
    // `Surname` is not a column of this file: last_name waits for the investigator's choice.
    if (slot.step === 'ready')
      expect(slot.source.mapping).toEqual({ external_id: 'Id', first_name: 'First' });
  });

  it('refused by main, say main’s reason', async () => {
    const { store } = setup({
      'customers.csv': new Error(
        'The file is larger than 200 MB: split it, then import each part.',
      ),
    });
    await store.getState().offer('customers', dropped('customers.csv'));
    expect(store.getState().customers).toEqual({
      step: 'unreadable',
      fileName: 'customers.csv',
      message: 'The file is larger than 200 MB: split it, then import each part.',
    });
  });
});

describe('starting the dry run', () => {
  it('needs the customers file first', async () => {
    const { store, calls } = setupResult;
    expect(await store.getState().start()).toBeNull();
    expect(store.getState().error).toMatch(/customers file first/);
    expect(calls).toEqual([]);
  });

  it('needs a column for the external id of a CSV, and says where', async () => {
    const { store, calls } = setup({
      'customers.csv': csvPreview({ mapping: {} }),
    });
    await store.getState().offer('customers', dropped('customers.csv'));
    expect(await store.getState().start()).toBeNull();
    const slot = store.getState().customers;
    const missing = slot.step === 'ready' ? flow.missingColumns('customers', slot.source) : {};
    expect(Object.keys(missing)).toEqual(['external_id']);
    expect(missing.external_id).toMatch(/column that holds external_id/);
    expect(calls.map(([name]) => name)).toEqual(['preview']);

    store.getState().setColumn('customers', 'external_id', 'Id');
    expect(await store.getState().start()).toEqual({ id: 'i1' });
  });

  it('needs a batch size from 1 to 1000', async () => {
    const { store, calls } = setup({ 'customers.csv': csvPreview() });
    await store.getState().offer('customers', dropped('customers.csv'));
    for (const typed of ['0', '1001', 'ten', '']) {
      store.getState().setBatchSize(typed);
      expect(await store.getState().start()).toBeNull();
    }
    expect(flow.readBatchSize('250')).toEqual({ ok: true, value: 250 });
    expect(calls.map(([name]) => name)).toEqual(['preview']);
  });

  it('sends the files as tokens, both mappings, the options, and starts the dry run', async () => {
    const { store, calls } = setup({
      'customers.csv': csvPreview(),
      'relations.ndjson': csvPreview({
        fileName: 'relations.ndjson',
        format: 'ndjson',
        separator: null,
        columns: [],
        mapping: {},
        fields: [],
      }),
    });
    await store.getState().offer('customers', dropped('customers.csv'));
    await store.getState().offer('relations', dropped('relations.ndjson'));
    store.getState().setColumn('customers', 'date_of_birth', 'Born');
    store.getState().setColumn('customers', 'first_name', '');
    store.getState().setBatchSize(' 250 ');
    store.getState().setDisableRiskScan(true);
    store.getState().setSaveMapping(false);
    await store.getState().start();
    expect(calls.at(-1)).toEqual([
      'start',
      {
        file: { kind: 'staged', token: TOKEN_A },
        relationsFile: { kind: 'staged', token: TOKEN_B },
        mapping: { external_id: 'Id', date_of_birth: 'Born' },
        saveMapping: false,
        batchSize: 250,
        disableRiskScan: true,
        verify: true,
      },
    ]);
    // Started, the form stays busy until the screen, gone to the import, resets it for the next file.
    expect(store.getState().starting).toBe(true);
    expect(await store.getState().start()).toBeNull();
    store.getState().reset();
    expect(store.getState().customers).toEqual({ step: 'empty' });
    expect(store.getState().starting).toBe(false);
  });

  it('refused by main, keeps everything chosen and places main’s messages by field', async () => {
    // Main refuses the mapping of one field.
    const refusing = flow.createStartFlow(
      () =>
        ({
          preview: () => Promise.resolve({ ok: true, value: csvPreview() }),
          start: () =>
            Promise.resolve({
              ok: false,
              error: {
                code: 'invalid_input',
                message: 'The mapping names a column the file does not have.',
                fields: { 'mapping.first_name': 'No column “First” in this file.' },
              },
            }),
        }) as unknown as ImportBridge,
      () => Promise.resolve({ kind: 'staged', token: TOKEN_A }),
    );
    await refusing.getState().offer('customers', dropped('customers.csv'));
    expect(await refusing.getState().start()).toBeNull();
    expect(refusing.getState()).toMatchObject({
      starting: false,
      error: 'The mapping names a column the file does not have.',
      fieldErrors: { 'mapping.first_name': 'No column “First” in this file.' },
      customers: { step: 'ready' },
    });
    refusing.getState().setColumn('customers', 'first_name', 'Last');
    expect(refusing.getState().fieldErrors).toEqual({});
  });
});
