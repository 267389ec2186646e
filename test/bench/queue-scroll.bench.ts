import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openCache } from '../../main/cache/open-cache';
import { createCacheWriter } from '../../main/cache/repositories';
import { silentLogger } from '../../main/lib/logger';
import { startHostProcess, type HostProcess } from '../support/host-process';
import { makeTempDir } from '../support/temp-dir';
import { capturePageSecret } from '../support/page-secret-capture';
import { benchBridge as bridge, launchBenchChromium, percentile } from './bench-chromium';
import { report } from './report';

// Scrolling the alert queue with 100,000 cached alerts, in the real renderer (Debian's Chromium)
// through the browser host: frame times while the queue is scrolled fast, against the same
// browser scrolling a bare tall page in the same run (the frame cadence this machine can give).

const ALERTS = Number(process.env.CASEDESK_BENCH_QUEUE_ALERTS ?? 100_000);
const CUSTOMERS = 20_000;
const SCROLLER = '[data-testid="queue-table"]';
const FRAMES = 600;

const temp = makeTempDir('casedesk-queue-bench-');
let host: HostProcess;
let browser: Browser;

let state = 4242;
const random = () => (state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32;

/** A cache like a busy tenant's, written the way sync writes it. */
function seedCache(path: string): void {
  const { db } = openCache(path, silentLogger);
  const writer = createCacheWriter(db);
  const groups = ['retail', 'private-banking', 'corporate', 'edd', 'fraud'];
  db.transaction(() => {
    const insert = db.prepare(
      'INSERT INTO customers (external_id, name, review_groups, raw) VALUES (?, ?, ?, ?)',
    );
    for (let index = 0; index < CUSTOMERS; index += 1) {
      const group = groups[index % groups.length] ?? 'retail';
      insert.run(`C${index}`, `Customer ${index} ${group}`, `|${group}|`, '{}');
    }
  })();
  const base = Date.parse('2025-01-01T00:00:00Z');
  const batch = db.transaction((from: number) => {
    const alerts = [];
    for (let index = from; index < Math.min(from + 1000, ALERTS); index += 1) {
      const created = base + Math.floor(random() * 300 * 86_400_000);
      alerts.push({
        id: `A${String(index).padStart(8, '0')}`,
        created_at: new Date(created).toISOString(),
        customer_external_id: `C${Math.floor(random() * CUSTOMERS)}`,
        profile_number: `P${index}`,
        last_revision: {
          id: `R${index}`,
          revision_number: 1 + Math.floor(random() * 4),
          state: 1 + Math.floor(random() * 7),
          score: Math.floor(random() * 101),
          top_category: ['PEP', 'SIP', 'SIE', 'RCA_PEP', 'RCA_SIP'][index % 5],
          agent_id: random() < 0.5 ? `agent-${Math.floor(random() * 12)}` : '',
          comment: 'screening match to review',
          created_at: new Date(created + Math.floor(random() * 30 * 86_400_000)).toISOString(),
        },
      });
    }
    writer.putAlerts(alerts, Date.now());
  });
  for (let from = 0; from < ALERTS; from += 1000) batch(from);
  db.prepare('DELETE FROM customer_queue').run();
  db.pragma('optimize');
  db.close();
}

/** Frame intervals (ms) while `step` moves the view once per frame for `frames` frames. */
async function frameTimes(page: Page, selector: string, frames: number): Promise<number[]> {
  return page.evaluate(
    async ([target, count]) => {
      const element = document.querySelector(target);
      if (!element) throw new Error(`${target} is missing`);
      const intervals: number[] = [];
      let last = performance.now();
      await new Promise<void>((done) => {
        let frame = 0;
        const tick = (now: number) => {
          intervals.push(now - last);
          last = now;
          // A fast wheel: about three rows per frame, with a jump every second.
          element.scrollTop += frame % 60 === 59 ? element.clientHeight * 20 : 96;
          if (element.scrollTop + element.clientHeight >= element.scrollHeight - 1)
            element.scrollTop = 0;
          frame += 1;
          if (frame < count) requestAnimationFrame(tick);
          else done();
        };
        requestAnimationFrame(tick);
      });
      return intervals.slice(5);
    },
    [selector, frames] as const,
  );
}

beforeAll(async () => {
  browser = await launchBenchChromium();
  host = await startHostProcess({ dataDir: temp.path, extraArgs: ['--sandbox', 'off'] });
  const page = await browser.newPage();
  await page.addInitScript(capturePageSecret);
  await page.goto(host.url);
  // A profile whose service is unreachable: the queue is read from the cache alone, as offline.
  const profile = await bridge<{ id: string }>(page, 'profiles.save', {
    name: 'Bench',
    baseUrl: 'http://127.0.0.1:9',
    token: 'bench-token-1234567890',
    tokenStorage: 'weak',
  });
  // A new profile does not take over from the active one (the built-in sandbox's) on its own.
  await bridge(page, 'profiles.activate', { id: profile.id });
  await page.close();
  await host.stop();
  seedCache(join(temp.path, 'profiles', profile.id, 'cache.db'));
  host = await startHostProcess({ dataDir: temp.path, extraArgs: ['--sandbox', 'off'] });
}, 10 * 60_000);

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  temp.remove();
});

