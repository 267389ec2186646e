import type { ServiceClient } from '../api';
import type { Logger } from '../lib/logger';
import type { LocalRecords } from '../local/local-records';
import { createPressService, type PressService } from './press-service';
import { createPressStore } from './press-store';

/**
 * The press core over a profile's open local store, as the app and the command line use it: what
 * lists read is derived again first where it is missing (a store recovered, or older).
 */
export function openPress(
  records: LocalRecords,
  client: Pick<ServiceClient, 'press' | 'customers'>,
  logger: Logger,
): PressService {
  const store = createPressStore(records, logger);
  const reindexed = store.reindex();
  if (reindexed > 0) logger.info(`derived the list digests of ${reindexed} kept press report(s)`);
  return createPressService({ store, client, logger });
}
