import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/lib/logger';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox-server';
import { DocumentShape, PressReportShape } from '../../support/spec-shapes';
import { makeTempDir } from '../../support/temp-dir';

const temp = makeTempDir('casedesk-sandbox-storage-');
afterAll(() => temp.remove());

async function call(sandbox: Sandbox, method: string, path: string, body?: unknown) {
  const response = await fetch(`${sandbox.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${sandbox.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: () => JSON.parse(text) as unknown };
}

describe('sandbox storage', () => {
  it('keeps what the API wrote across a restart, and forgets it on reset', async () => {
    const options = { dataDir: temp.path, logger: silentLogger, seed: 3, scale: 20 } as const;
    const first = await startSandbox(options);
    await call(first, 'POST', '/api/v1/customers/save', {
      customers: [{ external_id: 'KEEP-1', account_type: 'N', last_name: 'Kept' }],
    });
    const document = DocumentShape.parse(
      (
        await call(first, 'POST', '/api/v1/customer_documents/upload', {
          customer_external_id: 'KEEP-1',
          file_name: 'a.txt',
          internal: { file_data: 'a2VwdA==' },
        })
      ).json(),
    );
    const report = PressReportShape.parse(
      (await call(first, 'POST', '/api/v1/press/instantreport', { name: 'Kept Person' })).json(),
    );
    const transaction = (
      await call(first, 'POST', '/api/v1/kyt/transaction', {
        external_id: 'tx-keep',
        amount: 10,
        currency: 'EUR',
        from: { external_id: 'KEEP-1' },
        to: {},
      })
    ).json() as { id: string };
    const alertsBefore = (await call(first, 'POST', '/api/v1/alerts/search', { limit: 0 })).json();
    await first.close();

    const second = await startSandbox(options);
    expect((await call(second, 'GET', '/api/v1/customers/KEEP-1')).status).toBe(200);
    expect(
      (await call(second, 'GET', `/api/v1/customer_documents/${document.id}/download`)).status,
    ).toBe(200);
    expect(
      (await call(second, 'GET', `/api/v1/press/reportbody/${report.report_body_id}`)).status,
    ).toBe(200);
    expect((await call(second, 'POST', '/api/v1/alerts/search', { limit: 0 })).json()).toEqual(
      alertsBefore,
    );
    const stored = second.db
      .prepare('SELECT COUNT(*) AS n FROM kyt_transactions WHERE id = ?')
      .get(transaction.id) as { n: number };
    expect(stored.n).toBe(1);
    // A new token each start unless one is given; the data stays.
    expect(second.token).not.toBe(first.token);
    await second.close();

    const reset = await startSandbox({ ...options, reset: true });
    expect((await call(reset, 'GET', '/api/v1/customers/KEEP-1')).status).toBe(404);
    expect((await call(reset, 'POST', '/api/v1/alerts/search', { limit: 0 })).json()).toEqual(
      alertsBefore,
    );
    await reset.close();
  });

  // Dates are anchored to the generation time, so the same clock is given to both.
  it('generates the same tenant again for the same seed, scale and clock', async () => {
    const a = makeTempDir();
    const b = makeTempDir();
    try {
      const ids = async (dataDir: string) => {
        const sandbox = await startSandbox({
          dataDir,
          logger: silentLogger,
          seed: 5,
          scale: 15,
          now: () => new Date('2026-11-01T09:00:00Z'),
        });
        const page = (
          await call(sandbox, 'POST', '/api/v1/alerts/search', {
            limit: 1000,
            order_by: 'id',
            order_way: 'asc',
          })
        ).json();
        await sandbox.close();
        return page;
      };
      expect(await ids(a.path)).toEqual(await ids(b.path));
    } finally {
      a.remove();
      b.remove();
    }
  });
});
