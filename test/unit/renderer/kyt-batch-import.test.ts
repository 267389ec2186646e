import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KytImportPreview, Result } from '../../../preload/contract';
import { batchView } from '../../support/kyt-batch-view';

// Importing a batch, from the file dropped to the batch made: the flow alone, with the bridge and
// the file hand-over replaced by scripted ones.

const bridge = vi.hoisted(() => ({
  staged: [] as Array<{ name: string; signal: AbortSignal | undefined }>,
  stage: null as null | ((name: string) => Promise<{ kind: 'staged'; token: string }>),
  previews: [] as unknown[],
  preview: null as null | (() => unknown),
  imports: [] as unknown[],
  importAnswer: null as null | (() => unknown),
}));

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
    api: {
      kyt: {
        previewImport: (input: unknown) => {
          bridge.previews.push(input);
          return Promise.resolve(bridge.preview?.());
        },
        import: (input: unknown) => {
          bridge.imports.push(input);
          return Promise.resolve(bridge.importAnswer?.());
        },
      },
    },
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

vi.mock('../../../renderer/src/lib/local-files', () => {
  class LocalFileError extends Error {}
  return {
    LocalFileError,
    toLocalFile: (
      file: { name: string },
      onProgress: (sent: number, total: number) => void,
      signal?: AbortSignal,
    ) => {
      bridge.staged.push({ name: file.name, signal });
      onProgress(5, 10);
      return bridge.stage ? bridge.stage(file.name) : Promise.resolve(handle);
    },
  };
});

const { useImportFlow } = await import('../../../renderer/src/features/kyt/batch/import-flow');
const { useKytBatches, initialBatchState } =
  await import('../../../renderer/src/features/kyt/batch/batch-store');
const { LocalFileError } = (await import('../../../renderer/src/lib/local-files')) as unknown as {
  LocalFileError: new (message: string) => Error;
};

const handle = { kind: 'staged' as const, token: 'a'.repeat(32) };
const file = (name = 'november.csv') => ({ name, size: 10 }) as unknown as File;

function preview(patch: Partial<KytImportPreview> = {}): KytImportPreview {
  return {
    fileName: 'november.csv',
    format: 'csv',
    separator: ';',
    columns: ['amount', 'currency', 'payer', 'payee'],
    sample: [['12.5', 'EUR', 'Anna Lind', 'Jon Berg']],
    mapping: { amount: 'amount', currency: 'currency', 'from.full_name': 'gone-column' },
    mappingSaved: false,
    ...patch,
  };
}

const ok = <T>(value: T) => ({ ok: true, value });
const refused = (code: string, message: string, fields?: Record<string, string>) => ({
  ok: false,
  error: fields ? { code, message, fields } : { code, message },
});
const step = () => useImportFlow.getState().current;
const flow = () => useImportFlow.getState();

async function openedAtMapping(answer = preview()) {
  bridge.preview = () => ok(answer);
  await flow().open(file(answer.fileName));
  expect(step().step).toBe('mapping');
}

beforeEach(() => {
  bridge.staged = [];
  bridge.stage = null;
  bridge.previews = [];
  bridge.preview = null;
  bridge.imports = [];
  bridge.importAnswer = null;
  useImportFlow.setState({ current: { step: 'closed' } });
  useKytBatches.setState({ ...initialBatchState });
});

describe('a file dropped or chosen', () => {
  it('is handed to main, never read here, and previewed with the mapping main found', async () => {
    bridge.preview = () => ok(preview());
    const opening = flow().open(file());
    expect(step()).toMatchObject({ step: 'reading', fileName: 'november.csv' });
    await opening;
    expect(bridge.previews).toEqual([{ file: handle }]);
    const current = step();
    expect(current.step).toBe('mapping');
    if (current.step !== 'mapping') return;
    // A column this file does not have cannot be read from it: it is left out.
    expect(current.draft.mapping).toEqual({ amount: 'amount', currency: 'currency' });
    expect(current.draft.remember).toBe(true);
  });

  it('that cannot be handed over or read says why, and nothing is imported', async () => {
    bridge.stage = () =>
      Promise.reject(new LocalFileError('“november.csv” is larger than this profile accepts.'));
    await flow().open(file());
    expect(step()).toEqual({
      step: 'unreadable',
      fileName: 'november.csv',
      message: '“november.csv” is larger than this profile accepts.',
    });

    bridge.stage = null;
    bridge.preview = () =>
      refused('invalid_input', 'This file has no header line: the first line names the columns.');
    await flow().open(file());
    expect(step()).toMatchObject({
      step: 'unreadable',
      message: 'This file has no header line: the first line names the columns.',
    });
    expect(bridge.imports).toEqual([]);
  });

  it('closed while it is read stops the hand-over, and a late answer opens nothing', async () => {
    let release!: () => void;
    bridge.stage = () =>
      new Promise((resolve) => {
        release = () => resolve(handle);
      });
    bridge.preview = () => ok(preview());
    const opening = flow().open(file());
    flow().close();
    expect(bridge.staged[0]?.signal?.aborted).toBe(true);
    release();
    await opening;
    expect(step()).toEqual({ step: 'closed' });
    expect(bridge.previews).toEqual([]);
  });

  it('dropped while another is read replaces it', async () => {
    let releaseFirst!: () => void;
    bridge.stage = (name) =>
      name === 'first.csv'
        ? new Promise((resolve) => {
            releaseFirst = () => resolve(handle);
          })
        : Promise.resolve(handle);
    bridge.preview = () => ok(preview({ fileName: 'second.csv' }));
    const first = flow().open(file('first.csv'));
    await flow().open(file('second.csv'));
    releaseFirst();
    await first;
    const current = step();
    expect(current.step === 'mapping' && current.draft.preview.fileName).toBe('second.csv');
    expect(bridge.previews).toHaveLength(1);
  });
});

