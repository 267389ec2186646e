import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/api';
import type { SaveCustomersRequest } from '../../../main/api/request-types';
import type { WireSaveResponse } from '../../../main/api/wire/customer';
import { createCustomerImports } from '../../../main/customers/import/customer-imports';
import type { ImportWire } from '../../../main/customers/import/import-runner';
import { MAX_RATE_LIMITED_MS, PAUSED_BY_YOU } from '../../../main/customers/import/import-runner';
import { silentLogger } from '../../../main/lib/logger';
import { openTestLocalStore } from '../../support/kyt-fixture';
import { makeTempDir } from '../../support/temp-dir';

const temp = makeTempDir('casedesk-customer-import-');
afterAll(() => temp.remove());
let count = 0;
const folder = () => {
  count += 1;
  const path = join(temp.path, `f${count}`);
  mkdirSync(path);
  return path;
};
const file = (dir: string, name: string, content: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return { path, fileName: name };
};

/** A CSV of `count` valid individuals, E1 to E<count>. */
const namedCustomers = (dir: string, name: string, count: number) =>
  file(
    dir,
    name,
    `external_id,account_type,last_name\n${Array.from({ length: count }, (_, i) => `E${i + 1},N,Name${i + 1}`).join('\n')}\n`,
  );

/** Answers as the sandbox does: a missing last_name of an individual is an error, a custom field a warning. */
function answerOf(body: SaveCustomersRequest): WireSaveResponse {
  const customers = body.customers ?? [];
  const relations = body.relations ?? [];
  const detail = [
    ...customers.map((customer) => ({
      external_id: customer.external_id,
      errors:
        customer.account_type === 'N' && !customer.last_name
          ? [{ error: 'last_name_required', detail: 'an individual (N) needs a last_name' }]
          : [],
      warnings: customer.fields
        ? [{ error: 'unknown_custom_field', detail: 'unknown custom field' }]
        : [],
    })),
    ...relations.map((relation) => ({
      external_id: relation.relation_external_id,
      errors: [],
      warnings: [],
    })),
  ];
  return {
    added: body.verify_input
      ? []
      : customers
          .filter((customer) => !(customer.account_type === 'N' && !customer.last_name))
          .map((customer) => ({
            customer_id: `id-${customer.external_id}`,
            external_id: customer.external_id,
          })),
    detail,
    status: 'ok',
    verify_input: body.verify_input ?? false,
  };
}

function fakeWire(options: { failAfter?: number; failures?: number } = {}) {
  const sent: SaveCustomersRequest[] = [];
  let calls = 0;
  let failures = options.failures ?? 0;
  const wire: ImportWire = {
    save(body) {
      calls += 1;
      if (options.failAfter !== undefined && calls > options.failAfter && failures > 0) {
        failures -= 1;
        return Promise.reject(
          new ServiceError({
            operation: 'customers.save',
            kind: 'network',
            retryable: true,
            outcomeUnknown: true,
          }),
        );
      }
      sent.push(body);
      return Promise.resolve(answerOf(body));
    },
  };
  return { wire, sent };
}

function imports(dir: string, wire: ImportWire) {
  const store = openTestLocalStore(dir);
  const service = createCustomerImports({
    records: store,
    transaction: (work) => store.db.transaction(work)(),
    wire,
    readBack: null,
    logger: silentLogger,
    sleep: () => Promise.resolve(),
  });
  return { store, service };
}

const start = (
  service: ReturnType<typeof imports>['service'],
  path: { path: string; fileName: string },
  extra: object = {},
) =>
  service.start({
    file: path,
    saveMapping: true,
    batchSize: 2,
    disableRiskScan: false,
    verify: false,
    ...extra,
  });

