import type { Migration } from '../../lib/sqlite/migrate';

// Press reports and KYT transactions cannot be listed or read again from the service, so they are
// not cache data: CaseDesk keeps them in the profile's local store (issues 14 and 15), which is
// backed up and never rebuilt. The cache's two tables for them were never written; a cache that is
// rebuilt when damaged must not look like a home for what only CaseDesk knows.
export const migration005: Migration = {
  version: 5,
  name: 'drop the never-written press and KYT tables',
  up(db) {
    db.exec(`
      DROP TABLE IF EXISTS press_reports;
      DROP TABLE IF EXISTS kyt_transactions;
    `);
  },
};
