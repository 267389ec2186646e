import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDispatcher, NetworkConfigError } from '../../../main/api/network-options';
import { createServiceClient } from '../../../main/api/service-client';
import { makeTempDir } from '../../support/temp-dir';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';
import { failureOf } from './client-fixture';
import { CERT_FILE, startHttpsRelay, startProxy } from './proxy-servers';

describe('network options: proxies and CA certificates', () => {
  let t: TestSandbox;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let relay: Awaited<ReturnType<typeof startHttpsRelay>>;
  const dispatchers: Dispatcher[] = [];

  const search = async (baseUrl: string, dispatcher: Dispatcher) => {
    dispatchers.push(dispatcher);
    const client = createServiceClient({
      baseUrl,
      token: t.sandbox.token,
      dispatcher,
      retry: { maxAttempts: 1 },
    });
    return client.alerts.search({ limit: 1 });
  };

  beforeAll(async () => {
    t = await startTestSandbox({ scale: 20 });
    proxy = await startProxy();
    relay = await startHttpsRelay(t.sandbox.baseUrl);
  });
  afterAll(async () => {
    await Promise.all(dispatchers.map((dispatcher) => dispatcher.close()));
    await Promise.all([proxy.close(), relay.close()]);
    await t.close();
  });

  it('talks to the sandbox directly with the default options', async () => {
    const page = await search(t.sandbox.baseUrl, await buildDispatcher({ env: {} }));
    expect(page.data).toHaveLength(1);
  });

  it('sends http:// calls through HTTP_PROXY, with the proxy credentials of its URL', async () => {
    const before = proxy.seen.forwarded;
    const proxyUrl = `http://casedesk:s3cret@127.0.0.1:${proxy.port}`;
    const page = await search(
      t.sandbox.baseUrl,
      await buildDispatcher({ env: { HTTP_PROXY: proxyUrl } }),
    );
    expect(page.data).toHaveLength(1);
    expect(proxy.seen.forwarded).toBe(before + 1);
    expect(proxy.seen.proxyAuthorization.at(-1)).toBe(
      `Basic ${Buffer.from('casedesk:s3cret').toString('base64')}`,
    );
  });

  it('tunnels https:// calls through HTTPS_PROXY (CONNECT), trusting the profile’s CA file', async () => {
    const before = proxy.seen.tunnelled;
    const dispatcher = await buildDispatcher({
      env: { https_proxy: proxy.url },
      caFile: CERT_FILE,
    });
    expect((await search(relay.baseUrl, dispatcher)).data).toHaveLength(1);
    expect(proxy.seen.tunnelled).toBe(before + 1);
  });

  it('bypasses the proxies for hosts in NO_PROXY', async () => {
    const before = { ...proxy.seen };
    const env = { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NO_PROXY: 'localhost,127.0.0.1' };
    await search(t.sandbox.baseUrl, await buildDispatcher({ env }));
    await search(relay.baseUrl, await buildDispatcher({ env, caFile: CERT_FILE }));
    expect(proxy.seen.forwarded).toBe(before.forwarded);
    expect(proxy.seen.tunnelled).toBe(before.tunnelled);
  });

  it('refuses a certificate it was not told to trust, as a network error naming the cause', async () => {
    const error = await failureOf(search(relay.baseUrl, await buildDispatcher({ env: {} })));
    expect(error).toMatchObject({ kind: 'network', operation: 'alerts.search' });
    expect((error as Error).message).toMatch(/SELF_SIGNED|CERT/);
  });

  it('says clearly when the CA file is missing or not PEM', async () => {
    const missing = await failureOf(buildDispatcher({ caFile: '/no/such/dir/corp-ca.pem' }));
    expect(missing).toBeInstanceOf(NetworkConfigError);
    expect((missing as Error).message).toMatch(
      /CA certificate file \/no\/such\/dir\/corp-ca\.pem could not be read \(ENOENT\)/,
    );
    const temp = makeTempDir('casedesk-ca-');
    try {
      const notPem = join(temp.path, 'ca.der');
      writeFileSync(notPem, Buffer.from([0x30, 0x82, 0x01, 0x0a, 0x02]));
      expect(await failureOf(buildDispatcher({ caFile: notPem }))).toMatchObject({
        name: 'NetworkConfigError',
        message: expect.stringMatching(/holds no PEM certificate/) as unknown,
      });
      const damaged = join(temp.path, 'damaged.pem');
      writeFileSync(
        damaged,
        '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----\n',
      );
      expect(((await failureOf(buildDispatcher({ caFile: damaged }))) as Error).message).toMatch(
        /Certificate 1 of 1 .* is damaged/,
      );
    } finally {
      temp.remove();
    }
  });
});
