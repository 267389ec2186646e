import type { SyncStatusView } from '../../../../preload/contract';

/**
 * The local store notice to show, unless the investigator chose to keep working from the cache
 * after reading this very notice (another profile's, or a new reason, is shown again).
 */
export function shownLocalStoreNotice(
  status: SyncStatusView | null,
  dismissed: string | null,
): string | null {
  const notice = status?.localStoreNotice ?? null;
  return notice !== null && notice !== dismissed ? notice : null;
}
