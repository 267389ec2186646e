import type { ServiceClient } from '../api';
import type { Logger } from '../lib/logger';
import type { LocalStore } from '../local/local-store';
import type { KytKindContext } from '../outbox/kinds/kyt-submit';
import { createKytChanges, type KytChangeListener, type KytChanges } from './kyt-changes';
import { createKytSender } from './kyt-sender';
import { createKytStore, type KytSubmissions } from './kyt-store';
import type { KytSender } from './kyt-ports';

/** Why a submission waiting in a discarded outbox item no longer waits. */
export const DISCARDED_REASON = 'Discarded from the outbox before it was sent.';

/** The submissions of one profile: their store, the one way they are sent, who hears of changes. */
export interface KytSubmissionsCore {
  store: KytSubmissions;
  sender: KytSender;
  changes: KytChanges;
  /** What the outbox's `kyt.submit` kind uses (see KindContext). */
  kindContext: KytKindContext;
}

/**
 * The KYT submissions over a profile's open local store, as the app and the command line use
 * them: what lists read is derived again where it is missing or stale (a store recovered, or an
 * older derivation), and a submission left `sending` by a run that stopped is in doubt.
 */
export function openKytSubmissions(deps: {
  local: LocalStore;
  client: Pick<ServiceClient, 'kyt'>;
  logger: Logger;
  /** Submissions changed (gathered, see createKytChanges): `kyt.changed`. */
  announce?: KytChangeListener;
  /**
   * Whether submissions found `sending` are taken as interrupted (the app, at open: true). The
   * command line leaves them: the app may be sending one right now.
   */
  recoverInterrupted?: boolean;
  now?: () => number;
}): KytSubmissionsCore {
  const { logger } = deps;
  const now = deps.now ?? Date.now;
  const changes = createKytChanges(deps.announce ?? null);
  const store = createKytStore(deps.local, logger, now);
  const derived = store.rebuild();
  if (derived > 0) logger.info(`derived the list rows of ${derived} kept KYT submission(s)`);
  const sender = createKytSender({
    store,
    client: deps.client,
    logger,
    now,
    onChange: (ids) => changes.emit(ids),
  });
  if (deps.recoverInterrupted ?? true) sender.recoverInterrupted();

  const kindContext: KytKindContext = {
    send: (id, options) => sender.send(id, options),
    discarded(id) {
      // Only one not sent yet is withdrawn: one in doubt stays for the investigator's word.
      const found = store.get(id);
      if (found?.status !== 'waiting') return;
      store.settle(id, { status: 'withdrawn', statusReason: DISCARDED_REASON });
      changes.emit([id]);
    },
    retried(id) {
      // Retrying a failed item is the investigator's word to send it again.
      const found = store.get(id);
      if (found?.status !== 'in-doubt' && found?.status !== 'refused') return;
      store.settle(id, { status: 'waiting', statusReason: null });
      changes.emit([id]);
    },
  };
  return { store, sender, changes, kindContext };
}
