import { join, resolve } from 'node:path';
import { defaultDataDir } from '../host/default-data-dir';
import type { Logger } from '../lib/logger';
import { openProfileStore } from '../session/profile-store';
import { openTokenVault } from '../session/token-vault';
import { flag, type ParsedArgs } from './cli-args';

export interface CliTarget {
  /** The cache file: --db, or the profile's own cache in the app's data folder. */
  db: string;
  baseUrl: string | null;
  token: string | null;
}

/**
 * `--profile NAME [--data-dir D]` reads a profile the app saved (its base URL, its token where it
 * was kept in the private file) and uses the app's own cache file for it; `--db`, `--base-url`
 * and `--token` (or CASEDESK_TOKEN) override or stand alone.
 */
export async function resolveTarget(args: ParsedArgs, logger: Logger): Promise<CliTarget> {
  const name = flag(args, 'profile');
  const explicitDb = flag(args, 'db');
  if (!name) {
    if (!explicitDb)
      throw new Error('--db is required (or --profile NAME to use a profile saved by the app).');
    return {
      db: resolve(explicitDb),
      baseUrl: flag(args, 'base-url'),
      token: flag(args, 'token') ?? process.env.CASEDESK_TOKEN ?? null,
    };
  }
  const { dataDir, profile, folder } = await findProfile(name, args, logger);
  const vault = await openTokenVault({ dataDir, cipher: null, logger });
  const token = flag(args, 'token') ?? process.env.CASEDESK_TOKEN ?? vault.get(profile.id) ?? null;
  return {
    db: explicitDb ? resolve(explicitDb) : join(folder, 'cache.db'),
    baseUrl: flag(args, 'base-url') ?? profile.baseUrl,
    token,
  };
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
