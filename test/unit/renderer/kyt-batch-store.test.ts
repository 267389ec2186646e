import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KytBatchView, Result } from '../../../preload/contract';
import { batchView } from '../../support/kyt-batch-view';

// The batches the panel shows, kept up to date by main's events and by the answers to its own
// actions: the store alone, with the bridge replaced by a scripted one.

type Answer<T> = () => Result<T>;

const bridge = vi.hoisted(() => ({
  batches: null as null | (() => unknown),
  actions: [] as Array<{ method: string; id: string }>,
  answers: new Map<string, () => unknown>(),
  onBatch: [] as Array<(batch: unknown) => void>,
  onProfiles: [] as Array<(state: unknown) => void>,
  activeProfileId: 'p1',
}));

vi.mock('../../../renderer/src/lib/api', () => {
  class BridgeCallError extends Error {
    constructor(
      readonly code: string,
      message: string,
    ) {
      super(message);
    }
  }
  const answer = (method: string) => (input: { id: string }) => {
    bridge.actions.push({ method, id: input.id });
    const scripted = bridge.answers.get(method);
    if (!scripted) throw new Error(`no answer scripted for ${method}`);
    return Promise.resolve(scripted());
  };
  const subscribe =
    (list: Array<(value: unknown) => void>) => (listener: (value: unknown) => void) => {
      list.push(listener);
      return () => list.splice(list.indexOf(listener), 1);
    };
  return {
    api: {
      kyt: {
        batches: () => Promise.resolve(bridge.batches?.()),
        pauseBatch: answer('pauseBatch'),
        resumeBatch: answer('resumeBatch'),
        cancelBatch: answer('cancelBatch'),
        saveBatchResult: answer('saveBatchResult'),
        onBatch: subscribe(bridge.onBatch),
      },
      profiles: {
        list: () =>
          Promise.resolve({ ok: true, value: { activeProfileId: bridge.activeProfileId } }),
        onChanged: subscribe(bridge.onProfiles),
      },
    },
    BridgeCallError,
    unwrap: async <T>(pending: Promise<Result<T>>) => {
      const result = await pending;
      if (result.ok) return result.value;
      throw new BridgeCallError(result.error.code, result.error.message);
    },
    errorMessage: (error: unknown) => (error instanceof Error ? error.message : 'failed'),
  };
});

const { useKytBatches, followKytBatches, initialBatchState } =
  await import('../../../renderer/src/features/kyt/batch/batch-store');

const ok =
  <T>(value: T): Answer<T> =>
  () => ({ ok: true, value });
const refused =
  (code: string, message: string): Answer<never> =>
  () => ({ ok: false, error: { code: code as 'unavailable', message } });

const ids = () => useKytBatches.getState().batches.map((batch) => batch.id);

beforeEach(() => {
  bridge.batches = null;
  bridge.actions = [];
  bridge.answers = new Map();
  bridge.onBatch.length = 0;
  bridge.onProfiles.length = 0;
  bridge.activeProfileId = 'p1';
  useKytBatches.setState({ ...initialBatchState });
});

