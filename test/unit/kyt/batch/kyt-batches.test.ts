import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { KytBatchView } from '../../../../preload/contract';
import { AppError } from '../../../../main/lib/app-error';
import { silentLogger } from '../../../../main/lib/logger';
import { BATCH_KIND } from '../../../../main/kyt/batch/batch-book';
import { BACKOFF_CAP_MS, PAUSED_BY_YOU } from '../../../../main/kyt/batch/batch-runner';
import { CsvParser } from '../../../../main/lib/tabular/csv-parser';
import { MAPPING_KIND } from '../../../../main/kyt/batch/column-mapping';
import { createKytBatches, STOPPED_WHILE_RUNNING } from '../../../../main/kyt/batch/kyt-batches';
import type { KytBatches, KytSubmissionRecord } from '../../../../main/kyt/kyt-ports';
import {
  createFakeKytStore,
  createScriptedSender,
  fakeBrief,
  memoryRecords,
  type FakeKytStore,
  type FakeOutcome,
  type ScriptedSender,
} from '../../../support/kyt-fakes';
import { makeTempDir } from '../../../support/temp-dir';

const temp = makeTempDir('casedesk-kyt-batches-');
afterAll(() => temp.remove());

let folders = 0;
function folder(): string {
  folders += 1;
  const path = join(temp.path, `f${folders}`);
  mkdirSync(path);
  return path;
}

/** A CSV of `count` transactions (file lines 2…count+1), with the given lines replaced. */
function csv(count: number, replaced: Record<number, string> = {}): string {
  const lines = ['external_id,amount,currency,label'];
  for (let line = 2; line <= count + 1; line += 1)
    lines.push(replaced[line] ?? `T${line},${line}.5,EUR,line ${line}`);
  return `${lines.join('\n')}\n`;
}

