import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { safeFileName } from '../lib/safe-file-name';
import { backupDatabase } from '../lib/sqlite/backup';
import { LOCAL_STORE_FILE } from '../local/local-store';
import type { Logger } from '../lib/logger';
import { outboxFilesDir, partialCopyPath } from '../outbox/outbox-files';
import { SETTINGS_FILE } from '../settings/profile-settings';
import { VIEWS_FILE } from '../views/saved-views';
import { flag, type ParsedArgs } from './cli-args';
import { resolveProfile } from './cli-profile';
import { ensurePrivateDatabaseFile } from '../lib/private-files';

export const BACKUP_MANIFEST = 'backup.json';

export interface BackupEntry {
  name: string;
  /** How it was copied: a database by SQLite's backup API, or as it is when SQLite cannot read it. */
  how: 'sqlite-backup' | 'copied-as-is' | 'file' | 'folder';
  bytes: number;
  /** Why a database was copied as it is. */
  note?: string;
}

export interface BackupReport {
  profile: { id: string; name: string };
  folder: string;
  createdAt: string;
  entries: BackupEntry[];
}

/**
 * `backup --profile NAME [--out DIR]`: what of a profile cannot be fetched again from the service,
 * copied into a new folder `<profile name>-<time>` under DIR, by default under the profile's own
 * `backups/` folder. The local store and the outbox are copied with SQLite's backup API (consistent
 * even while the app writes), then the saved views, the file settings and the outbox's copies of
 * files waiting to be uploaded. The cache is left out: a sync rebuilds it. `backup.json`, written
 * last, lists what the folder holds; a backup that fails part-way removes its folder.
 */
export async function backupProfile(args: ParsedArgs, logger: Logger): Promise<BackupReport> {
  const { profile, folder } = await resolveProfile(args, logger);
  if (!existsSync(folder))
    throw new Error(`The profile “${profile.name}” has nothing on this computer yet (${folder}).`);
  const createdAt = new Date().toISOString();
  const base = resolve(flag(args, 'out') ?? join(folder, 'backups'));
  // What only CaseDesk knows (notes, submissions) is for this user alone, like the data folder.
  mkdirSync(base, { recursive: true, mode: 0o700 });
  const target = join(
    base,
    `${safeFileName(profile.name, 'profile')}-${createdAt.replace(/[:.]/g, '-')}`,
  );
  // Not recursive: a folder already there is never written into.
  mkdirSync(target, { mode: 0o700 });
  try {
    const entries: BackupEntry[] = [];
    const files = outboxFilesDir(join(folder, 'outbox.db'));
    const copiedFiles = join(target, basename(files));
    // Files waiting to be uploaded are copied on both sides of the outbox's snapshot: one delivered
    // meanwhile is gone after it (the first pass has it), one queued meanwhile is new (the second).
    const copyFiles = () => {
      if (!existsSync(files)) return;
      // A copy still being written is not a whole file yet: its item is not queued either.
      cpSync(files, copiedFiles, {
        recursive: true,
        force: false,
        filter: (path) => !path.endsWith(partialCopyPath('')),
      });
    };
    copyFiles();
    for (const name of [LOCAL_STORE_FILE, 'outbox.db']) {
      const source = join(folder, name);
      if (existsSync(source)) entries.push(await copyDatabase(source, join(target, name)));
    }
    copyFiles();
    for (const name of [VIEWS_FILE, SETTINGS_FILE]) {
      const source = join(folder, name);
      if (!existsSync(source)) continue;
      copyFileSync(source, join(target, name));
      entries.push({ name, how: 'file', bytes: statSync(source).size });
    }
    if (existsSync(copiedFiles))
      entries.push({ name: basename(files), how: 'folder', bytes: folderBytes(copiedFiles) });
    const report: BackupReport = {
      profile: { id: profile.id, name: profile.name },
      folder: target,
      createdAt,
      entries,
    };
    writeFileSync(join(target, BACKUP_MANIFEST), `${JSON.stringify(report, null, 2)}\n`, {
      mode: 0o600,
    });
    return report;
  } catch (error) {
    rmSync(target, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A database SQLite cannot read (damaged) is still copied, as it is with its WAL: the backup is
 * where it may be recovered from.
 */
async function copyDatabase(source: string, destination: string): Promise<BackupEntry> {
  const name = basename(source);
  try {
    // For this user alone, like the store it copies.
    ensurePrivateDatabaseFile(destination);
    await backupDatabase(source, destination);
    return { name, how: 'sqlite-backup', bytes: statSync(destination).size };
  } catch (error) {
    rmSync(destination, { force: true });
    for (const suffix of ['', '-wal']) {
      if (existsSync(`${source}${suffix}`))
        copyFileSync(`${source}${suffix}`, `${destination}${suffix}`);
    }
    return {
      name,
      how: 'copied-as-is',
      bytes: statSync(destination).size,
      note: `SQLite could not read it (${(error as Error).message})`,
    };
  }
}

function folderBytes(path: string): number {
  return readdirSync(path, { recursive: true, encoding: 'utf8' }).reduce((total, name) => {
    const stat = statSync(join(path, name));
    return stat.isFile() ? total + stat.size : total;
  }, 0);
}
