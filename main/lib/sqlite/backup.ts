import Database from 'better-sqlite3';

/**
 * A consistent copy of a database with SQLite's online backup API: a snapshot of one moment, the
 * WAL's committed writes included, while the app may be writing. The source is opened read-only
 * and its schema is neither checked nor migrated: a file from a newer CaseDesk is copied as it is.
 */
export async function backupDatabase(source: string, destination: string): Promise<void> {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(destination);
  } finally {
    db.close();
  }
}
