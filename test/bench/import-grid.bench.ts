import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHostProcess, type HostProcess } from '../support/host-process';
import { capturePageSecret } from '../support/page-secret-capture';
import { makeTempDir } from '../support/temp-dir';
import { benchBridge, launchBenchChromium } from './bench-chromium';
import { blocksBySpan, pageNow, watchMainThread, type Span } from './main-thread-watch';
import { report, type BenchFigure } from './report';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process';

// The bulk import's grid with 10,000 lines, in the real renderer (Debian's Chromium) through the
// browser host and its built-in sandbox: the import screen opened from the keyboard, a CSV of
// 10,000 customers (some of them refused by the service, some warned about, one unreadable in 250)
// chosen and its dry run started; while the dry run runs (the view changes after every batch of
// 100) and after it ends, all lines and only the problems shown, the grid scrolled from top to
// bottom and back with the keyboard and the wheel; then a refused line fixed in place and
// verified again. The target: the window's main thread never blocked over 50 ms while the
// grid shows the lines, measured from inside the page (long tasks, and gaps between frames).
// CASEDESK_BENCH_IMPORT_LINES runs a shorter file while working on it; CASEDESK_BENCH_PROFILE=1
// keeps a DevTools performance trace of the page from before the screen opens (test-results/bench/;
// CASEDESK_BENCH_PROFILE=light for a lighter one).
//
// The service is the sandbox in a process of its own at the lowest CPU priority. On an
// investigator's machine the service verifies the batches elsewhere; here, on two cores, the
// sandbox verifying at the window's priority took the CPU from the window's main thread: traced,
// the dry run's longest tasks had run for a third to a half of their length, waiting the rest.

const LINES = Number(process.env.CASEDESK_BENCH_IMPORT_LINES ?? 10_000);
const TARGET_MS = 50;
const GRID = '[data-testid="ci-grid"]';
/** Three notches of a wheel in one frame. */
const WHEEL_STEP = 360;
/** Key presses per keyboard walk (Page Down from the top, Page Up from the bottom). */
const PAGE_KEYS = 120;

const temp = makeTempDir('casedesk-import-grid-bench-');
/** Where the customers file is written before it is chosen (apart from the app's data). */
const files = makeTempDir('casedesk-import-grid-file-');
const TOKEN = 'bench-token-import-grid-123456';
let service: SandboxProcess;
let host: HostProcess;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBenchChromium();
  service = await startSandboxProcess({
    dataDir: join(temp.path, 'service'),
    token: TOKEN,
    background: true,
  });
  host = await startHostProcess({ dataDir: join(temp.path, 'app') });
}, 5 * 60_000);

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  service?.stop();
  temp.remove();
  files.remove();
});

const HEADER = [
  'external_id',
  'account_type',
  'first_name',
  'last_name',
  'date_of_birth',
  'nationality_codes',
  'parent_external_id',
  'fields.bench_segment',
];

/**
 * The customers file: valid lines, and in every hundred a date of birth not in YYYY-MM-DD, an
 * unknown account type, a parent no customer has and a nationality that is not a code (errors);
 * a custom field the tenant does not define on one line in twenty (a warning); one line in 250
 * without an external id (unreadable); names in Arabic script now and then.
 */