describe('the mapping', () => {
  it('does not go on without the amount’s and the currency’s columns, and says so beside them', async () => {
    await openedAtMapping(preview({ mapping: {} }));
    flow().proceed();
    const current = step();
    expect(current.step).toBe('mapping');
    expect(current.step === 'mapping' && current.draft.checked).toBe(true);

    flow().setTarget('amount', 'amount');
    flow().setTarget('currency', 'currency');
    flow().proceed();
    expect(step().step).toBe('confirm');
  });

  it('of an NDJSON file is none: it goes straight to the confirmation', async () => {
    await openedAtMapping(
      preview({ format: 'ndjson', separator: null, columns: ['line'], mapping: {} }),
    );
    flow().proceed();
    expect(step().step).toBe('confirm');
  });

  it('is edited only while it is shown', async () => {
    await openedAtMapping();
    flow().proceed();
    flow().setTarget('amount', '');
    const current = step();
    expect(current.step === 'confirm' && current.draft.mapping.amount).toBe('amount');
    flow().back();
    expect(step().step).toBe('mapping');
  });
});

describe('importing', () => {
  it('sends the file, the mapping, whether to keep it, and whether to start; the batch joins the list', async () => {
    await openedAtMapping();
    flow().setTarget('from.full_name', 'payer');
    flow().setTarget('to.full_name', 'payee');
    flow().proceed();
    const made = batchView({ id: 'b9', state: 'running' });
    bridge.importAnswer = () => ok(made);
    await flow().submit(true);
    expect(bridge.imports).toEqual([
      {
        file: handle,
        mapping: {
          amount: 'amount',
          currency: 'currency',
          'from.full_name': 'payer',
          'to.full_name': 'payee',
        },
        saveMapping: true,
        start: true,
      },
    ]);
    expect(step()).toEqual({ step: 'closed' });
    expect(useKytBatches.getState().batches.map((batch) => batch.id)).toEqual(['b9']);
    expect(useKytBatches.getState().lastImported).toBe('b9');
  });

  it('to send later, without keeping the mapping, says so', async () => {
    await openedAtMapping();
    flow().setRemember(false);
    flow().proceed();
    bridge.importAnswer = () => ok(batchView({ state: 'ready' }));
    await flow().submit(false);
    expect(bridge.imports[0]).toMatchObject({ saveMapping: false, start: false });
  });

  it('of an NDJSON file sends no mapping and keeps none', async () => {
    await openedAtMapping(preview({ format: 'ndjson', separator: null, mapping: {} }));
    flow().proceed();
    bridge.importAnswer = () => ok(batchView({ format: 'ndjson' }));
    await flow().submit(true);
    expect(bridge.imports[0]).toEqual({ file: handle, saveMapping: false, start: true });
  });

  it('refused goes back to the mapping, main’s words beside the field they name, nothing lost', async () => {
    await openedAtMapping();
    flow().proceed();
    bridge.importAnswer = () =>
      refused('invalid_input', 'The mapping cannot be used.', {
        amount: 'The column “amount” holds no number on any line.',
        file: 'Save the file as UTF-8.',
      });
    await flow().submit(true);
    const current = step();
    expect(current.step).toBe('mapping');
    if (current.step !== 'mapping') return;
    expect(current.draft.error).toEqual({
      message: 'The mapping cannot be used.',
      byPath: { amount: 'The column “amount” holds no number on any line.' },
      other: ['Save the file as UTF-8.'],
    });
    expect(current.draft.mapping).toEqual({ amount: 'amount', currency: 'currency' });
    expect(useKytBatches.getState().batches).toEqual([]);

    // Choosing another column for the field takes its refusal away.
    flow().setTarget('amount', 'payer');
    const edited = step();
    expect(edited.step === 'mapping' && edited.draft.error?.byPath).toEqual({});
  });

  it('of a file no longer held asks for the file again', async () => {
    await openedAtMapping();
    flow().proceed();
    bridge.importAnswer = () =>
      refused('not_found', 'The dropped file is no longer held by CaseDesk: drop it again.');
    await flow().submit(true);
    expect(step()).toEqual({
      step: 'unreadable',
      fileName: 'november.csv',
      message: 'The dropped file is no longer held by CaseDesk: drop it again.',
    });
  });

  it('goes on in main when the dialog is closed meanwhile: the batch still joins the list', async () => {
    await openedAtMapping();
    flow().proceed();
    let answer!: () => void;
    bridge.importAnswer = () =>
      new Promise((resolve) => {
        answer = () => resolve(ok(batchView({ id: 'late' })));
      });
    const importing = flow().submit(true);
    expect(step().step).toBe('importing');
    flow().close();
    answer();
    await importing;
    expect(step()).toEqual({ step: 'closed' });
    expect(useKytBatches.getState().batches.map((batch) => batch.id)).toEqual(['late']);
    // The investigator went on elsewhere: the new card does not take the focus from there.
    expect(useKytBatches.getState().lastImported).toBeNull();
  });
});
