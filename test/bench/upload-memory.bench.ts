import { createHash } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, openSync, closeSync, ftruncateSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createServiceClient } from '../../main/api';
import { streamedUploadBody } from '../../main/api/streamed-upload';
import { createServiceTransport } from '../../main/outbox/service-transport';
import { makeTempDir } from '../support/temp-dir';
import { report } from './report';

// A 1 GB file uploaded the way the outbox sends it (the service transport: the spec's base64 JSON
// streamed from disk through the API client) to a loopback receiver in another process that counts
// the bytes and keeps none. This process's memory is sampled meanwhile: its growth must stay under
// 64 MB. The same file piped raw to the same receiver, in the same run, is the throughput floor.

const SIZE = 1024 * 1024 * 1024;
const TARGET_MB = 64;
const SAMPLE_MS = 20;
const MB = 1024 * 1024;

// CommonJS for `node -e`: a receiver that answers an upload with a document, anything else with
// the count; the bytes are counted and dropped as they arrive.
const RECEIVER = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  let received = 0;
  req.on('data', (chunk) => { received += chunk.length; });
  req.on('end', () => {
    const now = Math.floor(Date.now() / 1000);
    const body = req.url.endsWith('/customer_documents/upload')
      ? { id: 'doc-bench', customer_external_id: 'C-BENCH', display_name: 'Bench', file_name: 'bench.bin',
          file_mime: 'application/octet-stream', file_size: received, file_source: 'internal',
          file_type: 'bin', file_url: '', created_at: now, last_revision_id: 'rev', last_revision_agent_id: 0,
          last_revision_created_at: now, origin: null, tags: [], received }
      : { received };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write('listening ' + server.address().port + '\\n'));
`;

const temp = makeTempDir('casedesk-upload-bench-');
const file = join(temp.path, 'evidence.bin');
let receiver: ChildProcess;
let baseUrl = '';

beforeAll(async () => {
  // Sparse: a gigabyte on paper, next to nothing on disk.
  const fd = openSync(file, 'w');
  ftruncateSync(fd, SIZE);
  closeSync(fd);
  receiver = spawn(process.execPath, ['-e', RECEIVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  baseUrl = await new Promise<string>((resolveUrl) => {
    let out = '';
    receiver.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match?.[1]) resolveUrl(`http://127.0.0.1:${match[1]}`);
    });
  });
});

afterAll(() => {
  receiver.kill();
  temp.remove();
});

interface Sampled<T> {
  value: T;
  seconds: number;
  /** Peak growth over the memory before the run, in MB. */
  rssGrowth: number;
  heapGrowth: number;
}

/** Runs `work` while sampling this process's memory; growth is the peak over the start. */
async function sampled<T>(work: () => Promise<T>): Promise<Sampled<T>> {
  const heap = () => {
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.external + usage.arrayBuffers;
  };
  const startRss = process.memoryUsage().rss;
  const startHeap = heap();
  let peakRss = startRss;
  let peakHeap = startHeap;
  const sample = () => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    peakHeap = Math.max(peakHeap, heap());
  };
  const timer = setInterval(sample, SAMPLE_MS);
  const started = performance.now();
  try {
    const value = await work();
    sample();
    return {
      value,
      seconds: (performance.now() - started) / 1000,
      rssGrowth: (peakRss - startRss) / MB,
      heapGrowth: (peakHeap - startHeap) / MB,
    };
  } finally {
    clearInterval(timer);
  }
}

it('uploads a 1 GB file with main-process memory growth under 64 MB', async () => {
  // CaseDesk's upload first, so its memory is measured from a process nothing else grew.
  const client = createServiceClient({ baseUrl, token: 'bench-token' });
  const transport = createServiceTransport(client);
  const fields = {
    customer_external_id: 'C-BENCH',
    display_name: 'Bench',
    file_name: 'bench.bin',
    tag_codes: [],
  };
  const expectedBytes = streamedUploadBody(fields, { path: file, size: SIZE }).contentLength;
  // The kept copy's hash, as filing records it: the send checks the copy against it first.
  const hashing = createHash('sha256');
  await pipeline(createReadStream(file, { highWaterMark: 1024 * 1024 }), hashing);
  const fileHash = hashing.digest('hex');
  let lastSent = 0;
  const ours = await sampled(() =>
    transport.upload(
      {
        kind: 'document.upload',
        ...fields,
        source: { type: 'file', path: file, size: SIZE, sha256: fileHash },
      },
      (sent) => {
        lastSent = sent;
      },
    ),
  );
  await client.close();
  expect((ours.value as { received?: number }).received).toBe(expectedBytes);
  expect(lastSent).toBe(SIZE);

  // The raw floor, after: the same bytes, no encoding, no JSON, one request.
  const agent = new Agent({ connections: 1 });
  const raw = await sampled(async () => {
    const response = await request(`${baseUrl}/raw`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(SIZE) },
      body: createReadStream(file, { highWaterMark: 1024 * 1024 }),
    });
    return ((await response.body.json()) as { received: number }).received;
  });
  await agent.close();
  expect(raw.value).toBe(SIZE);

  const ourRate = SIZE / MB / ours.seconds;
  const rawRate = SIZE / MB / raw.seconds;
  report('upload-memory', [
    {
      name: 'memory growth (RSS) while uploading 1 GB as streamed base64 JSON',
      value: ours.rssGrowth,
      unit: 'MB',
      target: `< ${TARGET_MB} MB`,
      met: ours.rssGrowth < TARGET_MB,
    },
    {
      // Peaks of heap + external + array buffers count read buffers the collector has not yet
      // reclaimed (it runs lazily), so this swings from run to run; RSS is the process's memory.
      name: 'peak heap + buffers growth during the same upload (uncollected garbage included)',
      value: ours.heapGrowth,
      unit: 'MB',
    },
    {
      name: 'upload throughput (file bytes, base64 JSON through the API client)',
      value: ourRate,
      unit: 'MB/s',
      baseline: { name: 'the raw file piped to the same receiver', value: rawRate },
      ratio: ourRate / rawRate,
    },
    {
      name: 'memory growth (RSS) of the raw pipe, for comparison',
      value: raw.rssGrowth,
      unit: 'MB',
    },
  ]);
});
