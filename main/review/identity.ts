import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { link, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { syncFolder } from '../lib/atomic-write';
import type { Logger } from '../lib/logger';
import { makePrivateFolder, PRIVATE_FILE_MODE } from '../lib/private-files';

// This installation's signing identity for second reviews: an Ed25519 key pair made here on first
// use (node:crypto, nothing sent anywhere), kept in the app's data folder for every profile, the
// file readable by the user alone. The public key's SHA-256 names the installation: a request and
// its answer must come from two different ones.

export const IDENTITY_FILE = 'review-identity.json';

const StoredIdentity = z.object({
  version: z.literal(1),
  /** The raw 32-byte public key, base64. */
  publicKey: z.string().min(1),
  /** PKCS#8, PEM. */
  privateKey: z.string().min(1),
  createdAt: z.string(),
});

export interface Identity {
  /** The raw public key, base64: what a review file carries. */
  publicKey: string;
  /** SHA-256 of the raw public key, hex. */
  fingerprint: string;
  /** An Ed25519 signature of the text (UTF-8), base64. */
  sign(text: string): string;
}

/** SHA-256 of a raw public key given in base64, hex. */
export const fingerprintOf = (publicKey: string): string =>
  createHash('sha256').update(Buffer.from(publicKey, 'base64')).digest('hex');

/** A raw Ed25519 public key (base64) as a key object; null when it is not one. */
export function publicKeyFrom(publicKey: string): KeyObject | null {
  const raw = Buffer.from(publicKey, 'base64');
  // base64 decoding skips what it cannot read: the key must say exactly these 32 bytes.
  if (raw.length !== 32 || raw.toString('base64') !== publicKey) return null;
  try {
    return createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') },
      format: 'jwk',
    });
  } catch {
    return null;
  }
}

/** Whether `signature` (base64) is the key's Ed25519 signature of `text`. */
export function signatureHolds(publicKey: string, text: string, signature: string): boolean {
  const key = publicKeyFrom(publicKey);
  if (!key) return false;
  const bytes = Buffer.from(signature, 'base64');
  if (bytes.length !== 64) return false;
  try {
    return verify(null, Buffer.from(text, 'utf8'), key, bytes);
  } catch {
    return false;
  }
}

const rawPublicKey = (key: KeyObject): string =>
  Buffer.from(key.export({ format: 'jwk' }).x ?? '', 'base64url').toString('base64');

function identityOf(stored: z.infer<typeof StoredIdentity>): Identity {
  const privateKey = createPrivateKey(stored.privateKey);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 key');
  const publicKey = rawPublicKey(createPublicKey(privateKey));
  // The two halves must belong together, or every signature made would be refused.
  if (publicKey !== stored.publicKey) throw new Error('its public key is not its private key’s');
  return {
    publicKey,
    fingerprint: fingerprintOf(publicKey),
    sign: (text) => sign(null, Buffer.from(text, 'utf8'), privateKey).toString('base64'),
  };
}

/**
 * This installation's identity, made the first time it is asked for. Two processes making it at
 * once (the app and the command line) end with one: the file is claimed with a hard link, which
 * never replaces a file, and the loser reads the winner's. A file that cannot be read is moved
 * aside (kept, never deleted) and a new identity made: requests sent under the old one can still
 * be answered, since an answer is matched to its request by the request's digest.
 */
export async function loadIdentity(
  dataDir: string,
  logger: Logger,
  now: () => number = Date.now,
): Promise<Identity> {
  const path = join(dataDir, IDENTITY_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const found = await readIdentity(path, logger);
    if (found) return found;
    const made = await makeIdentity(path, now);
    if (made) return made;
  }
  throw new Error(`This installation’s review key in ${path} could not be made or read.`);
}

async function readIdentity(path: string, logger: Logger): Promise<Identity | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return identityOf(StoredIdentity.parse(JSON.parse(text)));
  } catch (error) {
    const aside = `${path}.damaged-${Date.now()}`;
    await rename(path, aside);
    logger.warn(
      `this installation's review key ${path} could not be read (${error instanceof Error ? error.message : String(error)}); it was moved aside to ${aside} and a new one is made`,
    );
    return null;
  }
}

/** Makes and claims a new identity; null when another process claimed one first. */
async function makeIdentity(path: string, now: () => number): Promise<Identity | null> {
  const pair = generateKeyPairSync('ed25519');
  const stored = {
    version: 1 as const,
    publicKey: rawPublicKey(pair.publicKey),
    privateKey: pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    createdAt: new Date(now()).toISOString(),
  };
  const folder = join(path, '..');
  makePrivateFolder(folder);
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temp, 'wx', PRIVATE_FILE_MODE);
  try {
    await handle.writeFile(`${JSON.stringify(stored, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temp, path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return null;
    // A file system without hard links: a rename, which may replace a key made a moment ago.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') {
      await rm(temp, { force: true });
      throw error;
    }
    await rename(temp, path);
    await syncFolder(folder);
    return identityOf(stored);
  } finally {
    await rm(temp, { force: true });
  }
  await syncFolder(folder);
  return identityOf(stored);
}
