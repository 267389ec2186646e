import type { Locator, Page } from '@playwright/test';

/** The Outbox screen and the rail's badge. */
export class OutboxPage {
  constructor(readonly page: Page) {}

  /** Through the rail, as an investigator goes there. */
  async open(): Promise<void> {
    await this.page.getByTestId('nav-outbox').click();
    await this.screen.waitFor();
  }

  get screen(): Locator {
    return this.page.getByTestId('outbox-screen');
  }
  get badge(): Locator {
    return this.page.getByTestId('outbox-badge');
  }
  get items(): Locator {
    return this.page.getByTestId('outbox-item');
  }
  get empty(): Locator {
    return this.page.getByTestId('outbox-empty');
  }
  get explainer(): Locator {
    return this.page.getByTestId('outbox-explainer');
  }
  get selected(): Locator {
    return this.page.locator('[data-testid="outbox-item"][aria-selected="true"]');
  }
  item(id: string): Locator {
    return this.page.locator(`[data-testid="outbox-item"][data-outbox-id="${id}"]`);
  }
  state(id: string): Locator {
    return this.item(id).getByTestId('outbox-state');
  }
  error(id: string): Locator {
    return this.item(id).getByTestId('outbox-error');
  }
  retry(id: string): Locator {
    return this.item(id).getByTestId('outbox-retry');
  }
  discard(id: string): Locator {
    return this.item(id).getByTestId('outbox-discard');
  }
  get discardConfirm(): Locator {
    return this.page.getByTestId('outbox-discard-confirm');
  }
  /** The confirmation dialog's own buttons. */
  confirmButton(name: 'Discard' | 'Cancel'): Locator {
    return this.page.getByRole('dialog').getByRole('button', { name, exact: true });
  }
  /** The state of every item shown, by outbox id. */
  async states(): Promise<Record<string, string>> {
    const pairs = await this.items.evaluateAll((rows) =>
      rows.map((row): [string, string] => [
        row.getAttribute('data-outbox-id') ?? '',
        row.getAttribute('data-state') ?? '',
      ]),
    );
    return Object.fromEntries(pairs);
  }
}
