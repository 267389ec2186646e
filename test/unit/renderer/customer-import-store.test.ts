import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportView, Result } from '../../../preload/contract';
import type { ImportBridge } from '../../../renderer/src/features/customer-import/import-bridge';

// The imports the screens show, over a fake bridge: read newest first, kept up to date by main's
// events and by the answers to the screen's own actions; what each import's state allows; a
// paused import resumed with what it was doing.

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

const { createImportsStore, followCustomerImports, initialImportsState } =
  await import('../../../renderer/src/features/customer-import/import-store');
const figures = await import('../../../renderer/src/features/customer-import/import-figures');

/** The message of a refusal (`{ ok: false, message }`), or a failure when it was accepted. */
function refusalOf(answer: { ok: true } | { ok: false; message: string }): string {
  if (answer.ok) throw new Error('expected a refusal');
  return answer.message;
}

const importView = (over: Partial<ImportView> = {}): ImportView => ({
  id: 'i1',
  fileName: 'customers.csv',
  relationsFileName: null,
  state: 'verified',
  reason: null,
  createdAt: '2026-11-27T10:00:00Z',
  batchSize: 100,
  disableRiskScan: false,
  customers: 100,
  relations: 0,
  unreadable: 0,
  withErrors: 0,
  withWarnings: 0,
  verified: 100,
  saved: 0,
  riskScanForced: false,
  revision: 1,
  ...over,
});

const ok = <T>(value: T): Promise<Result<T>> => Promise.resolve({ ok: true, value });
const refused = (message: string): Promise<Result<never>> =>
  Promise.resolve({ ok: false, error: { code: 'unavailable', message } });

function fakeBridge() {
  const calls: Array<[string, unknown]> = [];
  const listeners: Array<(view: ImportView) => void> = [];
  const answers: Record<string, (input: unknown) => Promise<Result<unknown>>> = {};
  const bridge = new Proxy({} as ImportBridge, {
    get: (_target, name: string) => {
      if (name === 'onChanged')
        return (listener: (view: ImportView) => void) => {
          listeners.push(listener);
          return () => listeners.splice(listeners.indexOf(listener), 1);
        };
      return (input: unknown) => {
        calls.push([name, input]);
        const answer = answers[name];
        return answer ? answer(input) : refused(`no answer for ${name}`);
      };
    },
  });
  return { bridge, calls, listeners, answers };
}

let fake = fakeBridge();
let store = createImportsStore(() => fake.bridge);

beforeEach(() => {
  fake = fakeBridge();
  store = createImportsStore(() => fake.bridge);
  store.setState({ ...initialImportsState });
});

