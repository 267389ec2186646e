import type { Migration } from '../../lib/sqlite/migrate';
import { migration001 } from './001-initial';

/** Every local store migration, in order. Add one file per schema change; never edit a released one. */
export const LOCAL_MIGRATIONS: readonly Migration[] = [migration001];