describe('the batches shown', () => {
  it('are read newest first', async () => {
    bridge.batches = ok([
      batchView({ id: 'old', createdAt: '2026-11-01T10:00:00Z' }),
      batchView({ id: 'new', createdAt: '2026-11-20T10:00:00Z' }),
    ]);
    await useKytBatches.getState().load();
    expect(useKytBatches.getState().status).toBe('ready');
    expect(ids()).toEqual(['new', 'old']);
  });

  it('say why they could not be read, and keep what was shown before', async () => {
    bridge.batches = refused('unavailable', 'No profile is open.');
    await useKytBatches.getState().load();
    expect(useKytBatches.getState().status).toBe('error');
    expect((useKytBatches.getState().error as Error).message).toBe('No profile is open.');

    bridge.batches = ok([batchView({ id: 'b1' })]);
    await useKytBatches.getState().load();
    bridge.batches = refused('internal', 'Something went wrong.');
    await useKytBatches.getState().load();
    expect(useKytBatches.getState().status).toBe('error');
    expect(ids()).toEqual(['b1']);
  });

  it('follow main’s events: a batch changes in place, a new one joins at the top', () => {
    useKytBatches.setState({
      status: 'ready',
      batches: [batchView({ id: 'b1', createdAt: '2026-11-01T10:00:00Z' })],
    });
    const store = useKytBatches.getState();
    store.receive(batchView({ id: 'b1', sent: 9, remaining: 0, state: 'done' }));
    store.receive(batchView({ id: 'b2', createdAt: '2026-11-27T10:00:00Z', state: 'ready' }));
    const { batches } = useKytBatches.getState();
    expect(batches.map((batch) => [batch.id, batch.state])).toEqual([
      ['b2', 'ready'],
      ['b1', 'done'],
    ]);
    expect(batches[1]?.sent).toBe(9);
  });

  it('read while a line is kept keep the newer event over the list’s older view', async () => {
    let answer: (value: Result<KytBatchView[]>) => void = () => undefined;
    const listed = new Promise<Result<KytBatchView[]>>((resolve) => (answer = resolve));
    bridge.batches = () => listed;
    const loading = useKytBatches.getState().load();
    useKytBatches.getState().receive(batchView({ sent: 5, remaining: 4, revision: 12 }));
    answer({ ok: true, value: [batchView({ sent: 4, remaining: 5, revision: 11 })] });
    await loading;
    expect(useKytBatches.getState().batches[0]).toMatchObject({ sent: 5, remaining: 4 });
  });

  it('remember when a wait was announced, and forget it once the batch goes on', () => {
    const store = useKytBatches.getState();
    store.receive(batchView({ waitingSeconds: 12 }), 5_000);
    expect(useKytBatches.getState().waitingSince).toEqual({ b1: 5_000 });
    store.receive(batchView({ waitingSeconds: 3 }), 9_000);
    expect(useKytBatches.getState().waitingSince).toEqual({ b1: 9_000 });
    store.receive(batchView({ waitingSeconds: null }), 12_000);
    expect(useKytBatches.getState().waitingSince).toEqual({});
  });
});

describe('an action on a batch', () => {
  it('asks main and shows its answer: pause, resume, and start (a resume from the first line)', async () => {
    useKytBatches.setState({ status: 'ready', batches: [batchView()] });
    bridge.answers.set('pauseBatch', ok(batchView({ state: 'paused', reason: 'Paused by you.' })));
    await useKytBatches.getState().act('b1', 'pause');
    expect(useKytBatches.getState().batches[0]).toMatchObject({ state: 'paused' });

    bridge.answers.set('resumeBatch', ok(batchView({ state: 'running' })));
    await useKytBatches.getState().act('b1', 'resume');
    await useKytBatches.getState().act('b1', 'start');
    expect(bridge.actions).toEqual([
      { method: 'pauseBatch', id: 'b1' },
      { method: 'resumeBatch', id: 'b1' },
      { method: 'resumeBatch', id: 'b1' },
    ]);
    expect(useKytBatches.getState().busy).toEqual({});
  });

  it('keeps the newer event when the pause’s answer arrives after it', async () => {
    useKytBatches.setState({ status: 'ready', batches: [batchView({ revision: 10 })] });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Paused with one line in flight: main answers the pause, then keeps that line and says so;
    // the event overtakes the answer.
    bridge.answers.set('pauseBatch', () =>
      gate.then(() => ({
        ok: true,
        value: batchView({ state: 'paused', sent: 4, remaining: 5, revision: 11 }),
      })),
    );
    const pending = useKytBatches.getState().act('b1', 'pause');
    useKytBatches
      .getState()
      .receive(batchView({ state: 'paused', sent: 5, remaining: 4, revision: 12 }));
    release();
    await pending;
    expect(useKytBatches.getState().batches[0]).toMatchObject({ sent: 5, remaining: 4 });
  });

  it('cancels through cancelBatch', async () => {
    useKytBatches.setState({ status: 'ready', batches: [batchView()] });
    bridge.answers.set('cancelBatch', ok(batchView({ state: 'cancelled', remaining: 0 })));
    await useKytBatches.getState().act('b1', 'cancel');
    expect(bridge.actions).toEqual([{ method: 'cancelBatch', id: 'b1' }]);
    expect(useKytBatches.getState().batches[0]?.state).toBe('cancelled');
  });

  it('refused says so on the batch, in main’s words, and leaves it as it was', async () => {
    useKytBatches.setState({ status: 'ready', batches: [batchView({ state: 'paused' })] });
    bridge.answers.set(
      'resumeBatch',
      refused('unavailable', 'The service cannot be reached: resume once CaseDesk is online.'),
    );
    await useKytBatches.getState().act('b1', 'resume');
    expect(useKytBatches.getState().notes.b1).toEqual({
      tone: 'danger',
      kind: 'failed',
      action: 'resume',
      text: 'The service cannot be reached: resume once CaseDesk is online.',
    });
    expect(useKytBatches.getState().batches[0]?.state).toBe('paused');
  });

  it('is not asked twice while the first is on its way', async () => {
    useKytBatches.setState({ status: 'ready', batches: [batchView()] });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    bridge.answers.set('pauseBatch', () =>
      gate.then(() => ({ ok: true, value: batchView({ state: 'paused' }) })),
    );
    const pending = useKytBatches.getState().act('b1', 'pause');
    expect(useKytBatches.getState().busy).toEqual({ b1: 'pause' });
    await useKytBatches.getState().act('b1', 'pause');
    await useKytBatches.getState().act('b1', 'cancel');
    await useKytBatches.getState().saveResult('b1');
    release();
    await pending;
    expect(bridge.actions).toEqual([{ method: 'pauseBatch', id: 'b1' }]);
    expect(useKytBatches.getState().busy).toEqual({});
    expect(useKytBatches.getState().batches[0]?.state).toBe('paused');
  });
});

