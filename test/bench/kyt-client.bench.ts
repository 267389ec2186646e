import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { afterAll, it } from 'vitest';
import { createServiceClient } from '../../main/api';
import type { KytTransactionRequest } from '../../main/api/request-types';
import { report } from './report';

// One KYT call through the service client against a bare undici request, the same body to the
// same trivial local server (its own process, so serving does not count here) answering the
// sandbox's 2.5 KB answer. Turns alternate, so a machine busy with other work slows both alike.
// What it shows: the client's own work per call, between the answer and the next request.

const TOKEN = 'bench-token-kyt-123456';
const CALLS = Number(process.env.CASEDESK_BENCH_KYT_CALLS ?? 4000);
const TURN = 500;

const ANSWER = process.env.CASEDESK_BENCH_KYT_ANSWER
  ? readFileSync(process.env.CASEDESK_BENCH_KYT_ANSWER, 'utf8')
  : JSON.stringify(sandboxLikeAnswer());

const servers: ChildProcess[] = [];
afterAll(() => {
  for (const child of servers) child.kill();
});

/** About the sandbox's answer: the transaction echoed with every field, a score and its rules. */
function sandboxLikeAnswer(): unknown {
  const party = (name: string) => ({
    account_type: null,
    device: { country: 'GB', ip: '10.0.53.123', fingerprint: null, user_agent: null },
    domicile_code: 'FR',
    external_id: 'C-384',
    full_name: name,
    payment_institution: { code: null, country: null, external_id: null, name: null },
    payment_method: { code: null, country: null, type: null },
  });
  return {
    amount: 96027.8,
    currency: 'EUR',
    date: '2026-11-23T08:15:00+01:00',
    external_id: 'BENCH-1',
    from: party('Lea Martin'),
    to: party('Omar Haddad'),
    id: 'kyt_0b6c5d8f3e2a4c1b9f7e6d5c4b3a2918',
    score: 42.5,
    state: { status: 'scored', alerts: [] },
    rules: Array.from({ length: 8 }, (_, index) => ({
      id: `rule-${index}`,
      name: `Velocity rule ${index}`,
      description: 'More than the usual number of transfers in the period for this customer.',
      score: index * 3.5,
      triggered: index % 3 === 0,
    })),
  };
}

async function startServer(answer: string): Promise<string> {
  const source = `
    const http = require('node:http');
    const answer = Buffer.from(process.env.ANSWER);
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': answer.length });
        res.end(answer);
      });
    });
    server.keepAliveTimeout = 60000;
    server.listen(0, '127.0.0.1', () => console.log('ready at http://127.0.0.1:' + server.address().port));
  `;
  const child = spawn(process.execPath, ['-e', source], {
    env: { ...process.env, ANSWER: answer },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  servers.push(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server stopped (${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /ready at (\S+)/.exec(chunk.toString());
      if (match?.[1]) resolve(match[1]);
    });
  });
}

const transaction: KytTransactionRequest = {
  external_id: 'BENCH-1',
  amount: 96027.8,
  currency: 'EUR',
  date: '2026-11-23T08:15:00+01:00',
  label: 'bench line 1',
  from: {
    full_name: 'Lea Martin',
    external_id: 'C-384',
    domicile_code: 'FR',
    device: { ip: '10.0.53.123', country: 'GB' },
  },
  to: { full_name: 'Omar Haddad', external_id: 'C-264', domicile_code: 'RU' },
};

interface Spent {
  wallMs: number;
  cpuMs: number;
}

async function measure(calls: number, call: () => Promise<unknown>): Promise<Spent> {
  const used = process.cpuUsage();
  const started = performance.now();
  for (let index = 0; index < calls; index += 1) await call();
  const wallMs = performance.now() - started;
  const spent = process.cpuUsage(used);
  return { wallMs, cpuMs: (spent.user + spent.system) / 1000 };
}

it('a KYT call through the service client costs little more than a bare undici request', async () => {
  const base = await startServer(ANSWER);
  const url = `${base}/api/v1/kyt/transaction`;
  const body = JSON.stringify(transaction);
  const agent = new Agent({ connections: 1 });
  const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
  const bare = async () => {
    const response = await request(url, { method: 'POST', headers, body, dispatcher: agent });
    const answer = JSON.parse(await response.body.text()) as { score?: unknown };
    if (response.statusCode !== 200 || typeof answer.score !== 'number') throw new Error('bare');
  };
  const client = createServiceClient({ baseUrl: base, token: TOKEN });
  const stop = new AbortController();
  const ours = async () => {
    const answer = (await client.kyt.createTransactionAsReceived(transaction, {
      signal: stop.signal,
      waitsForRetryAfter: true,
    })) as { score?: unknown };
    if (typeof answer.score !== 'number') throw new Error('ours');
  };

  // Warm both (connections, JIT) before anything counts.
  await measure(TURN, bare);
  await measure(TURN, ours);
  const total = { bare: { wallMs: 0, cpuMs: 0 }, ours: { wallMs: 0, cpuMs: 0 } };
  for (let done = 0; done < CALLS; done += TURN) {
    for (const [name, call] of [
      ['bare', bare],
      ['ours', ours],
    ] as const) {
      const spent = await measure(TURN, call);
      total[name].wallMs += spent.wallMs;
      total[name].cpuMs += spent.cpuMs;
    }
  }
  await client.close();
  await agent.close();

  const per = (ms: number) => (ms * 1000) / CALLS;
  const cpuRatio = total.ours.cpuMs / total.bare.cpuMs;
  const wallRatio = total.ours.wallMs / total.bare.wallMs;
  report('kyt-client', [
    {
      name: 'CPU per KYT call through the service client',
      value: per(total.ours.cpuMs),
      unit: 'µs',
      baseline: { name: 'bare undici request and JSON.parse', value: per(total.bare.cpuMs) },
      ratio: cpuRatio,
    },
    {
      name: 'wall time per KYT call through the service client',
      value: per(total.ours.wallMs),
      unit: 'µs',
      baseline: { name: 'bare undici request and JSON.parse', value: per(total.bare.wallMs) },
      ratio: wallRatio,
    },
  ]);
});
