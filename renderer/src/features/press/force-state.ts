import type { OutboxItemView } from '../../../../preload/contract';

export interface ForceBanner {
  tone: 'info' | 'success' | 'warning' | 'danger';
  title?: string;
  text: string;
  /** The item failed for good: it is sent again only when the investigator retries it. */
  canRetry: boolean;
}

const PICKED_UP = 'The report reaches CaseDesk with a later sync and is listed here.';

/**
 * The forced generation's outbox item as last seen; `gone` once the outbox no longer lists it
 * (discarded there, which deletes it: not proof that it was sent).
 */
export type WatchedForce = Omit<OutboxItemView, 'state'> & {
  state: OutboxItemView['state'] | 'gone';
};

/** The watched item after the outbox was read again. */
export function followForce(
  watched: WatchedForce,
  listed: readonly OutboxItemView[],
): WatchedForce {
  return listed.find((item) => item.id === watched.id) ?? { ...watched, state: 'gone' };
}

/** What the forced generation's outbox item is really doing, in plain words. */
export function forceBanner(item: WatchedForce, offline: boolean): ForceBanner {
  switch (item.state) {
    case 'gone':
      return {
        tone: 'info',
        text:
          'Forced generation is no longer in the outbox: if it was discarded there, it was not ' +
          'sent; if it was sent, the report reaches CaseDesk with a later sync and is listed here.',
        canRetry: false,
      };
    case 'failed':
      return {
        tone: 'danger',
        title: 'The forced generation was not sent',
        text:
          `It failed after ${item.attempts === 1 ? '1 attempt' : `${item.attempts} attempts`}` +
          `${item.lastError ? `: ${item.lastError}` : '.'} It is not sent unless you retry it.`,
        canRetry: true,
      };
    case 'done':
      return {
        tone: 'success',
        text: `Forced generation was sent to the service. ${PICKED_UP}`,
        canRetry: false,
      };
    case 'sending':
      return {
        tone: 'info',
        text: `Forced generation is being sent to the service now. ${PICKED_UP}`,
        canRetry: false,
      };
    case 'queued':
      return offline
        ? {
            tone: 'info',
            text: `Forced generation waits in the outbox: it is sent once, when the service can be reached. ${PICKED_UP}`,
            canRetry: false,
          }
        : {
            tone: 'success',
            text: `Forced generation is in the outbox and is sent once. ${PICKED_UP}`,
            canRetry: false,
          };
  }
}
