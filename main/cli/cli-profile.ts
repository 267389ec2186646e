import { join, resolve } from 'node:path';
import { BaseUrl, tokenOrigin } from '../../preload/contract';
import { defaultDataDir } from '../host/default-data-dir';
import type { Logger } from '../lib/logger';
import { openProfileStore } from '../session/profile-store';
import { openTokenVault } from '../session/token-vault';
import { flag, type ParsedArgs } from './cli-args';
import { readGivenToken, TOKEN_SOURCES, type TokenInput } from './cli-token';

export interface CliTarget {
  /** The cache file: --db, or the profile's own cache in the app's data folder. */
  db: string;
  baseUrl: string | null;
  token: string | null;
}

/**
 * `--profile NAME [--data-dir D]` reads a profile the app saved (its base URL, its token where it
 * was kept in the private file) and uses the app's own cache file for it; `--db`, `--base-url`
 * and a token given for this run (see readGivenToken) override or stand alone. The token is read
 * only when `tokens` says how (a command that talks to the service).
 */
export async function resolveTarget(
  args: ParsedArgs,
  logger: Logger,
  tokens: TokenInput | null = null,
): Promise<CliTarget> {
  const name = flag(args, 'profile');
  const explicitDb = flag(args, 'db');
  const baseUrl = checkedBaseUrl(flag(args, 'base-url'));
  const given = tokens ? await readGivenToken(args, tokens) : null;
  if (!name) {
    if (!explicitDb)
      throw new Error('--db is required (or --profile NAME to use a profile saved by the app).');
    return { db: resolve(explicitDb), baseUrl, token: given };
  }
  const { dataDir, profile, folder } = await findProfile(name, args, logger);
  const db = explicitDb ? resolve(explicitDb) : join(folder, 'cache.db');
  if (!tokens || given !== null) return { db, baseUrl: baseUrl ?? profile.baseUrl, token: given };
  // The stored token belongs to the origin it was entered for, as in the app: never elsewhere.
  const origin = tokenOrigin(profile.baseUrl);
  if (baseUrl !== null && tokenOrigin(baseUrl) !== origin) {
    throw new Error(
      `The token of the profile “${profile.name}” is only sent to ${origin ?? profile.baseUrl}, not to ${tokenOrigin(baseUrl) ?? baseUrl}. Give a token for that address by ${TOKEN_SOURCES}.`,
    );
  }
  const vault = await openTokenVault({ dataDir, cipher: null, logger });
  return { db, baseUrl: baseUrl ?? profile.baseUrl, token: vault.get(profile.id) ?? null };
}

/** `--base-url` by the app's rule: https, or plain http to this computer only. */
function checkedBaseUrl(value: string | null): string | null {
  if (value === null) return null;
  const parsed = BaseUrl.safeParse(value);
  if (!parsed.success)
    throw new Error(`--base-url: ${parsed.error.issues[0]?.message ?? 'not a valid base URL.'}`);
  return parsed.data;
}

/** A profile saved by the app, found by its name (any case), with its own folder. */
export interface CliProfile {
  dataDir: string;
  profile: { id: string; name: string; baseUrl: string };
  /** Where the app keeps the profile's cache, outbox, local store and settings. */
  folder: string;
}

/** `--profile NAME [--data-dir D]`: the profile, or an error naming the profiles there are. */
export async function resolveProfile(args: ParsedArgs, logger: Logger): Promise<CliProfile> {
  const name = flag(args, 'profile');
  if (!name) throw new Error('--profile NAME is required: the name of a profile saved by the app.');
  return findProfile(name, args, logger);
}

async function findProfile(name: string, args: ParsedArgs, logger: Logger): Promise<CliProfile> {
  const dataDir = resolve(flag(args, 'data-dir') ?? defaultDataDir());
  const store = await openProfileStore({ dataDir, logger });
  const profiles = store.snapshot().profiles;
  const profile = profiles.find(
    (candidate) => candidate.name.toLocaleLowerCase() === name.toLocaleLowerCase(),
  );
  if (!profile) {
    const known = profiles.map((candidate) => candidate.name).join(', ') || 'none';
    throw new Error(`No profile named “${name}” in ${dataDir} (profiles: ${known}).`);
  }
  return { dataDir, profile, folder: join(dataDir, 'profiles', profile.id) };
}
