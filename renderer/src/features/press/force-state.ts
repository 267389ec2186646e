import type { OutboxItemView } from '../../../../preload/contract';

export interface ForceBanner {
  tone: 'info' | 'success' | 'warning' | 'danger';
  title?: string;
  text: string;
  /** The item failed for good: it is sent again only when the investigator retries it. */
  canRetry: boolean;
}

const PICKED_UP = 'The report reaches CaseDesk with a later sync and is listed here.';

/** What the forced generation's outbox item is really doing, in plain words. */
export function forceBanner(item: OutboxItemView, offline: boolean): ForceBanner {
  switch (item.state) {
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
