import type { Locator, Page } from '@playwright/test';

export type SearchKind = 'customer' | 'alert' | 'thread' | 'message' | 'document' | 'press';

/** The global search palette (Ctrl/Cmd+K). */
export class SearchPalette {
  constructor(readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Search the offline cache' });
  }
  get input(): Locator {
    return this.dialog.getByRole('combobox', { name: 'Search the offline cache' });
  }
  get hits(): Locator {
    return this.dialog.getByRole('option');
  }
  get selected(): Locator {
    return this.dialog.locator('[role="option"][aria-selected="true"]');
  }
  get empty(): Locator {
    return this.dialog.getByTestId('search-empty');
  }
  group(kind: SearchKind): Locator {
    return this.dialog.locator(`[role="group"][data-kind="${kind}"]`);
  }
  hit(kind: SearchKind, id: string): Locator {
    return this.dialog.locator(`[role="option"][data-kind="${kind}"][data-id="${id}"]`);
  }

  /** Ctrl+K, as a user on Linux or Windows presses it. */
  async openWithKeyboard(): Promise<void> {
    await this.page.keyboard.press('Control+k');
    await this.input.waitFor();
  }
  async type(text: string): Promise<void> {
    await this.input.fill(text);
  }
  /** Moves the selection down with the arrow key until `target` is selected, then presses Enter. */
  async arrowTo(target: Locator): Promise<void> {
    const total = await this.hits.count();
    for (let step = 0; step <= total; step++) {
      if ((await target.getAttribute('aria-selected')) === 'true') {
        await this.page.keyboard.press('Enter');
        return;
      }
      await this.page.keyboard.press('ArrowDown');
    }
    throw new Error('The arrow keys never reached the wanted match.');
  }
}
