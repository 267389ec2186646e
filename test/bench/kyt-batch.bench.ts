import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Agent, request } from 'undici';
import { afterAll, expect, it } from 'vitest';
import { KytTransactionInput, type KytTransaction } from '../../preload/contract';
import { createServiceClient } from '../../main/api';
import { silentLogger } from '../../main/lib/logger';
import { openLocalStore } from '../../main/local/local-store';
import { PAUSED_BY_YOU } from '../../main/kyt/batch/batch-runner';
import { createKytBatches } from '../../main/kyt/batch/kyt-batches';
import { openKytSubmissions } from '../../main/kyt/open-kyt';
import { makeTempDir } from '../support/temp-dir';
import { report } from './report';
import { freshSandboxes } from './sandbox-process';

// A 10,000-line batch sent to the sandbox by CaseDesk (the batch runner, the KYT store in the
// profile's local store, the sender over the service client), against a bare loop posting the
// same bodies with undici, one at a time, in the same process, the two taking turns a thousand
// lines at a time. Each has a fresh sandbox of the same seed (in its own process, so serving does
// not count against this one): the velocity rules see the same history. The targets: at
// least 0.8× the bare loop's throughput, and this process's memory growing less than 64 MB.
// CASEDESK_BENCH_KYT_LINES runs a shorter batch while working on it.

const LINES = Number(process.env.CASEDESK_BENCH_KYT_LINES ?? 10_000);
const TOKEN = 'bench-token-kyt-123456';
const TARGET_RATIO = 0.8;
const TARGET_MB = 64;
const MB = 1024 * 1024;
const SAMPLE_MS = 20;
/** Lines per turn of the batch and of the bare loop. */
const SLICE = 1000;

const temp = makeTempDir('casedesk-kyt-bench-');
const sandboxes = freshSandboxes(temp.path, TOKEN);
afterAll(() => {
  sandboxes.stopAll();
  temp.remove();
});

// The heap measured after a full collection: what the run still holds, not what it threw away.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
/** Twice: one collection may leave what a finalizer or an unfinished marking still held. */
const collectGarbage = () => {
  gc();
  gc();
};

const COLUMNS = [
  'external_id',
  'amount',
  'currency',
  'date',
  'label',
  'from.full_name',
  'from.external_id',
  'from.domicile_code',
  'from.device.ip',
  'from.device.country',
  'to.full_name',
  'to.external_id',
  'to.domicile_code',
] as const;

