import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KytList } from '../../../preload/contract';
import { CliUsageError, parseCliArgs } from '../../../main/cli/cli-args';
import {
  parseKytCommand,
  readTransaction,
  runKytCommand,
  type KytCliDeps,
} from '../../../main/cli/cli-kyt';
import type { KytBatches } from '../../../main/kyt/kyt-ports';
import { fakeKytClient, kytFailures, openKytStack, scoredAnswer } from '../../support/kyt-fixture';
import { makeTempDir } from '../../support/temp-dir';

vi.mock('../../../main/kyt/kyt-answer', () =>
  import('../../support/kyt-readers-stub').then((stub) => stub.answerModule),
);
vi.mock('../../../main/kyt/kyt-explain', () =>
  import('../../support/kyt-readers-stub').then((stub) => stub.explainModule),
);
vi.mock('../../../main/kyt/kyt-compare', () =>
  import('../../support/kyt-readers-stub').then((stub) => stub.compareModule),
);

const parse = (...argv: string[]) => parseKytCommand(parseCliArgs(['kyt', ...argv]));

const BODY = JSON.stringify({
  amount: 1250.5,
  currency: 'eur',
  label: 'Invoice\u001b[31m 42',
  from: { full_name: 'Ann Lee', external_id: 'C1' },
  to: { full_name: 'Bo Chen', external_id: 'C2', domicile_code: 'de' },
});

describe('kyt command line: arguments', () => {
  it('reads submit, list, diff and hands import on', () => {
    expect(parse('submit', 'tx.json', '--json')).toEqual({
      name: 'submit',
      source: 'tx.json',
      json: true,
    });
    expect(parse('submit', '-')).toMatchObject({ source: '-' });
    expect(parse('list', '--customer', 'C1')).toEqual({
      name: 'list',
      customerExternalId: 'C1',
      json: false,
    });
    expect(parse('diff', 'A', 'B')).toEqual({ name: 'diff', a: 'A', b: 'B', json: false });
    expect(parse('import', 'lines.csv', '--mapping', 'm.json')).toMatchObject({ name: 'import' });
  });

  it.each([
    [['submit'], /takes one file/],
    [['submit', 'a.json', 'b.json'], /takes one file/],
    [['submit', '-', '--token-stdin'], /cannot carry both the transaction and the token/],
    [['submit', 'a.json', '--customer', 'C1'], /does not take --customer/],
    [['diff', 'A'], /takes two transaction ids/],
    [['list', 'extra'], /no positional arguments/],
    [['score'], /kyt takes submit, list, diff or import/],
    [[], /kyt takes submit/],
  ])('refuses %j as a usage error (exit code 2)', (argv, message) => {
    expect(() => parse(...argv)).toThrow(CliUsageError);
    expect(() => parse(...argv)).toThrow(message);
  });

  it('checks the file as the form does, naming each field that is wrong', () => {
    expect(readTransaction(`\uFEFF${BODY}`, 'tx.json')).toMatchObject({
      amount: 1250.5,
      currency: 'EUR',
      to: { domicile_code: 'DE' },
    });
    expect(() => readTransaction('{"amount": 1,', 'tx.json')).toThrow(/^tx\.json is not JSON/);
    let problem: unknown = null;
    try {
      readTransaction(
        JSON.stringify({
          amount: '12',
          currency: 'EUR',
          from: { device: { country: 'France' } },
          to: {},
          colour: 'red',
        }),
        'tx.json',
      );
    } catch (error) {
      problem = error;
    }
    expect(problem).toBeInstanceOf(CliUsageError);
    const lines = (problem as Error).message.split('\n');
    expect(lines[0]).toBe('tx.json is not a transaction CaseDesk can submit; nothing was sent:');
    expect(lines).toContain('  amount: The amount is a number, such as 1250.50.');
    expect(lines).toContain(
      '  from.device.country: A country code has two letters (ISO 3166), such as FR.',
    );
    expect(lines.some((line) => line.includes('colour'))).toBe(true);
  });
});

