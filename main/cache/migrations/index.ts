import { migration001 } from './001-initial';
import { migration002 } from './002-queue';
import { migration003 } from './003-threads';
import { migration004 } from './004-unreadable-records';
import { migration005 } from './005-drop-local-only-tables';
import { migration006 } from './006-queue-versions';
import { migration007 } from './007-state-score-tallies';
import type { Migration } from '../../lib/sqlite/migrate';

/** Every migration, in order. Add one file per schema change; never edit a released one. */
export const MIGRATIONS: readonly Migration[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
  migration007,
];

export const LATEST_VERSION = MIGRATIONS.at(-1)?.version ?? 0;