describe('the imports shown', () => {
  it('are read newest first and follow main’s events', async () => {
    fake.answers.list = () =>
      ok([
        importView({ id: 'old', createdAt: '2026-11-01T10:00:00Z' }),
        importView({ id: 'new', createdAt: '2026-11-26T10:00:00Z' }),
      ]);
    const stop = followCustomerImports(
      store,
      () => fake.bridge,
      () => () => undefined,
    );
    await vi.waitFor(() => expect(store.getState().status).toBe('ready'));
    expect(store.getState().imports.map((view) => view.id)).toEqual(['new', 'old']);

    fake.listeners[0]!(
      importView({ id: 'old', createdAt: '2026-11-01T10:00:00Z', saved: 40, state: 'saving' }),
    );
    fake.listeners[0]!(importView({ id: 'newest', createdAt: '2026-11-27T11:00:00Z' }));
    expect(store.getState().imports.map((view) => [view.id, view.state])).toEqual([
      ['newest', 'verified'],
      ['new', 'verified'],
      ['old', 'saving'],
    ]);
    stop();
    expect(fake.listeners).toHaveLength(0);
  });

  it('read while a run ends keep the newer event over the list’s older view', async () => {
    let answer: (value: Result<ImportView[]>) => void = () => undefined;
    fake.answers.list = () => new Promise((resolve) => (answer = resolve));
    const stop = followCustomerImports(
      store,
      () => fake.bridge,
      () => () => undefined,
    );
    // Main read the list while the dry run ran; its last event arrives before that answer.
    fake.listeners[0]!(importView({ id: 'a', state: 'verified', revision: 7 }));
    answer({
      ok: true,
      value: [
        importView({ id: 'a', state: 'verifying', revision: 5 }),
        importView({ id: 'b', state: 'done', revision: 3 }),
      ],
    });
    await vi.waitFor(() => expect(store.getState().status).toBe('ready'));
    expect(
      Object.fromEntries(store.getState().imports.map((view) => [view.id, view.state])),
    ).toEqual({ a: 'verified', b: 'done' });

    // Read again with no event meanwhile, the list is what main holds.
    fake.answers.list = () => ok([importView({ id: 'a', state: 'paused', revision: 2 })]);
    await store.getState().load();
    expect(store.getState().imports.map((view) => [view.id, view.state])).toEqual([
      ['a', 'paused'],
    ]);
    stop();
  });

  it('of another profile are dropped, then read again', async () => {
    fake.answers.list = () => ok([importView({ id: 'a' })]);
    let profileChanged = () => undefined as void;
    const stop = followCustomerImports(
      store,
      () => fake.bridge,
      (listener) => {
        profileChanged = listener;
        return () => undefined;
      },
    );
    await vi.waitFor(() => expect(store.getState().imports).toHaveLength(1));
    fake.answers.list = () => ok([]);
    profileChanged();
    expect(store.getState().imports).toEqual([]);
    await vi.waitFor(() => expect(store.getState().status).toBe('ready'));
    stop();
  });

  it('say why they could not be read', async () => {
    fake.answers.list = () => refused('The profile’s local store could not be opened.');
    await store.getState().load();
    expect(store.getState().status).toBe('error');
    expect((store.getState().error as Error).message).toMatch(/local store/);
  });
});

describe('an action on an import', () => {
  it('takes main’s answer as the import’s view', async () => {
    store.setState({
      status: 'ready',
      imports: [importView({ state: 'verifying', verified: 20 })],
    });
    fake.answers.pause = () => ok(importView({ state: 'paused', verified: 30 }));
    await store.getState().act('i1', 'pause');
    expect(fake.calls).toEqual([['pause', { id: 'i1' }]]);
    expect(store.getState().imports[0]).toMatchObject({ state: 'paused', verified: 30 });
    expect(store.getState().busy).toEqual({});
  });

  it('whose run ended before its answer arrived shows the end, not the older answer', async () => {
    store.setState({ status: 'ready', imports: [importView({ state: 'verified', revision: 4 })] });
    let release: (value: Result<ImportView>) => void = () => undefined;
    fake.answers.verify = () => new Promise((resolve) => (release = resolve));
    // Main's events reach the store; the list read as it starts to follow never answers.
    fake.answers.list = () => new Promise(() => undefined);
    const stop = followCustomerImports(
      store,
      () => fake.bridge,
      () => () => undefined,
    );
    const acting = store.getState().act('i1', 'verify');
    // The one-line dry run is over before main's answer to starting it is read.
    fake.listeners[0]!(importView({ state: 'verifying', revision: 5 }));
    fake.listeners[0]!(importView({ state: 'verified', verified: 100, revision: 7 }));
    release({ ok: true, value: importView({ state: 'verifying', revision: 5 }) });
    await acting;
    expect(store.getState().imports[0]).toMatchObject({ state: 'verified', revision: 7 });
    stop();
  });

  it('“Verify again” checks the edited lines, “every line” asks for all', async () => {
    store.setState({ status: 'ready', imports: [importView()] });
    fake.answers.verify = () => ok(importView({ state: 'verifying' }));
    await store.getState().act('i1', 'verify');
    await store.getState().act('i1', 'verifyAll');
    expect(fake.calls).toEqual([
      ['verify', { id: 'i1' }],
      ['verify', { id: 'i1', all: true }],
    ]);
  });

  it('resumes a paused dry run with the dry run, a paused save with the save', async () => {
    fake.answers.verify = () => ok(importView({ state: 'verifying' }));
    fake.answers.save = () => ok(importView({ state: 'saving' }));
    store.setState({ status: 'ready', imports: [importView({ state: 'paused', verified: 40 })] });
    await store.getState().act('i1', 'resume');
    store.setState({
      imports: [importView({ state: 'paused', verified: 100, saved: 20 })],
    });
    await store.getState().act('i1', 'resume');
    expect(fake.calls.map(([name]) => name)).toEqual(['verify', 'save']);
  });

  it('refused, says which action did not start and why, and keeps the view', async () => {
    store.setState({ status: 'ready', imports: [importView()] });
    fake.answers.save = () => refused('CaseDesk is offline: the save goes on once it is back.');
    await store.getState().act('i1', 'save');
    expect(store.getState().notes.i1).toEqual({
      tone: 'danger',
      action: 'save',
      text: 'Saving did not start: CaseDesk is offline: the save goes on once it is back.',
    });
    expect(store.getState().imports[0]?.state).toBe('verified');
  });

  it('“Save result file” names the file written', async () => {
    fake.answers.saveResult = () => ok({ fileName: 'customers-result.csv' });
    await store.getState().act('i1', 'saveResult');
    expect(store.getState().notes.i1).toEqual({
      tone: 'success',
      text: 'The result file was saved as “customers-result.csv”.',
    });
  });

  it('is not sent twice while the first is on its way', async () => {
    let release: (value: Result<ImportView>) => void = () => undefined;
    fake.answers.save = () => new Promise((resolve) => (release = resolve));
    store.setState({ status: 'ready', imports: [importView()] });
    const first = store.getState().act('i1', 'save');
    await store.getState().act('i1', 'save');
    release({ ok: true, value: importView({ state: 'saving' }) });
    await first;
    expect(fake.calls).toHaveLength(1);
  });
});