function gate() {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

const lineOf = (record: KytSubmissionRecord) => record.batch?.line ?? 0;

interface Setup {
  batches: KytBatches;
  store: FakeKytStore;
  sender: ScriptedSender;
  records: ReturnType<typeof memoryRecords>;
  sleeps: number[];
  events: KytBatchView[];
  clock: { ms: number };
  /** Imports `content` as a file named `name` into a fresh folder. */
  importFile: (
    content: string,
    options?: {
      name?: string;
      start?: boolean;
      mapping?: Record<string, string>;
      saveMapping?: boolean;
    },
  ) => Promise<KytBatchView>;
  /** File lines sent, in order, one per attempt. */
  sentLines: () => number[];
  /** Opens the batches again, as a new run of CaseDesk on a computer started as `bootId`. */
  reopen: (bootId?: string) => KytBatches;
}

const opened: Array<{ close(): void }> = [];
afterEach(() => {
  for (const one of opened.splice(0)) one.close();
});

function setup(
  script: (
    record: KytSubmissionRecord,
    attempt: number,
  ) => FakeOutcome | Promise<FakeOutcome> = () => ({
    kind: 'scored',
  }),
  options: { onSleep?: (ms: number, signal: AbortSignal) => void | Promise<void> } = {},
): Setup {
  const clock = { ms: Date.UTC(2026, 10, 27, 9) };
  const records = memoryRecords(() => clock.ms);
  opened.push(records);
  const store = createFakeKytStore();
  const sender = createScriptedSender(store, script);
  const sleeps: number[] = [];
  const events: KytBatchView[] = [];
  const make = (bootId = 'boot-A') =>
    createKytBatches({
      store,
      sender,
      records,
      logger: silentLogger,
      bootId: () => bootId,
      now: () => clock.ms,
      sleep: async (ms, signal) => {
        sleeps.push(ms);
        await options.onSleep?.(ms, signal);
      },
      brief: fakeBrief,
    });
  const batches = make();
  batches.onChange((view) => events.push(view));
  return {
    batches,
    store,
    sender,
    records,
    sleeps,
    events,
    clock,
    async importFile(
      content,
      { name = 'payments.csv', start = true, mapping, saveMapping = true } = {},
    ) {
      const path = join(folder(), name);
      writeFileSync(path, content);
      return batches.import({ path, fileName: name, mapping, saveMapping, start });
    },
    sentLines: () => sender.sent.map((id) => lineOf(store.get(id) as KytSubmissionRecord)),
    reopen: make,
  };
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('importing a batch', () => {
  it('keeps every valid line as a waiting submission of the batch and every bad one as its error', async () => {
    const { batches, importFile, store } = setup();
    const view = await importFile(csv(5, { 3: 'T3,abc,EUR,x', 5: 'T5,1,EUR' }), { start: false });
    expect(view).toMatchObject({
      fileName: 'payments.csv',
      format: 'csv',
      state: 'ready',
      lines: 5,
      invalid: 2,
      sent: 0,
      remaining: 3,
      waitingSeconds: null,
    });
    expect(
      store.all().map((record) => [lineOf(record), record.status, record.transaction.external_id]),
    ).toEqual([
      [2, 'waiting', 'T2'],
      [4, 'waiting', 'T4'],
      [6, 'waiting', 'T6'],
    ]);
    expect(batches.lines(view.id, true, 0, 10)).toEqual([
      {
        line: 3,
        submissionId: null,
        status: 'invalid',
        score: null,
        state: null,
        error: 'Amount (column “amount”): The amount is a number, such as 1250.50.',
      },
      {
        line: 5,
        submissionId: null,
        status: 'invalid',
        score: null,
        state: null,
        error: expect.stringMatching(
          /^This line has 3 cells where the header has 4 columns/,
        ) as unknown,
      },
    ]);
  });

  it('writes the lines a thousand at a time, one transaction each', async () => {
    const { importFile, store } = setup();
    await importFile(csv(2500), { start: false });
    expect(store.createManyCalls).toBe(3);
    expect(store.all()).toHaveLength(2500);
  });

  it('refuses a mapping without amount or currency before reading a line, keeping nothing', async () => {
    const { batches, importFile, store, records } = setup();
    const refused = await importFile(csv(3), { mapping: { amount: 'amount' } }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toBe(
      'The column mapping cannot be used: map a column to Currency: a transaction needs it.',
    );
    expect(store.all()).toEqual([]);
    expect(batches.list()).toEqual([]);
    expect(records.list(BATCH_KIND)).toEqual([]);
  });

  it('refuses a file with a header only, keeping nothing', async () => {
    const { batches, importFile } = setup();
    await expect(importFile('amount,currency\n\n')).rejects.toThrow(
      /has no transactions to import/,
    );
    expect(batches.list()).toEqual([]);
  });

  it('saves the mapping given for the profile, and offers it for the next file with its columns', async () => {
    const { batches, importFile, records } = setup();
    const mapping = { amount: 'Betrag', currency: 'Währung' };
    await importFile('Betrag;Währung;Zweck\n12.5;EUR;Miete\n', { mapping, start: false });
    expect(records.list(MAPPING_KIND)).toHaveLength(1);
    const path = join(folder(), 'next.csv');
    writeFileSync(path, 'Zweck;Währung;Betrag\nx;EUR;1\n');
    expect(await batches.preview(path, 'next.csv')).toEqual({
      fileName: 'next.csv',
      format: 'csv',
      separator: ';',
      columns: ['Zweck', 'Währung', 'Betrag'],
      sample: [['x', 'EUR', '1']],
      mapping,
      mappingSaved: true,
    });
  });

  it('does not save the mapping when asked not to', async () => {
    const { importFile, records } = setup();
    await importFile(csv(1), {
      mapping: { amount: 'amount', currency: 'currency' },
      saveMapping: false,
      start: false,
    });
    expect(records.list(MAPPING_KIND)).toEqual([]);
  });

  it('previews an NDJSON file as the fields its first lines have', async () => {
    const { batches } = setup();
    const path = join(folder(), 'lines.ndjson');
    writeFileSync(
      path,
      '{"amount":1,"currency":"EUR","from":{"full_name":"A"}}\nbad\n{"amount":2,"currency":"USD","review_groups":["x"]}\n',
    );
    expect(await batches.preview(path, 'lines.ndjson')).toEqual({
      fileName: 'lines.ndjson',
      format: 'ndjson',
      separator: null,
      columns: ['amount', 'currency', 'from.full_name', 'review_groups'],
      sample: [
        ['1', 'EUR', 'A', ''],
        ['2', 'USD', '', '["x"]'],
      ],
      mapping: {},
      mappingSaved: false,
    });
  });
});

describe('running a batch', () => {
  it('sends every line in line order, once each, and ends done', async () => {
    const { batches, importFile, sentLines } = setup((record) =>
      lineOf(record) === 4
        ? { kind: 'refused', reason: 'The service refused it.' }
        : { kind: 'scored', score: lineOf(record) },
    );
    const started = await importFile(csv(6, { 5: 'T5,x,EUR,bad' }));
    const done = await batches.settled(started.id);
    expect(sentLines()).toEqual([2, 3, 4, 6, 7]);
    expect(done).toMatchObject({
      state: 'done',
      reason: null,
      lines: 6,
      invalid: 1,
      sent: 5,
      scored: 4,
      refused: 1,
      inDoubt: 0,
      remaining: 0,
    });
    expect(
      batches.lines(started.id, false, 0, 10).map((line) => [line.line, line.status, line.score]),
    ).toEqual([
      [2, 'scored', 2],
      [3, 'scored', 3],
      [4, 'refused', null],
      [5, 'invalid', null],
      [6, 'scored', 6],
      [7, 'scored', 7],
    ]);
  });

  it('starts only when asked, and runs when resumed', async () => {
    const { batches, importFile, sentLines } = setup();
    const ready = await importFile(csv(2), { start: false });
    expect(sentLines()).toEqual([]);
    expect(batches.resume(ready.id).state).toBe('running');
    expect((await batches.settled(ready.id)).state).toBe('done');
    expect(sentLines()).toEqual([2, 3]);
  });

  it('pauses after the line in flight, and resumes from the next line not sent', async () => {
    const held = gate();
    const reached = gate();
    const { batches, importFile, sentLines, events } = setup(async (record) => {
      if (lineOf(record) === 4) {
        reached.open();
        await held.promise;
      }
      return { kind: 'scored' };
    });
    const started = await importFile(csv(6));
    await reached.promise;
    const pausing = batches.pause(started.id);
    expect(pausing).toMatchObject({ state: 'paused', reason: PAUSED_BY_YOU, scored: 2 });
    held.open();
    const paused = await batches.settled(started.id);
    expect(paused).toMatchObject({ state: 'paused', scored: 3, remaining: 3 });
    // The line in flight was kept after the pause was answered, and main said so: that event is
    // newer than the answer, so the window shows it whichever arrives first.
    const kept = events.find((event) => event.state === 'paused' && event.scored === 3);
    expect(kept?.revision).toBeGreaterThan(pausing.revision);
    expect(sentLines()).toEqual([2, 3, 4]);
    batches.resume(started.id);
    expect((await batches.settled(started.id)).state).toBe('done');
    expect(sentLines()).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('goes on without stopping when resumed before the line in flight ended', async () => {
    const held = gate();
    const reached = gate();
    const { batches, importFile, sentLines } = setup(async (record) => {
      if (lineOf(record) === 3) {
        reached.open();
        await held.promise;
      }
      return { kind: 'scored' };
    });
    const started = await importFile(csv(4));
    await reached.promise;
    batches.pause(started.id);
    expect(batches.resume(started.id).state).toBe('running');
    held.open();
    expect((await batches.settled(started.id)).state).toBe('done');
    expect(sentLines()).toEqual([2, 3, 4, 5]);
  });

  it('cancels: the line in flight ends, the lines not sent are withdrawn and never sent', async () => {
    const held = gate();
    const reached = gate();
    const { batches, importFile, sentLines, store } = setup(async (record) => {
      if (lineOf(record) === 3) {
        reached.open();
        await held.promise;
      }
      return { kind: 'scored' };
    });
    const started = await importFile(csv(5));
    await reached.promise;
    expect(batches.cancel(started.id).state).toBe('cancelled');
    held.open();
    const cancelled = await batches.settled(started.id);
    expect(cancelled).toMatchObject({ state: 'cancelled', scored: 2, remaining: 0 });
    expect(sentLines()).toEqual([2, 3]);
    expect(store.all().map((record) => record.status)).toEqual([
      'scored',
      'scored',
      'withdrawn',
      'withdrawn',
      'withdrawn',
    ]);
    expect(() => batches.resume(started.id)).toThrow(/cancelled: import the file again/);
  });

  it('cancels a paused batch at once', async () => {
    const { batches, importFile, store } = setup();
    const ready = await importFile(csv(3), { start: false });
    expect(batches.cancel(ready.id)).toMatchObject({ state: 'cancelled', remaining: 0 });
    expect(store.all().every((record) => record.status === 'withdrawn')).toBe(true);
  });

  it('waits as long as a 429 asks, showing the wait, then sends the same line again', async () => {
    let shownWhileWaiting: KytBatchView | null = null;
    let batchesRef: KytBatches | null = null;
    let batchId = '';
    const { batches, importFile, sentLines, sleeps } = setup(
      (record, attempt) =>
        lineOf(record) === 3 && attempt === 2
          ? { kind: 'not-sent', retryAfterMs: 30_000, reason: 'The service is busy (429).' }
          : { kind: 'scored' },
      {
        onSleep: () => {
          shownWhileWaiting = batchesRef?.get(batchId) ?? null;
        },
      },
    );
    batchesRef = batches;
    const started = await importFile(csv(3), { start: false });
    batchId = started.id;
    batches.resume(started.id);
    expect((await batches.settled(started.id)).state).toBe('done');
    expect(sleeps).toEqual([30_000]);
    expect(shownWhileWaiting).toMatchObject({ state: 'running', waitingSeconds: 30 });
    expect(sentLines()).toEqual([2, 3, 3, 4]);
  });

  it('stops waiting when paused during a 429 wait, and tries that line again only when resumed', async () => {
    const asleep = gate();
    const { batches, importFile, sentLines } = setup(
      (record, attempt) =>
        attempt === 1 ? { kind: 'not-sent', retryAfterMs: 60_000 } : { kind: 'scored' },
      {
        // Waits until woken, as the real wait does when its signal aborts.
        onSleep: (_ms, signal) =>
          new Promise<void>((resolve) => {
            asleep.open();
            signal.addEventListener('abort', () => resolve());
          }),
      },
    );
    const started = await importFile(csv(2));
    await asleep.promise;
    expect(batches.get(started.id)?.waitingSeconds).toBe(60);
    batches.pause(started.id);
    expect(await batches.settled(started.id)).toMatchObject({
      state: 'paused',
      waitingSeconds: null,
      remaining: 2,
    });
    expect(sentLines()).toEqual([2]);
    batches.resume(started.id);
    expect((await batches.settled(started.id)).state).toBe('done');
    expect(sentLines()).toEqual([2, 2, 3]);
  });

  it('backs off in a 429 storm, up to a cap, and ends', async () => {
    const storm = 40;
    const { batches, importFile, sentLines, sleeps } = setup((record, attempt) =>
      lineOf(record) === 2 && attempt <= storm
        ? { kind: 'not-sent', retryAfterMs: attempt % 2 === 0 ? 0 : null }
        : { kind: 'scored' },
    );
    const started = await importFile(csv(2));
    expect((await batches.settled(started.id)).state).toBe('done');
    expect(sentLines()).toEqual([...Array<number>(storm + 1).fill(2), 3]);
    expect(sleeps).toHaveLength(storm);
    // Never asked again at once, longer each time, never longer than the cap.
    expect(Math.min(...sleeps)).toBeGreaterThan(0);
    for (let index = 2; index < sleeps.length; index += 1)
      expect(sleeps[index]).toBeGreaterThanOrEqual(sleeps[index - 1] ?? 0);
    expect(Math.max(...sleeps)).toBe(BACKOFF_CAP_MS);
  });

  it('pauses itself when a wait asked is too long to hold open', async () => {
    const { batches, importFile, sleeps } = setup(() => ({
      kind: 'not-sent',
      retryAfterMs: 3 * 60 * 60_000,
      reason: 'The service is busy (429).',
    }));
    const started = await importFile(csv(2));
    expect(await batches.settled(started.id)).toMatchObject({
      state: 'paused',
      reason:
        'The service asked to wait 3 hours before more lines (The service is busy (429).). Resume later: it goes on from line 2.',
      remaining: 2,
    });
    expect(sleeps).toEqual([]);
  });

  it('pauses on a dropped connection, naming the line left in doubt; resumed, goes on with the next line and never sends it again', async () => {
    const { batches, importFile, sentLines, store } = setup((record) =>
      lineOf(record) === 4 && store.get(record.id)?.status === 'sending'
        ? { kind: 'in-doubt', reason: 'the connection dropped after the body went out' }
        : { kind: 'scored' },
    );
    const started = await importFile(csv(5));
    const paused = await batches.settled(started.id);
    expect(paused).toMatchObject({ state: 'paused', scored: 2, inDoubt: 1, remaining: 2 });
    expect(paused.reason).toBe(
      'Line 4 lost its answer (the connection dropped after the body went out). The service may have stored it, so it waits for your word (send it again, or mark it as sent) and is never sent again by itself. Resume to go on with the next line.',
    );
    expect(batches.lines(started.id, true, 0, 10)).toEqual([
      {
        line: 4,
        submissionId: expect.any(String) as unknown,
        status: 'in-doubt',
        score: null,
        state: null,
        error: 'the connection dropped after the body went out',
      },
    ]);
    batches.resume(started.id);
    expect(await batches.settled(started.id)).toMatchObject({
      state: 'done',
      scored: 4,
      inDoubt: 1,
    });
    expect(sentLines()).toEqual([2, 3, 4, 5, 6]);
  });

  it('pauses when offline, the line not sent; resumed, sends that same line', async () => {
    let online = false;
    const { batches, importFile, sentLines } = setup((record) =>
      lineOf(record) === 3 && !online
        ? { kind: 'not-sent', unreachable: true, reason: 'The service cannot be reached.' }
        : { kind: 'scored' },
    );
    const started = await importFile(csv(3));
    expect(await batches.settled(started.id)).toMatchObject({
      state: 'paused',
      reason: 'Offline: The service cannot be reached. It goes on from line 3 when you resume.',
      remaining: 2,
    });
    online = true;
    batches.resume(started.id);
    expect((await batches.settled(started.id)).state).toBe('done');
    expect(sentLines()).toEqual([2, 3, 3, 4]);
  });

  it('pauses when the token is refused, saying so', async () => {
    const { batches, importFile } = setup(() => ({
      kind: 'not-sent',
      tokenRefused: true,
      reason: 'The service refused the token (401).',
    }));
    const started = await importFile(csv(2));
    expect((await batches.settled(started.id)).reason).toBe(
      'The token was refused: The service refused the token (401). Give the profile a valid token, then resume: it goes on from line 2.',
    );
  });

  it('pauses a batch found running at open (CaseDesk stopped), and withdraws one cut short while read', async () => {
    const held = gate();
    const { batches, importFile, reopen, records, store } = setup(async () => {
      await held.promise;
      return { kind: 'scored' };
    });
    const started = await importFile(csv(3));
    // A batch whose reading never finished, as a crash leaves it.
    records.put(BATCH_KIND, 'cut', {
      v: 1,
      id: 'cut',
      fileName: 'cut.csv',
      format: 'csv',
      separator: ',',
      createdAt: new Date(0).toISOString(),
      state: 'ready',
      reason: null,
      imported: false,
      lines: 0,
      invalid: 0,
      mapping: null,
      invalidLines: [],
    });
    store.createMany([
      {
        transaction: { amount: 1, currency: 'EUR', from: {}, to: {} },
        batch: { id: 'cut', line: 2 },
      },
    ]);

    const after = reopen();
    expect(after.get(started.id)).toMatchObject({ state: 'paused', reason: STOPPED_WHILE_RUNNING });
    expect(after.get('cut')).toMatchObject({ state: 'cancelled', remaining: 0 });
    expect(after.get('cut')?.reason).toMatch(
      /stopped while the file was being read: import it again/,
    );
    held.open();
    await batches.close();
  });

  it('writes a window of lines before any of them goes out, and clears it when the batch stops', async () => {
    const windows: Array<{ line: number; window: unknown }> = [];
    const { batches, importFile, records } = setup((record) => {
      const batch = records.list(BATCH_KIND)[0]?.body as { sendingWindow: unknown };
      windows.push({ line: lineOf(record), window: batch.sendingWindow });
      return { kind: 'scored' };
    });
    const started = await importFile(csv(20));
    expect((await batches.settled(started.id)).state).toBe('done');
    expect(windows).toHaveLength(20);
    for (const { line, window } of windows) {
      const covering = window as { fromLine: number; throughLine: number; bootId: string };
      expect(covering.bootId).toBe('boot-A');
      expect(line).toBeGreaterThanOrEqual(covering.fromLine);
      expect(line).toBeLessThanOrEqual(covering.throughLine);
    }
    // Sixteen lines each, the next one written while half of the last is still to go (file
    // lines 2…21): its sync has those lines' round trips to finish in.
    const distinct = [...new Set(windows.map(({ window }) => JSON.stringify(window)))];
    expect(distinct.map((window) => JSON.parse(window) as unknown)).toEqual([
      { fromLine: 2, throughLine: 17, bootId: 'boot-A' },
      { fromLine: 9, throughLine: 25, bootId: 'boot-A' },
      { fromLine: 17, throughLine: 33, bootId: 'boot-A' },
    ]);
    const kept = records.list(BATCH_KIND)[0]?.body as { sendingWindow: unknown };
    expect(kept.sendingWindow).toBeNull();
  });

  it('after the computer stopped mid-window, the window’s lines not known answered are in doubt; after CaseDesk alone stopped, they wait', async () => {
    for (const [bootId, expected] of [
      ['boot-B', 'in-doubt'],
      ['boot-A', 'waiting'],
    ] as const) {
      const held = gate();
      const reached = gate();
      const { batches, importFile, reopen, store } = setup(async (record) => {
        if (lineOf(record) === 5) {
          reached.open();
          await held.promise;
        }
        return { kind: 'scored' };
      });
      const started = await importFile(csv(40));
      await reached.promise;
      // CaseDesk stops here (line 5 in flight); the batches are opened again by a new run.
      const after = reopen(bootId);
      const status = (line: number) =>
        store.byBatch(started.id, 0, 100).find((record) => lineOf(record) === line)?.status;
      expect(status(4)).toBe('scored');
      expect(status(6)).toBe(expected);
      expect(status(17)).toBe(expected);
      // Past the window nothing could have gone out.
      expect(status(18)).toBe('waiting');
      expect(after.get(started.id)?.state).toBe('paused');
      const closing = batches.close();
      held.open();
      await Promise.all([closing, after.close()]);
    }
  });

  it('stops on close, the batch paused to go on later', async () => {
    const held = gate();
    const reached = gate();
    const { batches, importFile, sentLines } = setup(async (record) => {
      if (lineOf(record) === 3) {
        reached.open();
        await held.promise;
      }
      return { kind: 'scored' };
    });
    const started = await importFile(csv(4));
    await reached.promise;
    const closing = batches.close();
    held.open();
    await closing;
    expect(batches.get(started.id)).toMatchObject({ state: 'paused', remaining: 2 });
    expect(batches.get(started.id)?.reason).toMatch(/^CaseDesk closed while the batch ran/);
    expect(sentLines()).toEqual([2, 3]);
    expect(() => batches.resume(started.id)).toThrow(/closing/);
  });

  it('tells every change of state at once and progress at most ten times a second', async () => {
    const { batches, importFile, events, clock } = setup((record) => {
      // Each line takes 30 ms of the fake clock: 100 lines are 3 s, so about 30 progress events.
      clock.ms += 30;
      return { kind: 'scored', score: lineOf(record) };
    });
    const started = await importFile(csv(100));
    await batches.settled(started.id);
    const states = events.map((event) => event.state);
    expect(states[0]).toBe('running');
    expect(states.at(-1)).toBe('done');
    const progress = events.filter((event) => event.state === 'running').length;
    expect(progress).toBeGreaterThanOrEqual(25);
    expect(progress).toBeLessThanOrEqual(36);
    const sent = events.map((event) => event.sent);
    expect([...sent].sort((a, b) => a - b)).toEqual(sent);
    expect(events.at(-1)).toMatchObject({ sent: 100, scored: 100 });
  });

  it('runs 10,000 lines reading only the next waiting one each time', async () => {
    const { batches, importFile, store } = setup();
    const started = await importFile(csv(10_000), { start: false });
    let pagesRead = 0;
    const byBatch = store.byBatch.bind(store);
    store.byBatch = (...args) => {
      pagesRead += 1;
      return byBatch(...args);
    };
    batches.resume(started.id);
    expect(await batches.settled(started.id)).toMatchObject({ state: 'done', scored: 10_000 });
    expect(pagesRead).toBe(0);
  });
});

describe('a batch’s lines and result file', () => {
  it('pages through the lines in line order, invalid ones in place, at any offset', async () => {
    const { batches, importFile } = setup();
    const bad: Record<number, string> = {};
    for (const line of [2, 3, 10, 11, 12, 40, 61]) bad[line] = `T${line},no,EUR,x`;
    const started = await importFile(csv(60, bad));
    await batches.settled(started.id);
    const all = batches.lines(started.id, false, 0, 1000);
    expect(all.map((line) => line.line)).toEqual(range(2, 61));
    for (const [offset, limit] of [
      [0, 1],
      [1, 3],
      [2, 7],
      [9, 4],
      [37, 10],
      [58, 5],
      [60, 5],
      [70, 5],
    ] as const)
      expect(batches.lines(started.id, false, offset, limit)).toEqual(
        all.slice(offset, offset + limit),
      );
    const problems = batches.lines(started.id, true, 0, 1000);
    expect(problems.map((line) => line.line)).toEqual([2, 3, 10, 11, 12, 40, 61]);
    expect(batches.lines(started.id, true, 2, 2).map((line) => line.line)).toEqual([10, 11]);
  });

  it('writes one row per line, invalid ones too, in line order, and never over another file', async () => {
    const { batches, importFile } = setup((record) =>
      lineOf(record) === 4
        ? { kind: 'refused', reason: 'Refused: "amount" < 0' }
        : { kind: 'scored', score: 55, state: '=Review' },
    );
    const started = await importFile(csv(4, { 3: 'T3,1,EURO,x' }), { name: 'Payments, Nov.csv' });
    await batches.settled(started.id);
    const out = folder();
    const first = await batches.saveResult(started.id, out);
    const second = await batches.saveResult(started.id, out);
    expect(first).toBe(join(out, 'Payments, Nov-results-2026-11-27.csv'));
    expect(second).toBe(join(out, 'Payments, Nov-results-2026-11-27 (2).csv'));
    expect(readdirSync(out).sort()).toEqual([
      'Payments, Nov-results-2026-11-27 (2).csv',
      'Payments, Nov-results-2026-11-27.csv',
    ]);
    const parser = new CsvParser(',');
    const rows = [...parser.push(readFileSync(first, 'utf8')), ...parser.end()].map(
      (record) => record.cells,
    );
    expect(rows).toEqual([
      [
        'line',
        'external_id',
        'status',
        'score',
        'state',
        'converted_amount',
        'converted_currency',
        'error',
      ],
      ['2', 'T2', 'scored', '55', "'=Review", '2.5', 'EUR', ''],
      [
        '3',
        'T3',
        'invalid',
        '',
        '',
        '',
        '',
        'Currency (column “currency”): The currency is a three-letter code (ISO 4217), such as EUR.',
      ],
      ['4', 'T4', 'refused', '', '', '', '', 'Refused: "amount" < 0'],
      ['5', 'T5', 'scored', '55', "'=Review", '5.5', 'EUR', ''],
    ]);
    expect(readFileSync(second, 'utf8')).toBe(readFileSync(first, 'utf8'));
  });

  it('leaves no temporary file behind when the folder cannot be written', async () => {
    const { batches, importFile } = setup();
    const started = await importFile(csv(1));
    await batches.settled(started.id);
    const missing = join(folder(), 'not-there');
    await expect(batches.saveResult(started.id, missing)).rejects.toThrow();
    expect(existsSync(missing)).toBe(false);
  });
});
