import type { Migration } from '../../lib/sqlite/migrate';
import { migration001 } from './001-initial';
import { migration002 } from './002-record-digests';
import { migration003 } from './003-record-words';
import { migration004 } from './004-covering-list-indexes';
import { migration005 } from './005-kyt-index';
import { migration006 } from './006-record-words-in-place';
import { migration007 } from './007-journal';

/** Every local store migration, in order. Add one file per schema change; never edit a released one. */
export const LOCAL_MIGRATIONS: readonly Migration[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
  migration007,
];
