import { join } from 'node:path';
import { z } from 'zod';
import type { SecretStorageStatus, TokenStorage } from '../../preload/contract';
import { readJsonFile, writeJsonFile } from '../lib/json-file';
import type { Logger } from '../lib/logger';

/**
 * Encryption by the operating system keyring. The Electron shell supplies one backed by
 * `safeStorage`; without it (the browser host, tests) only weak and in-memory storage exist.
 */
export interface TokenCipher {
  backend: string;
  isSecure(): boolean;
  encrypt(plain: string): Buffer;
  decrypt(data: Buffer): string;
}

/** Holds tokens for main alone. Nothing here is ever sent to the renderer. */
export interface TokenVault {
  status(): SecretStorageStatus;
  get(profileId: string): string | undefined;
  put(profileId: string, token: string, storage: TokenStorage): Promise<void>;
  remove(profileId: string): Promise<void>;
  /** Every token this run has seen, so replies and events can be checked for leaks. */
  knownTokens(): Iterable<string>;
}

const TokenEntry = z.discriminatedUnion('storage', [
  z.object({ storage: z.literal('secure'), data: z.string() }),
  z.object({ storage: z.literal('weak'), token: z.string() }),
]);
const TokensFile = z.object({ version: z.literal(1), tokens: z.record(z.string(), TokenEntry) });
type TokensFile = z.infer<typeof TokensFile>;

// Readable and writable by this user account only.
const PRIVATE_FILE_MODE = 0o600;

const WEAK_ONLY_WARNING =
  'Keep the token in memory for this run only, or store it unencrypted in a file only your user account can read.';

export async function openTokenVault(options: {
  dataDir: string;
  cipher: TokenCipher | null;
  logger: Logger;
}): Promise<TokenVault> {
  const path = join(options.dataDir, 'tokens.json');
  let file = await readJsonFile(
    path,
    TokensFile,
    () => ({ version: 1 as const, tokens: {} }),
    options.logger,
  );
  const memory = new Map<string, string>();
  const decrypted = new Map<string, string>();
  let queue: Promise<unknown> = Promise.resolve();

  const secureAvailable = () => options.cipher?.isSecure() ?? false;

  function persist(change: (current: TokensFile) => void): Promise<void> {
    const next = queue.then(async () => {
      const draft = structuredClone(file);
      change(draft);
      await writeJsonFile(path, draft, PRIVATE_FILE_MODE);
      file = draft;
    });
    queue = next.catch(() => undefined);
    return next;
  }

  return {
    status() {
      if (secureAvailable()) {
        return {
          secureAvailable: true,
          backend: options.cipher?.backend ?? 'unknown',
          warning: null,
        };
      }
      const backend = options.cipher?.backend ?? 'file';
      const warning = options.cipher
        ? `This system offers no keyring CaseDesk can encrypt tokens with (backend: ${backend}). ${WEAK_ONLY_WARNING}`
        : `The browser host cannot use the system keyring. ${WEAK_ONLY_WARNING}`;
      return { secureAvailable: false, backend, warning };
    },

    get(profileId) {
      const inMemory = memory.get(profileId);
      if (inMemory !== undefined) return inMemory;
      const entry = file.tokens[profileId];
      if (!entry) return undefined;
      if (entry.storage === 'weak') return entry.token;
      const cached = decrypted.get(profileId);
      if (cached !== undefined) return cached;
      if (!options.cipher || !secureAvailable()) return undefined;
      try {
        const token = options.cipher.decrypt(Buffer.from(entry.data, 'base64'));
        decrypted.set(profileId, token);
        return token;
      } catch (error) {
        options.logger.warn(
          `the stored token of profile ${profileId} could not be decrypted`,
          error,
        );
        return undefined;
      }
    },

    async put(profileId, token, storage) {
      memory.delete(profileId);
      decrypted.delete(profileId);
      if (storage === 'memory') {
        memory.set(profileId, token);
        if (file.tokens[profileId]) await persist((draft) => void delete draft.tokens[profileId]);
        return;
      }
      if (storage === 'secure') {
        if (!options.cipher || !secureAvailable())
          throw new Error('secure token storage is not available');
        const data = options.cipher.encrypt(token).toString('base64');
        await persist((draft) => void (draft.tokens[profileId] = { storage: 'secure', data }));
        decrypted.set(profileId, token);
        return;
      }
      await persist((draft) => void (draft.tokens[profileId] = { storage: 'weak', token }));
    },

    async remove(profileId) {
      memory.delete(profileId);
      decrypted.delete(profileId);
      if (file.tokens[profileId]) await persist((draft) => void delete draft.tokens[profileId]);
    },

    *knownTokens() {
      yield* memory.values();
      yield* decrypted.values();
      for (const entry of Object.values(file.tokens))
        if (entry.storage === 'weak') yield entry.token;
    },
  };
}
