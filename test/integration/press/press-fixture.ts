import { join } from 'node:path';
import { silentLogger } from '../../../main/lib/logger';
import { openLocalStore, type LocalStore } from '../../../main/local/local-store';
import { createPressService, type PressService } from '../../../main/press/press-service';
import { createPressStore } from '../../../main/press/press-store';
import type { ServiceClient } from '../../../main/api';

/** A press core over a local store in `folder`, on a clock the test moves. */
export function pressAt(
  folder: string,
  client: Pick<ServiceClient, 'press' | 'customers'>,
): { press: PressService; store: LocalStore; clock: { ms: number }; close(): void } {
  const clock = { ms: Date.now() };
  const opening = openLocalStore(join(folder, 'local.db'), silentLogger, () => clock.ms);
  if (opening.state !== 'open') throw new Error(opening.reason);
  const press = createPressService({
    store: createPressStore(opening.store, silentLogger),
    client,
    logger: silentLogger,
    now: () => clock.ms,
  });
  return { press, store: opening.store, clock, close: () => opening.store.close() };
}