it(`scrolls the queue of ${ALERTS.toLocaleString('en')} cached alerts at the browser's frame rate`, async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(host.url);
  await page.evaluate(() => {
    window.location.hash = '#/queue';
  });
  await page.locator(`${SCROLLER} [data-testid="queue-row"]`).first().waitFor();
  expect(await page.locator(SCROLLER).getAttribute('data-total')).toBe(String(ALERTS));

  const baselinePage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await baselinePage.setContent(
    `<div id="s" style="height:900px;overflow:auto"><div style="height:${ALERTS * 36}px;background:repeating-linear-gradient(#fff 0 35px,#ddd 35px 36px)"></div></div>`,
  );
  const baseline = await frameTimes(baselinePage, '#s', FRAMES);
  const ours = await frameTimes(page, SCROLLER, FRAMES);
  // Rows must really be drawn where the view ended, not left blank.
  await expect
    .poll(() => page.locator(`${SCROLLER} [data-testid="queue-row"]`).count(), { timeout: 10_000 })
    .toBeGreaterThan(10);
  const settle = await page.evaluate(async (target) => {
    // After a jump to the middle: how long until the rows in view are drawn (not placeholders).
    const element = document.querySelector(target);
    if (!element) throw new Error(`${target} is missing`);
    const started = performance.now();
    element.scrollTop = element.scrollHeight / 2;
    for (;;) {
      await new Promise(requestAnimationFrame);
      if (
        !element.querySelector('.is-placeholder') &&
        element.querySelector('[data-testid="queue-row"]')
      )
        return performance.now() - started;
      if (performance.now() - started > 10_000) return Number.POSITIVE_INFINITY;
    }
  }, SCROLLER);

  const p95 = percentile(ours, 0.95);
  const baseP95 = percentile(baseline, 0.95);
  const long = ours.filter((interval) => interval > 50).length;
  report('queue-scroll', [
    {
      name: 'frame interval p95 while scrolling',
      value: p95,
      unit: 'ms',
      baseline: { name: 'bare tall page', value: baseP95 },
      ratio: p95 / baseP95,
      target: '≤ 1.5× the bare page',
      met: p95 / baseP95 <= 1.5,
    },
    {
      name: 'frame interval p50',
      value: percentile(ours, 0.5),
      unit: 'ms',
      baseline: { name: 'bare tall page', value: percentile(baseline, 0.5) },
    },
    { name: 'frame interval max', value: Math.max(...ours), unit: 'ms' },
    {
      name: 'rows drawn after a jump to the middle',
      value: settle,
      unit: 'ms',
      target: '< 250 ms',
      met: settle < 250,
    },
    {
      name: 'frames longer than 50 ms',
      value: long,
      unit: `of ${ours.length}`,
      target: '≤ 1%',
      met: long <= ours.length * 0.01,
    },
  ]);
  expect(ours.length).toBe(FRAMES - 5);
});