function customersCsv(): Buffer {
  const first = ['Anna', 'Viktor', 'Lea', 'Omar', 'Chen', 'Maria', 'Jonas', 'سارة'];
  const last = ['Weber', 'Petrov', 'Martin', 'Haddad', 'Wei', 'Rossi', 'Berg', 'الهاشمي'];
  const countries = ['FR', 'DE', 'GB', 'US', 'IT', 'ES'];
  const lines = [HEADER.join(';')];
  for (let index = 0; index < LINES; index += 1) {
    const slot = index % 100;
    const born = `${1940 + (index % 60)}-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`;
    lines.push(
      [
        index % 250 === 77 ? '' : `GRID-C-${index + 1}`,
        slot === 11 ? 'X' : 'N',
        first[index % first.length],
        last[(index * 7) % last.length],
        slot === 3 ? '03/04/1980' : born,
        slot === 47 ? 'France' : countries[index % countries.length],
        slot === 29 ? 'NO-SUCH-PARENT' : '',
        index % 20 === 5 ? 'retail' : '',
      ].join(';'),
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

/** A DevTools performance trace of the page (tasks, layout, paint, JS samples), to open in Chromium. */
async function startTrace(page: Page) {
  const dir = join('test-results', 'bench');
  mkdirSync(dir, { recursive: true });
  await browser.startTracing(page, {
    // 'light': tasks, layout, paint and garbage collection without JS samples, which slow the
    // page less (each task's wall and CPU time tell a blocked thread from a starved one).
    categories:
      process.env.CASEDESK_BENCH_PROFILE === 'light'
        ? ['toplevel', 'devtools.timeline', 'disabled-by-default-v8.gc', 'blink_gc', 'v8.execute']
        : [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'disabled-by-default-devtools.timeline.frame',
            'disabled-by-default-v8.cpu_profiler',
            'v8.execute',
            'blink.user_timing',
          ],
  });
  return {
    async stop(name: string) {
      writeFileSync(join(dir, name), await browser.stopTracing());
    },
  };
}

/**
 * For `page.addInitScript`: the browser's long animation frames (over 50 ms) with the scripts
 * that ran in them, to say what a blocked frame was spent on (diagnostics only; not measured).
 */
function watchLongFrames(): void {
  const frames: unknown[] = [];
  (window as unknown as { __benchLongFrames?: unknown[] }).__benchLongFrames = frames;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{
        startTime: number;
        duration: number;
        blockingDuration: number;
        renderStart: number;
        styleAndLayoutStart: number;
        scripts: Array<{
          invoker: string;
          invokerType: string;
          sourceFunctionName: string;
          sourceCharPosition: number;
          duration: number;
          forcedStyleAndLayoutDuration: number;
        }>;
      }>)
        frames.push({
          start: Math.round(entry.startTime),
          duration: Math.round(entry.duration),
          blocking: Math.round(entry.blockingDuration),
          render: entry.renderStart
            ? Math.round(entry.startTime + entry.duration - entry.renderStart)
            : 0,
          styleAndLayout: entry.styleAndLayoutStart
            ? Math.round(entry.startTime + entry.duration - entry.styleAndLayoutStart)
            : 0,
          scripts: entry.scripts.map((script) => ({
            invoker: script.invoker,
            type: script.invokerType,
            fn: script.sourceFunctionName,
            at: script.sourceCharPosition,
            ms: Math.round(script.duration),
            forcedLayout: Math.round(script.forcedStyleAndLayoutDuration),
          })),
        });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // An older Chromium: no attribution, the figures stand alone.
  }
}

/** The longest frames of each span and what ran in them, printed to read beside the figures. */
async function printLongFrames(page: Page, spans: readonly Span[]): Promise<void> {
  const frames = await page.evaluate(
    () =>
      (window as unknown as { __benchLongFrames?: Array<{ start: number; duration: number }> })
        .__benchLongFrames ?? [],
  );
  for (const span of spans) {
    const mine = frames
      .filter((frame) => frame.start >= span.from && frame.start < span.to)
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 6);
    console.log(
      `long frames, ${span.name}:\n${mine.map((frame) => JSON.stringify(frame)).join('\n')}`,
    );
  }
}

const panelState = (page: Page) =>
  page.getByTestId('ci-panel').getAttribute('data-state', { timeout: 5_000 });

/** One frame of the page: input is handled and drawn before the next step. */
const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => done())));

/**
 * The list asked for is shown and read (not "Reading…"). Checked on the grid's own label too: right
 * after the click the count can still be the other list's, read already.
 */
async function linesShown(page: Page, only: boolean): Promise<void> {
  await page.waitForFunction(
    ([grid, label]) => {
      const count = document.querySelector('[data-testid="ci-lines-count"]');
      const shown = document.querySelector(grid);
      return (
        count !== null &&
        !count.textContent?.includes('Reading') &&
        (shown === null || shown.getAttribute('aria-label') === label)
      );
    },
    [GRID, only ? 'Lines with problems' : 'Every line of the import'] as const,
  );
}

async function showOnlyProblems(page: Page, only: boolean): Promise<void> {
  const box = page.getByTestId('ci-only-problems');
  if ((await box.isChecked()) !== only) await box.click();
  await linesShown(page, only);
}

const gridThere = async (page: Page) => (await page.locator(GRID).count()) > 0;

/**
 * A fast wheel over the grid (three notches a frame, about six rows) until its end, with a jump of
 * twenty screens every second, as a drag of the scroll bar makes: then every row in view is new.
 */
