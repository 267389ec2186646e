import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../main/cli/cli-args';
import {
  parseCustomersCommand,
  readSaveFile,
  runCustomersCommand,
  type CustomersCliDeps,
} from '../../../main/cli/cli-customers';
import type { CustomerSaver, SaveRequestLines } from '../../../main/customers/customer-ports';
import type { SaveReport } from '../../../preload/contract';

const parse = (argv: string[]) => parseCustomersCommand(parseCliArgs(['customers', ...argv]));

function deps(file: string, answer: Partial<SaveReport> = {}, reachable = true) {
  const calls: Array<{ how: string; lines: SaveRequestLines; offline?: boolean }> = [];
  const out: string[] = [];
  const err: string[] = [];
  const report = (lines: SaveRequestLines, outcome: SaveReport['outcome']): SaveReport => ({
    outcome,
    status: 'success',
    lines: lines.customers.map((customer) => ({
      kind: 'customer',
      externalId: customer.external_id,
      errors: [],
      warnings: [],
      customerId: null,
    })),
    failed: false,
    riskScanForced: false,
    ...answer,
  });
  const saver: CustomerSaver = {
    verify: (lines) => {
      calls.push({ how: 'verify', lines });
      return Promise.resolve(report(lines, 'verified'));
    },
    save: (lines, options) => {
      calls.push({ how: 'save', lines, ...(options?.offline ? { offline: true } : {}) });
      return Promise.resolve(report(lines, options?.offline ? 'queued' : 'saved'));
    },
  };
  const given: CustomersCliDeps = {
    saver,
    reachable,
    noServiceReason: 'no token',
    read: () => Promise.resolve(file),
    write: (text) => out.push(text),
    err: (text) => err.push(text),
  };
  return { given, calls, out, err };
}

describe('customers save on the command line', () => {
  it('reads its arguments, and refuses what it does not take', () => {
    expect(parse(['save', 'a.json', '--verify-only', '--disable-risk-scan'])).toMatchObject({
      source: 'a.json',
      verifyOnly: true,
      disableRiskScan: true,
      json: false,
    });
    expect(() => parse(['load', 'a.json'])).toThrow(/customers takes save/);
    expect(() => parse(['save'])).toThrow(/one file/);
    expect(() => parse(['save', 'a.json', '--batch', '3'])).toThrow(/does not take --batch/);
  });

  it('takes {customers, relations} or one customer, and names each problem of a bad file', () => {
    expect(readSaveFile('{"external_id":"N-1","last_name":"Lee"}', 'f').customers).toEqual([
      { external_id: 'N-1', last_name: 'Lee' },
    ]);
    expect(() =>
      readSaveFile('{"customers":[{"external_id":"N-1","kyc_level":"x"}]}', 'f'),
    ).toThrow(/customers\.0\.kyc_level/);
    expect(() => readSaveFile('nope', 'f')).toThrow(/not JSON/);
    expect(() => readSaveFile('{"customers":[]}', 'f')).toThrow(/no customer and no relation/);
  });

  it('refuses a line the form would refuse before any call, exit 1 with the field named', async () => {
    const run = deps('{"external_id":"N-1","date_of_birth":"23/04/1980"}');
    const code = await runCustomersCommand(parse(['save', 'f']), run.given);
    expect(code).toBe(1);
    expect(run.calls).toEqual([]);
    expect(run.out.join('')).toMatch(/customer N-1: FAILED\n {2}error \[date_of_birth\]/);
  });

  it('verifies only when asked, and saves with the risk scan choice otherwise', async () => {
    const verify = deps('{"external_id":"N-1"}');
    expect(await runCustomersCommand(parse(['save', 'f', '--verify-only']), verify.given)).toBe(0);
    expect(verify.calls.map((call) => call.how)).toEqual(['verify']);
    const save = deps('{"customers":[{"external_id":"N-1"}]}');
    expect(await runCustomersCommand(parse(['save', 'f', '--disable-risk-scan']), save.given)).toBe(
      0,
    );
    expect(save.calls[0]).toMatchObject({ how: 'save', lines: { disableRiskScan: true } });
    expect(save.out.join('')).toMatch(/^Saved \(status success\)\.\ncustomer N-1: saved/);
  });

  it('exits 1 when a line failed, and prints the report as JSON when asked', async () => {
    const run = deps('{"external_id":"N-1"}', {
      failed: true,
      lines: [
        {
          kind: 'customer',
          externalId: 'N-1',
          errors: [{ code: 'last_name_required', detail: 'needs a last_name', field: 'last_name' }],
          warnings: [],
          customerId: null,
        },
      ],
    });
    expect(await runCustomersCommand(parse(['save', 'f', '--json']), run.given)).toBe(1);
    expect(JSON.parse(run.out.join('')) as SaveReport).toMatchObject({ failed: true });
  });

  it('without the service, queues the save for the app, and refuses to verify', async () => {
    const queued = deps('{"external_id":"N-1"}', {}, false);
    expect(await runCustomersCommand(parse(['save', 'f']), queued.given)).toBe(0);
    expect(queued.calls[0]).toMatchObject({ how: 'save', offline: true });
    expect(queued.out.join('')).toMatch(/Queued in the profile’s outbox/);
    const verify = deps('{"external_id":"N-1"}', {}, false);
    expect(await runCustomersCommand(parse(['save', 'f', '--verify-only']), verify.given)).toBe(1);
    expect(verify.err.join('')).toMatch(/needs the service; nothing was sent: no token/);
  });
});