describe('reading an import file', () => {
  it('reads a CSV with a BOM, `;` separators, quoted newlines, blank lines and bidi text as written', async () => {
    const dir = folder();
    const { service, store } = imports(dir, fakeWire().wire);
    const bidi = 'Ali \u202EreveR\u202C';
    const csv =
      `\uFEFFexternal_id;account_type;first_name;last_name;comment;domicile_codes\r\n` +
      `C1;N;Ana;"Lee";"two\nlines";FR,DE\r\n\r\n` +
      `C2;N;${bidi};Roe;;\r\n`;
    const view = await start(service, file(dir, 'c.csv', csv));
    expect(view.customers).toBe(2);
    const { lines } = service.lines(view.id, { onlyProblems: false, offset: 0, limit: 10 });
    expect(lines.map((line) => line.customer)).toEqual([
      {
        external_id: 'C1',
        account_type: 'N',
        first_name: 'Ana',
        last_name: 'Lee',
        comment: 'two\nlines',
        domicile_codes: ['FR', 'DE'],
      },
      { external_id: 'C2', account_type: 'N', first_name: bidi, last_name: 'Roe' },
    ]);
    store.close();
  });

  it('reads tab-separated files and a file of 10,000 columns', async () => {
    const dir = folder();
    const { service, store } = imports(dir, fakeWire().wire);
    const tsv = await start(service, file(dir, 't.tsv', 'external_id\tlast_name\nT1\tLee\n'));
    expect(
      service.lines(tsv.id, { onlyProblems: false, offset: 0, limit: 5 }).lines[0]?.customer,
    ).toEqual({ external_id: 'T1', last_name: 'Lee' });
    const columns = ['external_id', ...Array.from({ length: 9_999 }, (_, i) => `extra${i}`)];
    const wide = `${columns.join(',')}\nW1,${Array.from({ length: 9_999 }, () => 'x').join(',')}\n`;
    const view = await start(service, file(dir, 'w.csv', wide));
    expect(
      service.lines(view.id, { onlyProblems: false, offset: 0, limit: 5 }).lines[0]?.customer,
    ).toEqual({ external_id: 'W1' });
    store.close();
  });

  it('keeps unreadable lines with their reason and warns on every line of a duplicate id', async () => {
    const dir = folder();
    const { service, store } = imports(dir, fakeWire().wire);
    const csv = 'external_id,kyc_level,last_name\nD1,3,A\n,2,B\nD1,x,C\nD1,1,D\n';
    const view = await start(service, file(dir, 'd.csv', csv));
    expect(view.unreadable).toBe(2);
    const { lines } = service.lines(view.id, { onlyProblems: true, offset: 0, limit: 10 });
    expect(lines.map((line) => [line.line, line.status])).toEqual([
      [1, 'read'],
      [2, 'unreadable'],
      [3, 'unreadable'],
      [4, 'read'],
    ]);
    expect(lines[1]?.errors[0]?.detail).toMatch(/external_id is required/);
    expect(lines[2]?.errors[0]?.detail).toMatch(/kyc_level is “x”: write a whole number/);
    expect(lines[0]?.warnings.map((w) => w.code)).toEqual(['duplicate_external_id']);
    expect(lines[3]?.warnings.map((w) => w.code)).toEqual(['duplicate_external_id']);
    store.close();
  });

  it('reads JSON {customers, relations}, a JSON array, and NDJSON', async () => {
    const dir = folder();
    const { service, store } = imports(dir, fakeWire().wire);
    const both = await start(
      service,
      file(
        dir,
        'b.json',
        JSON.stringify(
          {
            customers: [{ external_id: 'P' }, { external_id: 'K' }],
            relations: [
              {
                relation_external_id: 'R',
                parent_customer_external_id: 'P',
                child_customer_external_id: 'K',
              },
            ],
          },
          null,
          2,
        ),
      ),
    );
    expect([both.customers, both.relations]).toEqual([2, 1]);
    const array = await start(
      service,
      file(dir, 'a.json', '[{"external_id":"A1"},\n{"external_id":"A2"}]'),
    );
    expect(array.customers).toBe(2);
    const nd = await start(service, file(dir, 'n.ndjson', '{"external_id":"N1"}\n\nnot json\n'));
    expect([nd.customers, nd.unreadable]).toEqual([2, 1]);
    // Customers one per line in a file named .json: their list fields do not make a line a holder.
    const lines = await start(
      service,
      file(
        dir,
        'lines.json',
        '{"external_id":"L1","nationality_codes":["DE"]}\n{"external_id":"L2","alias_ids":["x"]}\n',
      ),
    );
    expect([lines.customers, lines.unreadable]).toEqual([2, 0]);
    const held = await start(
      service,
      file(dir, 'held.json', '{"customers":[{"external_id":"H1","alias_ids":["y"]}]}'),
    );
    expect([held.customers, held.unreadable]).toEqual([1, 0]);
    store.close();
  });

  it('refuses a file larger than the limit before reading it, saying what to do', async () => {
    const dir = folder();
    const { service, store } = imports(dir, fakeWire().wire);
    const big = join(dir, 'big.csv');
    writeFileSync(big, '');
    // A sparse file: the size is what is checked, nothing is read.
    const { truncateSync } = await import('node:fs');
    truncateSync(big, 600 * 1024 * 1024);
    await expect(start(service, { path: big, fileName: 'big.csv' })).rejects.toThrow(
      /up to 512 MB.*Split it/,
    );
    store.close();
  });
});

