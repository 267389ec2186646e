import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as tls from 'node:tls';
import { Agent, EnvHttpProxyAgent, type Dispatcher } from 'undici';

/**
 * The dispatcher for corporate networks: proxies from the environment (HTTPS_PROXY, HTTP_PROXY,
 * NO_PROXY, upper or lower case), keep-alive, and CA certificates beyond Node's bundled roots (a
 * PEM file named in the profile, and the operating system's store where Node can read it), as
 * TLS-inspecting proxies need.
 */

export interface NetworkOptions {
  /** Proxy variables; defaults to process.env. Only the proxy names are read. */
  env?: Record<string, string | undefined>;
  /** A PEM file of extra CA certificates, from the profile. */
  caFile?: string | null;
  /** Trust the operating system's store too, when this Node can read it (default true). */
  useSystemCertificates?: boolean;
  connectTimeoutMs?: number;
  /** How long an idle connection is kept for the next call. */
  keepAliveTimeoutMs?: number;
}

export class NetworkConfigError extends Error {
  override readonly name = 'NetworkConfigError';
}

export interface ProxySettings {
  httpProxy: string | null;
  httpsProxy: string | null;
  noProxy: string | null;
}

/** Lower case wins over upper case, as curl and undici read them. */
export function proxySettingsFromEnv(env: Record<string, string | undefined>): ProxySettings {
  const pick = (name: string) => env[name.toLowerCase()] || env[name.toUpperCase()] || null;
  return {
    httpProxy: pick('http_proxy'),
    httpsProxy: pick('https_proxy'),
    noProxy: pick('no_proxy'),
  };
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Reads and checks a PEM file of CA certificates; a NetworkConfigError says what is wrong. */
export async function readCaFile(path: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new NetworkConfigError(
      `The CA certificate file ${path} could not be read${code ? ` (${code})` : ''}. ` +
        'Check the path in the profile’s network settings.',
      { cause: error },
    );
  }
  const blocks = text.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0) {
    throw new NetworkConfigError(
      `The CA certificate file ${path} holds no PEM certificate (a block starting with ` +
        '“-----BEGIN CERTIFICATE-----”). Export the certificate in PEM (Base64) format.',
    );
  }
  blocks.forEach((block, index) => {
    try {
      new X509Certificate(block);
    } catch (error) {
      throw new NetworkConfigError(
        `Certificate ${index + 1} of ${blocks.length} in ${path} is damaged and cannot be read.`,
        { cause: error },
      );
    }
  });
  return blocks;
}

type CaKind = 'default' | 'system';

/** tls.getCACertificates arrived in Node 22.15/23.10: feature-detected, never assumed. */
function runtimeCertificates(kind: CaKind): string[] | null {
  const reader = (tls as { getCACertificates?: (type: CaKind) => string[] }).getCACertificates;
  if (typeof reader !== 'function') return null;
  try {
    return reader(kind);
  } catch {
    return null;
  }
}

/**
 * The CA list to trust, or null to leave Node's defaults alone. Giving `ca` replaces Node's
 * defaults, so they are included: 'default' (bundled + NODE_EXTRA_CA_CERTS) where readable, else
 * the bundled roots.
 */
export async function trustedCertificates(
  options: Pick<NetworkOptions, 'caFile' | 'useSystemCertificates'>,
): Promise<string[] | null> {
  const extra = options.caFile ? await readCaFile(options.caFile) : [];
  const system =
    options.useSystemCertificates === false ? [] : (runtimeCertificates('system') ?? []);
  if (extra.length === 0 && system.length === 0) return null;
  const base = runtimeCertificates('default') ?? [...tls.rootCertificates];
  return [...new Set([...base, ...system, ...extra])];
}

export async function buildDispatcher(options: NetworkOptions = {}): Promise<Dispatcher> {
  const ca = await trustedCertificates(options);
  const tlsOptions = ca ? { ca } : {};
  const proxies = proxySettingsFromEnv(options.env ?? process.env);
  const common = {
    connectTimeout: options.connectTimeoutMs ?? 10_000,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 30_000,
    keepAliveMaxTimeout: 10 * 60_000,
    // TCP keep-alive probes keep idle connections through NATs and proxies that drop silent ones.
    connect: { ...tlsOptions, keepAlive: true, keepAliveInitialDelay: 30_000 },
  };
  if (!proxies.httpProxy && !proxies.httpsProxy) return new Agent(common);
  return new EnvHttpProxyAgent({
    ...common,
    // Empty strings, not undefined: undefined would make undici read process.env itself.
    httpProxy: proxies.httpProxy ?? '',
    httpsProxy: proxies.httpsProxy ?? '',
    noProxy: proxies.noProxy ?? '',
    // Through a CONNECT tunnel the service's certificate is checked with requestTls; an
    // https:// proxy's own certificate with proxyTls.
    requestTls: tlsOptions,
    proxyTls: tlsOptions,
  });
}

/** The dispatcher a client makes when none is given: direct, with keep-alive. */
export function defaultAgent(connectTimeoutMs: number): Agent {
  return new Agent({
    connectTimeout: connectTimeoutMs,
    keepAliveTimeout: 30_000,
    connect: { keepAlive: true, keepAliveInitialDelay: 30_000 },
  });
}
