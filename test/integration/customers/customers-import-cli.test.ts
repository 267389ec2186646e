import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../main/cli/cli-args';
import { parseCustomersImport, runCustomersImport } from '../../../main/cli/cli-customers-import';
import { createRelationsStore } from '../../../main/customers/relations-store';
import { silentLogger } from '../../../main/lib/logger';
import { openTestLocalStore } from '../../support/kyt-fixture';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';
import { makeTempDir } from '../../support/temp-dir';

// `customers import …` against the sandbox over real HTTP, on the profile's own local store: a dry
// run that finds the sandbox's per-line errors, then a save that the service keeps.

describe('customers import on the command line, against the sandbox', { timeout: 60_000 }, () => {
  let t: TestSandbox;
  const dir = makeTempDir('casedesk-cli-import-');
  beforeAll(async () => {
    t = await startTestSandbox();
  });
  afterAll(async () => {
    await t.close();
    dir.remove();
  });

  const importing = async (argv: string[], token = t.sandbox.token) => {
    let out = '';
    const command = parseCustomersImport(parseCliArgs(['customers', 'import', ...argv]));
    const code = await runCustomersImport(
      command,
      { db: join(dir.path, 'cache.db'), baseUrl: t.sandbox.baseUrl, token },
      { write: (text) => (out += text), err: () => undefined, logger: silentLogger },
    );
    return { code, out };
  };

  it('a dry run prints each line’s errors, saves nothing and exits 1', async () => {
    const path = join(dir.path, 'bad.csv');
    writeFileSync(
      path,
      '\uFEFFexternal_id;account_type;last_name;date_of_birth\nIMP-1;N;Lee;1990-02-03\nIMP-2;N;Roe;03/02/1990\nIMP-3;X;;\n',
    );
    const { code, out } = await importing([path, '--dry-run', '--batch', '2']);
    expect(code).toBe(1);
    expect(out).toMatch(/line 2 \(customer IMP-2\) error invalid_date_of_birth \(date_of_birth\)/);
    expect(out).toMatch(/line 3 \(customer IMP-3\) error/);
    expect((await t.call('GET', '/api/v1/customers/IMP-1')).status).toBe(404);
  });

  it('imports customers and relations, and exits 0 when every line is saved', async () => {
    const customers = join(dir.path, 'good.ndjson');
    writeFileSync(
      customers,
      [
        {
          external_id: 'IMP-K',
          account_type: 'F',
          company_name: 'Kid Ltd',
          parent_external_id: 'IMP-P',
        },
        { external_id: 'IMP-P', account_type: 'F', company_name: 'Parent Ltd' },
      ]
        .map((line) => JSON.stringify(line))
        .join('\n'),
    );
    const relations = join(dir.path, 'rel.csv');
    writeFileSync(
      relations,
      'relation_external_id,parent,child,relation_type\nIMP-R,IMP-P,IMP-K,1\n',
    );
    const { code, out } = await importing([
      customers,
      '--relations',
      relations,
      '--batch',
      '1',
      '--json',
    ]);
    const answer = JSON.parse(out) as { import: { state: string; saved: number } };
    expect(code).toBe(0);
    expect(answer.import).toMatchObject({ state: 'done', saved: 3 });
    const kid = await t.call('GET', '/api/v1/customers/IMP-K');
    expect(
      kid.json<{ customer: { parent_external_id: string } }>().customer.parent_external_id,
    ).toBe('IMP-P');
    // The relation it saved is kept in the profile's local store, as the app keeps it.
    const local = openTestLocalStore(dir.path);
    try {
      expect(createRelationsStore(local, silentLogger).ofCustomer('IMP-K').asChild).toMatchObject([
        {
          relationExternalId: 'IMP-R',
          parentExternalId: 'IMP-P',
          relationType: 1,
          state: 'saved',
        },
      ]);
    } finally {
      local.close();
    }
  });

  it('an import that paused goes on with --continue ID, sending only what was left', async () => {
    const path = join(dir.path, 'later.csv');
    writeFileSync(path, 'external_id,account_type,last_name\nIMP-L1,N,Lee\nIMP-L2,N,Roe\n');
    const refused = await importing([path, '--batch', '1'], 'not-the-token-000000');
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/refused this profile’s access token/);
    const id = /customers import --continue (\S+)/.exec(refused.out)?.[1];
    expect(id).toBeDefined();
    const { code, out } = await importing(['--continue', id ?? '', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ import: { state: 'done', saved: 2 } });
    expect((await t.call('GET', '/api/v1/customers/IMP-L2')).status).toBe(200);
    await expect(importing(['--continue', 'no-such-import'])).rejects.toThrow(/keeps no import/);
    expect(() =>
      parseCustomersImport(parseCliArgs(['customers', 'import', path, '--continue', id ?? ''])),
    ).toThrow(/FILE or --continue ID, not both/);
    expect(() =>
      parseCustomersImport(
        parseCliArgs(['customers', 'import', '--continue', id ?? '', '--batch', '5']),
      ),
    ).toThrow(/--batch cannot change it/);
  });
});