async function wheelThrough(page: Page, down: boolean): Promise<void> {
  if (!(await gridThere(page))) return;
  const box = await page.locator(GRID).boundingBox();
  if (!box) return;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let frame = 0; ; frame += 1) {
    const delta = frame % 60 === 59 ? box.height * 20 : WHEEL_STEP;
    await page.mouse.wheel(0, down ? delta : -delta);
    await nextFrame(page);
    if (frame % 10 === 9) {
      const atEnd = await page.evaluate(
        ([selector, toBottom]) => {
          const grid = document.querySelector(selector);
          if (!grid) return true;
          return toBottom
            ? grid.scrollTop + grid.clientHeight >= grid.scrollHeight - 1
            : grid.scrollTop <= 0;
        },
        [GRID, down] as const,
      );
      if (atEnd) return;
    }
  }
}

/** Keys pressed on the focused grid, one a frame. */
async function press(page: Page, key: string, times: number): Promise<void> {
  if (!(await gridThere(page))) return;
  await page.locator(GRID).focus();
  for (let index = 0; index < times; index += 1) {
    await page.keyboard.press(key);
    await nextFrame(page);
  }
}

/** Top to bottom and back, with the keyboard (Page Down, Ctrl+End, Page Up, Ctrl+Home) and the wheel. */
async function walkTheGrid(page: Page, pageKeys: number): Promise<void> {
  await press(page, 'Control+Home', 1);
  await press(page, 'PageDown', pageKeys);
  await press(page, 'Control+End', 1);
  await press(page, 'PageUp', pageKeys);
  await press(page, 'Control+Home', 1);
  await wheelThrough(page, true);
  await wheelThrough(page, false);
}

/** Rows are drawn where the grid stands, not placeholders. */
async function rowsDrawn(page: Page): Promise<void> {
  await page.waitForFunction(
    (grid) => {
      const element = document.querySelector(grid);
      return (
        element !== null &&
        element.querySelector('.ci-row-placeholder') === null &&
        element.querySelector('[data-testid="ci-line"]') !== null
      );
    },
    GRID,
    { timeout: 30_000 },
  );
}