describe('dry run and save', () => {
  it('verifies every line in batches, edits mark a line edited, a verify sends only it again', async () => {
    const dir = folder();
    const { wire, sent } = fakeWire();
    const { service, store } = imports(dir, wire);
    const csv = 'external_id,account_type,last_name\nE1,N,Lee\nE2,N,\nE3,F,\n';
    const view = await start(service, file(dir, 'e.csv', csv), { verify: true });
    const done = await service.settled(view.id);
    expect(done.state).toBe('verified');
    expect(sent.every((body) => body.verify_input === true)).toBe(true);
    expect(sent.map((body) => body.customers?.length)).toEqual([2, 1]);
    expect(done.withErrors).toBe(1);
    const bad = service.lines(view.id, { onlyProblems: true, offset: 0, limit: 5 }).lines[0];
    expect(bad?.errors[0]).toEqual({
      code: 'last_name_required',
      detail: 'an individual (N) needs a last_name',
      field: 'last_name',
    });
    expect(() => service.save(view.id)).not.toThrow();
    await service.settled(view.id);
    const edited = service.editLine(view.id, 2, {
      customer: { external_id: 'E2', account_type: 'N', last_name: 'Roe' },
    });
    expect(edited.status).toBe('edited');
    sent.length = 0;
    service.verify(view.id, false);
    await service.settled(view.id);
    expect(sent.map((body) => body.customers?.map((c) => c.external_id))).toEqual([['E2']]);
    store.close();
  });

  it('numbers every view it sends: a later change never carries a smaller revision', async () => {
    const dir = folder();
    const { wire } = fakeWire();
    const { service, store } = imports(dir, wire);
    const seen: Array<[string, number]> = [];
    const stop = service.onChange((view) => seen.push([view.state, view.revision]));
    const csv = 'external_id,account_type,last_name\nE1,N,Lee\nE2,N,Roe\nE3,F,Ng\n';
    const started = await start(service, file(dir, 'r.csv', csv));
    const answer = service.verify(started.id, false);
    const verified = await service.settled(started.id);
    service.save(started.id);
    const done = await service.settled(started.id);
    stop();
    const revisions = seen.map(([, revision]) => revision);
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
    // The answer to starting the dry run is older than the view of its end.
    expect(answer.revision).toBeLessThan(verified.revision);
    expect(verified.revision).toBeLessThan(done.revision);
    expect(seen.at(-1)).toEqual(['done', done.revision]);
    store.close();
  });

  it('waits on 429s as the service asks, and pauses saying so after ten minutes of them', async () => {
    const dir = folder();
    let limited = 3;
    const waits: number[] = [];
    // The clock the sleeps move: ten minutes pass without waiting them.
    let clock = 0;
    const tooMany = () =>
      new ServiceError({
        operation: 'customers.save',
        kind: 'http',
        status: 429,
        retryable: true,
        outcomeUnknown: false,
        retryAfterMs: 90_000,
      });
    const wire: ImportWire = {
      save(body) {
        if (limited > 0) {
          limited -= 1;
          return Promise.reject(tooMany());
        }
        return Promise.resolve(answerOf(body));
      },
    };
    const store = openTestLocalStore(dir);
    const service = createCustomerImports({
      records: store,
      transaction: (work) => store.db.transaction(work)(),
      wire,
      readBack: null,
      logger: silentLogger,
      now: () => clock,
      sleep: (ms) => {
        waits.push(ms);
        clock += ms;
        return Promise.resolve();
      },
    });
    const csv = 'external_id,account_type,last_name\nE1,N,Lee\nE2,N,Kim\nE3,N,Ray\n';
    const view = await start(service, file(dir, 'r.csv', csv), { verify: true });
    expect(await service.settled(view.id)).toMatchObject({ state: 'verified', verified: 3 });
    expect(waits).toEqual([90_000, 90_000, 90_000]);

    // A service that never stops asking: the import pauses instead of waiting for ever.
    limited = Number.POSITIVE_INFINITY;
    waits.length = 0;
    service.verify(view.id, true);
    const paused = await service.settled(view.id);
    expect(paused.state).toBe('paused');
    expect(paused.reason).toMatch(/slow down \(429\): the import waited 9 min.*Verify again later/);
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(MAX_RATE_LIMITED_MS);
    expect(waits.length).toBeGreaterThan(3);
    store.close();
  });

  it('a dry run that fails while its next batch is in flight stops that batch before it ends', async () => {
    const dir = folder();
    const store = openTestLocalStore(dir);
    let calls = 0;
    let abortedThird = false;
    let thirdEnded = false;
    const wire: ImportWire = {
      save(body, signal) {
        calls += 1;
        if (calls < 3) return Promise.resolve(answerOf(body));
        return new Promise((_, reject) => {
          signal.addEventListener(
            'abort',
            () => {
              abortedThird = true;
              setTimeout(() => {
                thirdEnded = true;
                reject(new Error('aborted'));
              }, 20);
            },
            { once: true },
          );
        });
      },
    };
    let writes = 0;
    const service = createCustomerImports({
      records: store,
      transaction: (work) => store.db.transaction(work)(),
      // The first verdicts written (the second batch's answer, the third in flight) fail.
      unflushed: (work) => {
        writes += 1;
        if (writes === 1) throw new Error('disk full');
        return work();
      },
      wire,
      readBack: null,
      logger: silentLogger,
      sleep: () => Promise.resolve(),
    });
    const view = await start(service, namedCustomers(dir, 'f.csv', 600), {
      verify: true,
      batchSize: 200,
    });
    const paused = await service.settled(view.id);
    expect(paused.state).toBe('paused');
    expect(paused.reason).toMatch(/disk full/);
    expect(calls).toBe(3);
    expect(abortedThird).toBe(true);
    expect(thirdEnded).toBe(true);
    await service.close();
    store.close();
  });

  it('keeps what was answered when a verify is paused mid-way, and going on sends only the rest', async () => {
    const dir = folder();
    const sent: SaveCustomersRequest[] = [];
    const wire: ImportWire = {
      save(body, signal) {
        sent.push(body);
        if (sent.length < 3) return Promise.resolve(answerOf(body));
        // The third and fourth batches (both in flight) hang until the pause aborts them.
        return new Promise((_, reject) => {
          signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
        });
      },
    };
    const { service, store } = imports(dir, wire);
    const view = await start(service, namedCustomers(dir, 'p.csv', 10), { verify: true });
    await expect.poll(() => sent.length).toBe(4);
    service.pause(view.id);
    const paused = await service.settled(view.id);
    expect(paused.state).toBe('paused');
    expect(paused.verified).toBe(4);
    store.close();
    const resent = fakeWire();
    const goingOn = imports(dir, resent.wire);
    goingOn.service.verify(view.id, false);
    const done = await goingOn.service.settled(view.id);
    expect(done).toMatchObject({ state: 'verified', verified: 10 });
    expect(resent.sent.flatMap((body) => body.customers?.map((c) => c.external_id))).toEqual([
      'E5',
      'E6',
      'E7',
      'E8',
      'E9',
      'E10',
    ]);
    goingOn.store.close();
  });

  it('keeps two dry-run batches in flight, each answer on its own lines whatever their order, and a save one at a time', async () => {
    const dir = folder();
    let inFlight = 0;
    const most = { verify: 0, save: 0 };
    let calls = 0;
    const wire: ImportWire = {
      save(body) {
        calls += 1;
        inFlight += 1;
        const phase = body.verify_input ? 'verify' : 'save';
        most[phase] = Math.max(most[phase], inFlight);
        // Every other batch is answered later than the one sent after it.
        const delay = calls % 2 === 1 ? 15 : 1;
        return new Promise((resolve) =>
          setTimeout(() => {
            inFlight -= 1;
            resolve(answerOf(body));
          }, delay),
        );
      },
    };
    const { service, store } = imports(dir, wire);
    // Every third line has no last name: the service's error must land on that line only. The
    // lines span three chunks, so answers out of order cross a chunk's end.
    const rows = Array.from(
      { length: 600 },
      (_, i) => `E${i + 1},N,${(i + 1) % 3 === 0 ? '' : `Name${i + 1}`}`,
    ).join('\n');
    const view = await start(
      service,
      file(dir, 'o.csv', `external_id,account_type,last_name\n${rows}\n`),
      { verify: true, batchSize: 40 },
    );
    const verified = await service.settled(view.id);
    expect(verified).toMatchObject({ state: 'verified', verified: 600, withErrors: 200 });
    expect(most.verify).toBe(2);
    const lines = [0, 300].flatMap(
      (offset) => service.lines(view.id, { onlyProblems: false, offset, limit: 300 }).lines,
    );
    expect(lines).toHaveLength(600);
    for (const line of lines) {
      const wanted = line.line % 3 === 0 ? ['last_name_required'] : [];
      expect([line.line, line.errors.map((one) => one.code)]).toEqual([line.line, wanted]);
      expect(line.status).toBe(line.line % 3 === 0 ? 'invalid' : 'valid');
    }
    service.save(view.id);
    expect(await service.settled(view.id)).toMatchObject({ state: 'done', saved: 400 });
    expect(most.save).toBe(1);
    store.close();
  });

  it('keeps a batch answered while the one before it failed, so going on does not send it again', async () => {
    const dir = folder();
    const sent: string[][] = [];
    const wire: ImportWire = {
      save(body) {
        const ids = (body.customers ?? []).map((customer) => customer.external_id);
        sent.push(ids);
        // The second batch is answered at once; the first is refused (the token) a moment later.
        if (ids[0] === 'E1')
          return new Promise((_, reject) =>
            setTimeout(
              () =>
                reject(
                  new ServiceError({
                    operation: 'customers.save',
                    kind: 'auth',
                    status: 401,
                    retryable: false,
                    outcomeUnknown: false,
                  }),
                ),
              20,
            ),
          );
        return Promise.resolve(answerOf(body));
      },
    };
    const { service, store } = imports(dir, wire);
    const view = await start(service, namedCustomers(dir, 'k.csv', 4), { verify: true });
    const paused = await service.settled(view.id);
    expect(paused.state).toBe('paused');
    expect(paused.reason).toMatch(/access token/);
    expect(sent).toEqual([
      ['E1', 'E2'],
      ['E3', 'E4'],
    ]);
    expect(paused.verified).toBe(2);
    store.close();
    const resent = fakeWire();
    const goingOn = imports(dir, resent.wire);
    goingOn.service.verify(view.id, false);
    expect(await goingOn.service.settled(view.id)).toMatchObject({ verified: 4 });
    expect(resent.sent.map((body) => body.customers?.map((c) => c.external_id))).toEqual([
      ['E1', 'E2'],
    ]);
    goingOn.store.close();
  });

  it('sends one dry-run batch at a time once the service answered 429', async () => {
    const dir = folder();
    let inFlight = 0;
    /** How many batches were in flight as each call was sent (itself included). */
    const atSend: number[] = [];
    let limited = false;
    let calls = 0;
    const wire: ImportWire = {
      save(body) {
        calls += 1;
        if (calls === 2) {
          limited = true;
          return Promise.reject(
            new ServiceError({
              operation: 'customers.save',
              kind: 'http',
              status: 429,
              retryable: true,
              outcomeUnknown: false,
              retryAfterMs: 1000,
            }),
          );
        }
        inFlight += 1;
        atSend.push(inFlight);
        return new Promise((resolve) =>
          setTimeout(() => {
            inFlight -= 1;
            resolve(answerOf(body));
          }, 2),
        );
      },
    };
    const { service, store } = imports(dir, wire);
    const view = await start(service, namedCustomers(dir, 'l.csv', 24), {
      verify: true,
      batchSize: 3,
    });
    expect(await service.settled(view.id)).toMatchObject({ state: 'verified', verified: 24 });
    expect(limited).toBe(true);
    expect(calls).toBe(9);
    // Two in flight until the 429 (the first batch beside the second, sent again after its wait);
    // once both are answered, one at a time.
    expect(atSend.slice(0, 2)).toEqual([1, 2]);
    expect(atSend.slice(3)).toEqual([1, 1, 1, 1, 1]);
    store.close();
  });

  it('saves customers (parents first) then relations, and resumes after a dropped connection', async () => {
    const dir = folder();
    const { wire, sent } = fakeWire({ failAfter: 4, failures: 10 });
    const { service, store } = imports(dir, wire);
    const body = {
      customers: [
        { external_id: 'K1', account_type: 'F', parent_external_id: 'P1' },
        { external_id: 'K2', account_type: 'F' },
        { external_id: 'K3', account_type: 'F' },
        { external_id: 'P1', account_type: 'F' },
      ],
      relations: [
        {
          relation_external_id: 'R1',
          parent_customer_external_id: 'P1',
          child_customer_external_id: 'K2',
        },
      ],
    };
    const view = await start(service, file(dir, 's.json', JSON.stringify(body)), { verify: true });
    await service.settled(view.id);
    service.save(view.id);
    const paused = await service.settled(view.id);
    expect(paused.state).toBe('paused');
    expect(paused.reason).toMatch(/could not be reached.*save again/);
    const savedBefore = paused.saved;
    expect(savedBefore).toBeLessThan(5);
    // The connection is back: the save goes on from the first line without a verdict.
    const again = fakeWire();
    const second = imports(dir, again.wire);
    store.close();
    second.service.save(view.id);
    const done = await second.service.settled(view.id);
    expect(done.state).toBe('done');
    expect(done.saved).toBe(5);
    const order = [...sent, ...again.sent]
      .filter((one) => !one.verify_input)
      .flatMap((one) => [
        ...(one.customers ?? []).map((c) => c.external_id),
        ...(one.relations ?? []).map((r) => r.relation_external_id),
      ]);
    expect(order.indexOf('P1')).toBeLessThan(order.indexOf('K1'));
    expect(order.at(-1)).toBe('R1');
    const lines = second.service.lines(view.id, {
      onlyProblems: false,
      offset: 0,
      limit: 10,
    }).lines;
    expect(lines.find((line) => line.externalId === 'K1')?.customerId).toBe('id-K1');
    const result = await second.service.saveResult(view.id, dir);
    expect(readFileSync(result, 'utf8').split('\r\n')[0]).toBe(
      'line,kind,external_id,added,customer_id,status,errors,warnings',
    );
    second.store.close();
  });

  it('pauses and cancels a save under way', async () => {
    const dir = folder();
    let release: () => void = () => undefined;
    const wire: ImportWire = {
      save: (body, signal) =>
        body.verify_input
          ? Promise.resolve(answerOf(body))
          : new Promise((resolve, reject) => {
              release = () => resolve(answerOf(body));
              signal.addEventListener('abort', () => reject(new Error('aborted')));
            }),
    };
    const { service, store } = imports(dir, wire);
    const csv = 'external_id,account_type\nA,F\nB,F\nC,F\n';
    const view = await start(service, file(dir, 'p.csv', csv), { verify: true });
    await service.settled(view.id);
    service.save(view.id);
    await new Promise((resolve) => setTimeout(resolve, 10));
    service.pause(view.id);
    const paused = await service.settled(view.id);
    expect([paused.state, paused.reason, paused.saved]).toEqual(['paused', PAUSED_BY_YOU, 0]);
    service.save(view.id);
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    service.cancel(view.id);
    const cancelled = await service.settled(view.id);
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.saved).toBe(2);
    expect(() => service.save(view.id)).toThrow(/cancelled/);
    store.close();
  });

  it('survives any save answer the interface allows, and the import ends', async () => {
    const problem = fc.record({
      error: fc.option(fc.string(), { nil: undefined }),
      detail: fc.option(fc.string(), { nil: undefined }),
    });
    const answer = fc.record({
      added: fc.array(
        fc.record({
          customer_id: fc.option(fc.string(), { nil: undefined }),
          external_id: fc.option(fc.constantFrom('X1', 'X2', 'zz'), { nil: undefined }),
        }),
      ),
      detail: fc.array(
        fc.record({
          external_id: fc.option(fc.constantFrom('X1', 'X2', 'X3', ''), { nil: undefined }),
          errors: fc.array(problem, { maxLength: 2 }),
          warnings: fc.array(problem, { maxLength: 2 }),
        }),
        { maxLength: 5 },
      ),
      status: fc.option(fc.string(), { nil: undefined }),
    });
    const dir = folder();
    const csvFile = file(dir, 'x.csv', 'external_id,account_type\nX1,F\nX2,F\nX3,F\n');
    const store = openTestLocalStore(dir);
    await fc.assert(
      fc.asyncProperty(answer, answer, async (verdict, saved) => {
        const service = createCustomerImports({
          records: store,
          transaction: (work) => store.db.transaction(work)(),
          wire: {
            save: (body) =>
              Promise.resolve((body.verify_input ? verdict : saved) as unknown as WireSaveResponse),
          },
          readBack: null,
          logger: silentLogger,
          sleep: () => Promise.resolve(),
        });
        const view = await start(service, csvFile, { verify: true });
        const verified = await service.settled(view.id);
        expect(verified.state).toBe('verified');
        expect(verified.verified).toBe(3);
        service.save(view.id);
        const done = await service.settled(view.id);
        expect(done.state).toBe('done');
      }),
      { numRuns: 30 },
    );
    store.close();
  });
});
