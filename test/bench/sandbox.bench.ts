import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { silentLogger } from '../../main/lib/logger';
import { startSandbox, type Sandbox } from '../../main/sandbox/sandbox-server';
import { makeTempDir } from '../support/temp-dir';
import { report } from './report';

// The sandbox must never be the bottleneck of the client's benchmarks: pages of 500 alerts per
// second, against a bare loopback server answering a page of the same bytes, in the same process.

const PAGE = 500;
const SCALE = process.env.CASEDESK_BENCH_SCALE === 'large' ? 'large' : 'medium';

let sandbox: Sandbox;
let generationSeconds = 0;
const temp = makeTempDir('casedesk-bench-');

beforeAll(async () => {
  const started = performance.now();
  sandbox = await startSandbox({
    dataDir: temp.path,
    logger: silentLogger,
    seed: 11,
    scale: SCALE,
  });
  generationSeconds = (performance.now() - started) / 1000;
});
afterAll(async () => {
  await sandbox.close();
  temp.remove();
});

async function pagesPerSecond(
  url: string,
  body: (page: number) => string,
  headers: Record<string, string>,
  seconds = 4,
): Promise<number> {
  const agent = new Agent({ connections: 1, pipelining: 1 });
  const deadline = performance.now() + seconds * 1000;
  let pages = 0;
  while (performance.now() < deadline) {
    const response = await request(url, {
      method: 'POST',
      headers,
      body: body(pages),
      dispatcher: agent,
    });
    const text = await response.body.text();
    if (response.statusCode !== 200 || text.length < 100)
      throw new Error(`bad page: ${response.statusCode}`);
    pages += 1;
  }
  await agent.close();
  return pages / seconds;
}

it('serves 500-alert pages fast enough never to be the bottleneck', async () => {
  const headers = { authorization: `Bearer ${sandbox.token}`, 'content-type': 'application/json' };
  const total = (await (
    await fetch(`${sandbox.baseUrl}/api/v1/alerts/search`, {
      method: 'POST',
      headers,
      body: '{"limit":0}',
    })
  ).json()) as { total: number };
  const pageCount = Math.max(1, Math.floor(total.total / PAGE));
  const firstPage = await (
    await fetch(`${sandbox.baseUrl}/api/v1/alerts/search`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ limit: PAGE }),
    })
  ).text();

  const bare = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(firstPage),
      });
      res.end(firstPage);
    });
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  const baseline = await pagesPerSecond(bareUrl, () => '{}', {
    'content-type': 'application/json',
  });
  bare.close();

  const walk = await pagesPerSecond(
    `${sandbox.baseUrl}/api/v1/alerts/search`,
    (page) =>
      JSON.stringify({
        limit: PAGE,
        offset: (page % pageCount) * PAGE,
        order_by: 'last_update',
        order_way: 'asc',
      }),
    headers,
  );
  const incremental = await pagesPerSecond(
    `${sandbox.baseUrl}/api/v1/alerts/search`,
    (page) =>
      JSON.stringify({
        limit: PAGE,
        offset: (page % pageCount) * PAGE,
        last_update_from: '2020-01-01T00:00:00Z',
        order_by: 'last_update',
        order_way: 'asc',
      }),
    headers,
  );
  report(`sandbox-${SCALE}`, [
    {
      name: `generate ${SCALE} tenant (${total.total} alerts)`,
      value: generationSeconds,
      unit: 's',
      target: SCALE === 'large' ? '< 180 s' : undefined,
      met: SCALE === 'large' ? generationSeconds < 180 : undefined,
    },
    {
      name: 'alert pages of 500, walking offsets',
      value: walk,
      unit: 'pages/s',
      baseline: { name: 'bare loopback server, same bytes', value: baseline },
      ratio: walk / baseline,
    },
    {
      name: 'alert pages of 500, incremental filter',
      value: incremental,
      unit: 'pages/s',
      baseline: { name: 'bare loopback server, same bytes', value: baseline },
      ratio: incremental / baseline,
    },
    { name: 'records/s served (walking)', value: walk * PAGE, unit: 'records/s' },
  ]);
  expect(walk).toBeGreaterThan(0);
});