it(`keeps the window's main thread free while the import grid shows ${LINES.toLocaleString('en')} lines`, async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript(capturePageSecret);
  await page.addInitScript(watchMainThread);
  await page.addInitScript(watchLongFrames);
  await page.goto(host.url);
  await page.locator('html[data-app-state="ready"]').waitFor({ state: 'attached' });
  await benchBridge(page, 'profiles.save', {
    name: 'Bench',
    baseUrl: service.baseUrl,
    token: TOKEN,
    tokenStorage: 'memory',
  });
  await benchBridge(page, 'sync.start', {});
  // The import starts on a quiet app, its profile synced.
  await expect
    .poll(async () => (await benchBridge<{ state: string }>(page, 'sync.status')).state, {
      timeout: 5 * 60_000,
      interval: 500,
    })
    .toBe('idle');
  // Opened before its profile existed, the app showed the connection screen: it is opened again,
  // as an investigator finds it on the next day, on the dashboard.
  await page.evaluate(() => window.history.replaceState(null, '', '#/dashboard'));
  await page.reload();
  await page.locator('html[data-app-state="ready"]').waitFor({ state: 'attached' });
  const spans: Span[] = [];
  let from = await pageNow(page);
  const mark = async (name: string) => {
    const to = await pageNow(page);
    spans.push({ name, from, to });
    from = to;
  };

  // The trace starts before the screen opens: the file's choice and mapping are in it too.
  const profiler = process.env.CASEDESK_BENCH_PROFILE ? await startTrace(page) : null;
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('g');
  await page.keyboard.press('i');
  await page.getByTestId('customer-import-screen').waitFor();
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('ci-choose-customers').click();
  // Chosen from the disk, as the investigator chooses it: the browser hands the page a File
  // backed by the disk. (Handed over as bytes instead, Playwright rebuilds the file inside the
  // page, decoding its base64 there: some 150 ms of its own on the page's main thread.)
  const csvPath = join(files.path, 'customers.csv');
  writeFileSync(csvPath, customersCsv());
  await (await chooser).setFiles(csvPath);
  await page.locator('[data-testid="ci-slot-customers"][data-step="ready"]').waitFor();
  await mark('opening the screen, choosing and mapping the file');

  await page.getByTestId('ci-start-dry-run').click();
  await page.locator(GRID).waitFor({ timeout: 60_000 });
  // While the dry run runs: the lines, then the problems, walked until it ends (at least once).
  let walksDuringDryRun = 0;
  while (walksDuringDryRun === 0 || (await panelState(page)) === 'verifying') {
    await showOnlyProblems(page, walksDuringDryRun % 2 === 1);
    await walkTheGrid(page, Math.min(PAGE_KEYS, 40));
    walksDuringDryRun += 1;
  }
  await page.locator('[data-testid="ci-panel"][data-state="verified"]').waitFor({
    timeout: 10 * 60_000,
  });
  await mark('during the dry run');

  await showOnlyProblems(page, false);
  expect(await page.locator(GRID).getAttribute('data-total')).toBe(String(LINES));
  await walkTheGrid(page, PAGE_KEYS);
  await rowsDrawn(page);
  await showOnlyProblems(page, true);
  const problems = Number(await page.locator(GRID).getAttribute('data-total'));
  await walkTheGrid(page, PAGE_KEYS);
  await rowsDrawn(page);
  await mark('after the dry run: all lines and only problems, walked');

  // A refused date of birth fixed in place, from the keyboard, then verified again.
  await press(page, 'Control+Home', 1);
  // Found with a plain query: Playwright's own selector engine would block the page it measures.
  const { row, line } = await page.evaluate((grid) => {
    const found = document
      .querySelector(grid)
      ?.querySelector('[data-testid="ci-cell-date_of_birth"] [data-testid="ci-problem"]')
      ?.closest('[data-testid="ci-line"]');
    if (!found) throw new Error('no line with a refused date of birth is shown');
    return {
      row: Number(found.getAttribute('aria-rowindex')) - 2,
      line: found.getAttribute('data-line'),
    };
  }, GRID);
  await press(page, 'ArrowDown', row);
  // The date of birth is the grid's eighth column.
  await press(page, 'ArrowRight', 7);
  const errorsBefore = Number(await page.getByTestId('ci-with-errors').textContent());
  await page.keyboard.press('F2');
  await page.getByTestId('ci-editor').fill('1980-04-03');
  await page.keyboard.press('Enter');
  await page
    .locator(`[data-testid="ci-line"][data-line="${line}"][data-status="edited"]`)
    .waitFor();
  await page.getByTestId('ci-action-verify').click();
  await expect
    .poll(async () => Number(await page.getByTestId('ci-with-errors').textContent()), {
      timeout: 60_000,
    })
    .toBe(errorsBefore - 1);
  await page.locator('[data-testid="ci-panel"][data-state="verified"]').waitFor();
  await mark('a line edited in place and verified again');

  await profiler?.stop(`import-grid-${LINES}.trace.json`);
  const measured = await blocksBySpan(page, [
    { name: 'app start', from: 0, to: spans[0]!.from },
    ...spans,
  ]);
  await printLongFrames(page, spans);
  await page.close();
  const [start, ...grid] = measured;
  const longest = Math.max(...grid.map((span) => span.longestTask));
  const longTasks = grid.reduce((sum, span) => sum + span.longTasks, 0);
  const lateFrames = grid.reduce((sum, span) => sum + span.lateFrames, 0);
  const frames = grid.reduce((sum, span) => sum + span.frames, 0);
  const figures: BenchFigure[] = [
    {
      name: `longest main-thread block, import screen with ${LINES} lines (${problems} with problems)`,
      value: longest,
      unit: 'ms',
      target: `≤ ${TARGET_MS} ms`,
      met: longest <= TARGET_MS,
    },
    { name: 'long tasks (over 50 ms) on the import screen', value: longTasks, unit: 'tasks' },
    {
      name: 'gaps over 50 ms between frames on the import screen',
      value: lateFrames,
      unit: `of ${frames} frames`,
    },
    {
      name: 'longest gap between frames on the import screen',
      value: Math.max(...grid.map((span) => span.longestGap)),
      unit: 'ms',
    },
    ...grid.flatMap((span) => [
      {
        name: `${span.name} (${span.seconds.toFixed(1)} s): longest long task, ${span.longTasks} long tasks`,
        value: span.longestTask,
        unit: 'ms',
      },
      {
        name: `${span.name}: longest gap between frames, ${span.lateFrames} over 50 ms`,
        value: span.longestGap,
        unit: 'ms',
      },
    ]),
    {
      name: `app start before the import (not a target): longest long task, ${start!.longTasks} long tasks`,
      value: start!.longestTask,
      unit: 'ms',
    },
    { name: 'walks of the grid during the dry run', value: walksDuringDryRun, unit: 'walks' },
  ];
  report(`import-grid-${LINES}`, figures);
  expect(longest).toBeLessThanOrEqual(TARGET_MS);
});