describe('an edited cell', () => {
  it('is sent as the line’s whole write shape and answered with the line kept', async () => {
    const line = {
      line: 2,
      kind: 'customer' as const,
      externalId: 'C-2',
      status: 'edited' as const,
      customer: { external_id: 'C-2', date_of_birth: '1980-01-02' },
      relation: null,
      source: '',
      errors: [],
      warnings: [],
      customerId: null,
    };
    fake.answers.editLine = () => ok(line);
    const answer = await store
      .getState()
      .editLine('i1', 2, { customer: line.customer, relation: null });
    expect(fake.calls).toEqual([['editLine', { id: 'i1', line: 2, customer: line.customer }]]);
    expect(answer).toEqual({ ok: true, line });
  });

  it('refused, gives main’s message to show beside the cell', async () => {
    fake.answers.editLine = () =>
      refused('The import was cancelled: its lines can no longer change.');
    const answer = await store
      .getState()
      .editLine('i1', 2, { customer: { external_id: 'C-2' }, relation: null });
    expect(refusalOf(answer)).toMatch(/cancelled/);
  });
});

describe('what an import’s state allows', () => {
  it('follows the import from the dry run to the result file', () => {
    const { actionsFor } = figures;
    expect(actionsFor(importView({ state: 'ready', verified: 0 }))).toEqual(['verify', 'cancel']);
    expect(actionsFor(importView({ state: 'verifying' }))).toEqual(['pause', 'cancel']);
    expect(actionsFor(importView({ state: 'verified' }))).toEqual([
      'save',
      'verify',
      'verifyAll',
      'cancel',
    ]);
    expect(actionsFor(importView({ state: 'paused' }))).toEqual(['resume', 'cancel']);
    expect(actionsFor(importView({ state: 'done', saved: 100 }))).toEqual(['saveResult']);
  });

  it('offers no save when every line has errors or could not be read', () => {
    const view = importView({ state: 'verified', customers: 10, unreadable: 4, withErrors: 6 });
    expect(figures.linesToSave(view)).toBe(0);
    expect(figures.actionsFor(view)).not.toContain('save');
  });

  it('measures the dry run over every line and the save over the lines it sends', () => {
    const view = importView({
      customers: 80,
      relations: 20,
      verified: 50,
      withErrors: 10,
      saved: 45,
    });
    expect(figures.verifyShare(view)).toBe(0.5);
    expect(figures.saveShare(view)).toBe(0.5);
    expect(figures.verifyShare(importView({ customers: 0, relations: 0 }))).toBeNull();
  });
});