describe('kyt command line: running', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir('casedesk-cli-kyt-');
  });
  afterEach(() => temp.remove());

  const harness = (answer: () => Promise<unknown>, reachable = true) => {
    const fake = fakeKytClient(answer);
    const stack = openKytStack(temp.path, fake.client);
    let out = '';
    const deps: KytCliDeps = {
      kyt: stack.service,
      send: reachable ? (id) => stack.core.sender.send(id) : null,
      noServiceReason: 'This needs the service and no token was given.',
      batches: {} as KytBatches,
      read: (source) => (source === 'tx.json' ? Promise.resolve(BODY) : Promise.reject(enoent())),
      write: (text) => {
        out += text;
      },
      err: () => undefined,
    };
    const run = (...argv: string[]) => runKytCommand(parse(...argv), deps);
    return { run, stack, bodies: fake.bodies, output: () => out };
  };
  const enoent = () => Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' });

  it('submits now and prints the id, status, score, state and explanation', async () => {
    const { run, stack, output } = harness(() =>
      Promise.resolve(
        scoredAnswer(JSON.parse(BODY), { score: 72, state: { code: 3, label: 'Blocked' } }),
      ),
    );
    try {
      expect(await run('submit', 'tx.json')).toBe(0);
      const text = output();
      expect(text).toMatch(/^Transaction [0-9a-f-]{36} \(external id cd-[0-9a-f-]{36}\): scored$/m);
      expect(text).toContain('1250.5 EUR  Ann Lee (C1) → Bo Chen (C2)  “Invoice[31m 42”');
      expect(text).not.toContain('\u001b');
      expect(text).toMatch(/^Score: 72 {3}State: Blocked$/m);
      expect(text).toMatch(/^Explanation: Stub explanation: 1 rule\(s\) for a score of 72\.$/m);
      expect(stack.service.list({ offset: 0, limit: 10 }).submissions[0]?.status).toBe('scored');
    } finally {
      stack.close();
    }
  });

  it('keeps it in the profile’s outbox for the app when this run cannot reach the service', async () => {
    for (const [reachable, answer] of [
      [false, () => Promise.reject(new Error('never asked'))],
      [true, () => Promise.reject(kytFailures.unreachable())],
    ] as const) {
      const { run, stack, output, bodies } = harness(answer, reachable);
      try {
        expect(await run('submit', 'tx.json', '--json')).toBe(0);
        const detail = JSON.parse(output()) as {
          summary: { status: string };
          outboxItemId: string;
        };
        expect(detail.summary.status).toBe('waiting');
        expect(stack.outbox.get(detail.outboxItemId)).toMatchObject({
          state: 'queued',
          payload: { kind: 'kyt.submit' },
        });
        expect(bodies).toHaveLength(reachable ? 1 : 0);
      } finally {
        stack.close();
      }
      temp.remove();
      temp = makeTempDir('casedesk-cli-kyt-');
    }
  });

  it('refuses an import when this run cannot reach the service, before anything is imported', async () => {
    const { stack } = harness(() => Promise.reject(new Error('never asked')), false);
    let said = '';
    const imported: string[] = [];
    const batches = {
      import: (input: { fileName: string }) => {
        imported.push(input.fileName);
        return Promise.reject(new Error('not expected'));
      },
    } as unknown as KytBatches;
    try {
      const code = await runKytCommand(parse('import', 'lines.csv'), {
        kyt: stack.service,
        send: null,
        noServiceReason: 'This needs the service and no token was given.',
        batches,
        read: () => Promise.reject(enoent()),
        write: () => undefined,
        err: (text) => {
          said += text;
        },
      });
      expect(code).toBe(1);
      expect(said).toMatch(/needs the service; nothing was imported: This needs the service/);
      expect(imported).toEqual([]);
    } finally {
      stack.close();
    }
  });

  it('exits 1 with the reason when it is refused or its answer is lost, sending nothing twice', async () => {
    const refused = harness(() => Promise.reject(kytFailures.refused()));
    try {
      expect(await refused.run('submit', 'tx.json')).toBe(1);
      expect(refused.output()).toMatch(/: refused\n[\s\S]*amount must be a number/);
    } finally {
      refused.stack.close();
    }
    temp.remove();
    temp = makeTempDir('casedesk-cli-kyt-');
    const lost = harness(() => Promise.reject(kytFailures.dropped()));
    try {
      expect(await lost.run('submit', 'tx.json')).toBe(1);
      expect(lost.output()).toMatch(/: in-doubt\n[\s\S]*send it again or mark it as sent/);
      expect(lost.bodies).toHaveLength(1);
      expect(lost.stack.outbox.list()).toEqual([]);
    } finally {
      lost.stack.close();
    }
  });

  it('says plainly a file that is not there', async () => {
    const { run, stack } = harness(() => Promise.resolve({}));
    try {
      await expect(run('submit', 'missing.json')).rejects.toThrow(
        /^missing\.json could not be read: there is no such file\.$/,
      );
      expect(stack.service.list({ offset: 0, limit: 10 }).total).toBe(0);
    } finally {
      stack.close();
    }
  });

  it('lists, newest first, and compares two submissions', async () => {
    let call = 0;
    const { run, output, stack } = harness(() => {
      call += 1;
      return Promise.resolve({
        id: `kyt_${call}`,
        score: call === 1 ? 40 : 75,
        state: { label: call === 1 ? 'Review' : 'Blocked' },
      });
    });
    try {
      await run('submit', 'tx.json', '--json');
      await run('submit', 'tx.json', '--json');
      const ids = stack.service.list({ offset: 0, limit: 10 }).submissions.map((s) => s.id);
      let before = output().length;
      expect(await run('list', '--json')).toBe(0);
      const list = JSON.parse(output().slice(before)) as KytList;
      expect(list.submissions.map((s) => s.id)).toEqual(ids);
      before = output().length;
      await run('list', '--customer', 'C9');
      expect(output().slice(before)).toBe('0 transactions\n');
      before = output().length;
      await run('list');
      expect(output().slice(before).trim().split('\n')).toHaveLength(3);
      before = output().length;
      expect(await run('diff', ids[1]!, ids[0]!)).toBe(0);
      const diff = output().slice(before);
      expect(diff).toMatch(/^Score: 40 → 75 \(\+35\)$/m);
      expect(diff).toMatch(/^State: Review → Blocked$/m);
      expect(diff).toMatch(/^Inputs changed \(0\):\n {2}\(none\)$/m);
    } finally {
      stack.close();
    }
  });
});