/** The same transactions every run (a small linear congruential generator, seeded). */
function rows(): string[][] {
  let state = 42;
  const next = (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
  const currencies = ['EUR', 'USD', 'GBP', 'CHF'];
  const countries = ['FR', 'DE', 'GB', 'US', 'RU', 'AE'];
  const names = ['Anna Weber', 'Viktor Petrov', 'Lea Martin', 'Omar Haddad', 'Chen Wei'];
  return Array.from({ length: LINES }, (_, index) => [
    `BENCH-${index + 1}`,
    `${next(200_000)}.${String(next(100)).padStart(2, '0')}`,
    currencies[next(currencies.length)] ?? 'EUR',
    `2026-11-${String(1 + next(27)).padStart(2, '0')}T${String(next(24)).padStart(2, '0')}:15:00+01:00`,
    `bench line ${index + 1}`,
    names[next(names.length)] ?? 'A',
    `C-${next(500)}`,
    countries[next(countries.length)] ?? 'FR',
    `10.0.${next(255)}.${next(255)}`,
    countries[next(countries.length)] ?? 'FR',
    names[next(names.length)] ?? 'B',
    `C-${next(500)}`,
    countries[next(countries.length)] ?? 'FR',
  ]);
}

/** The body each row becomes: what CaseDesk sends for it, and what the bare loop posts. */
function bodyOf(row: readonly string[]): KytTransaction {
  const cell = (column: (typeof COLUMNS)[number]) => row[COLUMNS.indexOf(column)] ?? '';
  return KytTransactionInput.parse({
    external_id: cell('external_id'),
    amount: Number(cell('amount')),
    currency: cell('currency'),
    date: cell('date'),
    label: cell('label'),
    from: {
      full_name: cell('from.full_name'),
      external_id: cell('from.external_id'),
      domicile_code: cell('from.domicile_code'),
      device: { ip: cell('from.device.ip'), country: cell('from.device.country') },
    },
    to: {
      full_name: cell('to.full_name'),
      external_id: cell('to.external_id'),
      domicile_code: cell('to.domicile_code'),
    },
  });
}

async function writeCsv(path: string, table: readonly string[][]): Promise<void> {
  const out = createWriteStream(path);
  out.write(`${COLUMNS.join(',')}\n`);
  for (const row of table) if (!out.write(`${row.join(',')}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'close');
}

const heapNow = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external + usage.arrayBuffers;
};

/** What one commit of the profile's local store costs on this disk (each is flushed: FULL). */
function commitMs(): number {
  const opening = openLocalStore(join(temp.path, 'commits', 'local.db'), silentLogger);
  if (opening.state !== 'open') throw new Error(opening.reason);
  const body = { note: 'x'.repeat(1000) };
  const started = performance.now();
  for (let index = 0; index < 200; index += 1) opening.store.put('bench', `r${index % 10}`, body);
  const ms = (performance.now() - started) / 200;
  opening.store.close();
  return ms;
}

async function bareSlice(
  url: string,
  agent: Agent,
  bodies: readonly string[],
  from: number,
  to: number,
): Promise<number> {
  const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
  const started = performance.now();
  for (let index = from; index < to; index += 1) {
    const response = await request(url, {
      method: 'POST',
      headers,
      body: bodies[index] ?? '',
      dispatcher: agent,
    });
    const answer = JSON.parse(await response.body.text()) as { score?: unknown };
    if (response.statusCode !== 200 || typeof answer.score !== 'number')
      throw new Error(`bare loop: ${response.statusCode}`);
  }
  return performance.now() - started;
}

it('sends a 10,000-line batch at 0.8× a bare loop or better, memory growing under 64 MB', async () => {
  const table = rows();
  const csvPath = join(temp.path, 'bench.csv');
  await writeCsv(csvPath, table);
  const bodies = table.map((row) => JSON.stringify(bodyOf(row)));
  const [oursUrl, bareUrl] = await Promise.all([
    sandboxes.start('sandbox-casedesk'),
    sandboxes.start('sandbox-bare'),
  ]);

  const opening = openLocalStore(join(temp.path, 'profile', 'local.db'), silentLogger);
  if (opening.state !== 'open') throw new Error(opening.reason);
  const local = opening.store;
  const client = createServiceClient({ baseUrl: oursUrl, token: TOKEN });
  // The submissions as the app opens them: the store in the profile's local store, the sender.
  const parts = openKytSubmissions({ local, client, logger: silentLogger });
  const batches = createKytBatches({
    store: parts.store,
    sender: parts.sender,
    records: local,
    logger: silentLogger,
  });
  const bareAgent = new Agent({ connections: 1 });

  // Memory from here: what the batch itself adds, its reading included.
  collectGarbage();
  const heapBefore = heapNow();
  const rssBefore = process.memoryUsage().rss;
  let peakHeap = heapBefore;
  let peakRss = rssBefore;
  const sample = () => {
    peakHeap = Math.max(peakHeap, heapNow());
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, SAMPLE_MS);

  const importStarted = performance.now();
  const imported = await batches.import({
    path: csvPath,
    fileName: 'bench.csv',
    saveMapping: false,
    start: false,
  });
  const importSeconds = (performance.now() - importStarted) / 1000;

  // Slices of the batch and of the bare loop take turns, each over the same lines: a machine
  // busy with other work slows both alike, and both sandboxes have seen the same history.
  let pauseAt = SLICE;
  const unsubscribe = batches.onChange((view) => {
    if (view.id === imported.id && view.state === 'running' && view.sent >= pauseAt)
      batches.pause(view.id);
  });
  let oursMs = 0;
  let bareMs = 0;
  let sent = 0;
  let view = imported;
  while (view.state !== 'done') {
    const started = performance.now();
    batches.resume(imported.id);
    view = await batches.settled(imported.id);
    oursMs += performance.now() - started;
    if (view.state === 'paused' && view.reason !== PAUSED_BY_YOU)
      throw new Error(`the batch stopped by itself: ${view.reason ?? ''}`);
    bareMs += await bareSlice(
      `${bareUrl}/api/v1/kyt/transaction`,
      bareAgent,
      bodies,
      sent,
      view.sent,
    );
    sent = view.sent;
    pauseAt = sent + SLICE;
  }
  unsubscribe();
  clearInterval(timer);
  sample();
  collectGarbage();
  const heldGrowth = (heapNow() - heapBefore) / MB;
  await batches.close();
  await bareAgent.close();
  await client.close();
  local.close();

  const oursRate = sent / (oursMs / 1000);
  const bareRate = sent / (bareMs / 1000);
  const ratio = oursRate / bareRate;
  report('kyt-batch', [
    {
      name: `${LINES.toLocaleString('en')}-line batch sent in order`,
      value: oursRate,
      unit: 'lines/s',
      baseline: { name: 'bare undici loop, same bodies, fresh sandbox', value: bareRate },
      ratio,
      target: `≥ ${TARGET_RATIO}× the bare loop`,
      met: ratio >= TARGET_RATIO,
    },
    {
      name: 'memory held after the batch (heap + external, after gc)',
      value: heldGrowth,
      unit: 'MB',
      target: `< ${TARGET_MB} MB`,
      met: heldGrowth < TARGET_MB,
    },
    {
      name: 'peak heap + external growth while it ran',
      value: (peakHeap - heapBefore) / MB,
      unit: 'MB',
    },
    { name: 'peak RSS growth while it ran', value: (peakRss - rssBefore) / MB, unit: 'MB' },
    { name: 'reading the file into the batch', value: importSeconds, unit: 's' },
    { name: 'one flushed commit of the local store on this disk', value: commitMs(), unit: 'ms' },
  ]);
  expect(view).toMatchObject({ state: 'done', scored: LINES, invalid: 0, inDoubt: 0 });
  expect(ratio).toBeGreaterThanOrEqual(TARGET_RATIO);
  expect(heldGrowth).toBeLessThan(TARGET_MB);
});
