import { rootCertificates } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { proxySettingsFromEnv, trustedCertificates } from '../../../main/api/network-options';

const CERT_FILE = fileURLToPath(
  new URL('../../integration/api/fixtures/loopback-test.crt', import.meta.url),
);

describe('network options', () => {
  it('reads proxies from either case, lower case first', () => {
    expect(
      proxySettingsFromEnv({
        HTTPS_PROXY: 'http://upper:8080',
        https_proxy: 'http://lower:8080',
        HTTP_PROXY: 'http://plain:3128',
        NO_PROXY: 'localhost,.corp.example',
      }),
    ).toEqual({
      httpProxy: 'http://plain:3128',
      httpsProxy: 'http://lower:8080',
      noProxy: 'localhost,.corp.example',
    });
    expect(proxySettingsFromEnv({ http_proxy: '' })).toEqual({
      httpProxy: null,
      httpsProxy: null,
      noProxy: null,
    });
  });

  it('leaves Node’s trust alone when there is nothing to add', async () => {
    expect(await trustedCertificates({ useSystemCertificates: false })).toBeNull();
  });

  it('adds a profile CA file to the default roots, not instead of them', async () => {
    const trusted = await trustedCertificates({ caFile: CERT_FILE, useSystemCertificates: false });
    expect(trusted?.length).toBeGreaterThan(rootCertificates.length / 2);
    expect(trusted?.at(-1)).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(trusted).toEqual(expect.arrayContaining([rootCertificates[0]]));
  });
});