describe('the result file', () => {
  it('is saved by main; the card says the file name saved in the download folder', async () => {
    useKytBatches.setState({ status: 'ready', batches: [batchView({ state: 'done' })] });
    bridge.answers.set('saveBatchResult', ok({ fileName: 'november-result.csv' }));
    await useKytBatches.getState().saveResult('b1');
    expect(useKytBatches.getState().notes.b1).toEqual({
      tone: 'success',
      kind: 'saved',
      fileName: 'november-result.csv',
    });
  });

  it('not saved says why (no download folder yet, say), and the next action clears it', async () => {
    useKytBatches.setState({ status: 'ready', batches: [batchView({ state: 'done' })] });
    bridge.answers.set(
      'saveBatchResult',
      refused('conflict', 'Choose a download folder in the profile’s file settings first.'),
    );
    await useKytBatches.getState().saveResult('b1');
    expect(useKytBatches.getState().notes.b1).toMatchObject({
      kind: 'failed',
      action: 'save',
      text: 'Choose a download folder in the profile’s file settings first.',
    });
    bridge.answers.set('saveBatchResult', ok({ fileName: 'r.csv' }));
    const again = useKytBatches.getState().saveResult('b1');
    expect(useKytBatches.getState().notes.b1).toBeUndefined();
    await again;
    expect(useKytBatches.getState().notes.b1).toMatchObject({ kind: 'saved' });
  });
});

describe('following the batches while the panel is shown', () => {
  it('reads them, applies events, and stops listening when the panel goes', async () => {
    bridge.batches = ok([batchView({ id: 'b1' })]);
    const stop = followKytBatches();
    await vi.waitFor(() => expect(useKytBatches.getState().status).toBe('ready'));
    expect(bridge.onBatch).toHaveLength(1);
    bridge.onBatch[0]?.(batchView({ id: 'b1', state: 'done', remaining: 0 }));
    expect(useKytBatches.getState().batches[0]?.state).toBe('done');
    stop();
    expect(bridge.onBatch).toHaveLength(0);
    expect(bridge.onProfiles).toHaveLength(0);
  });

  it('drops another profile’s batches when the active profile changes, then reads this one’s', async () => {
    bridge.batches = ok([batchView({ id: 'of-p1' })]);
    const stop = followKytBatches();
    await vi.waitFor(() => expect(ids()).toEqual(['of-p1']));
    // A change that keeps the profile (a renamed one) reads again, and keeps the notes.
    useKytBatches.setState({
      notes: { 'of-p1': { tone: 'success', kind: 'saved', fileName: 'r.csv' } },
    });
    const emit = (activeProfileId: string) =>
      bridge.onProfiles[0]?.({ activeProfileId, profiles: [] });
    emit('p1');
    expect(useKytBatches.getState().notes).not.toEqual({});

    let answer!: (batches: KytBatchView[]) => void;
    bridge.batches = () =>
      new Promise<Result<KytBatchView[]>>((resolve) => {
        answer = (batches) => resolve({ ok: true, value: batches });
      }).then((result) => result);
    emit('p2');
    expect(ids()).toEqual([]);
    expect(useKytBatches.getState().status).toBe('loading');
    expect(useKytBatches.getState().notes).toEqual({});
    answer([batchView({ id: 'of-p2' })]);
    await vi.waitFor(() => expect(ids()).toEqual(['of-p2']));
    stop();
  });
});
