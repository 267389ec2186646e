import { expect, type Locator, type Page } from '@playwright/test';

export type QueueColumn =
  | 'id'
  | 'agentId'
  | 'customerName'
  | 'customerExternalId'
  | 'category'
  | 'score'
  | 'state'
  | 'work'
  | 'createdAt'
  | 'updatedAt'
  | 'reviewGroups';

/** What one row of the queue shows, read from the screen. */
export interface ShownRow {
  id: string;
  customerExternalId: string;
  category: string;
  score: number;
  state: number;
}

/** The alert queue, as an investigator sees it. */
export class QueuePage {
  constructor(readonly page: Page) {}

  /** Opens the queue in-app (the address carries a one-time secret, so never page.goto). */
  async open(
    filter?: Record<string, unknown>,
    sort?: { column: QueueColumn; direction: 'asc' | 'desc' },
  ): Promise<void> {
    const params = new URLSearchParams();
    if (filter) params.set('filter', JSON.stringify(filter));
    if (sort) params.set('sort', `${sort.column}:${sort.direction}`);
    const hash = params.size ? `#/queue?${params.toString()}` : '#/queue';
    await this.page.evaluate((target) => {
      location.hash = target;
    }, hash);
    await this.table.waitFor();
  }

  get screen(): Locator {
    return this.page.getByTestId('queue-screen');
  }
  get table(): Locator {
    return this.page.getByTestId('queue-table');
  }
  get rows(): Locator {
    return this.page.getByTestId('queue-row');
  }
  get placeholders(): Locator {
    return this.table.locator('.queue-row.is-placeholder');
  }
  row(id: string): Locator {
    return this.page.locator(`[data-testid="queue-row"][data-alert-id="${id}"]`);
  }
  get selectedRow(): Locator {
    return this.page.locator('[data-testid="queue-row"][aria-selected="true"]');
  }
  get total(): Locator {
    return this.page.getByTestId('queue-total');
  }
  get notice(): Locator {
    return this.page.getByTestId('queue-notice');
  }
  get noMatch(): Locator {
    return this.page.getByTestId('queue-no-match');
  }
  stateChip(state: number): Locator {
    return this.page.getByTestId(`state-chip-${state}`);
  }
  columnHeader(column: QueueColumn): Locator {
    return this.page.getByTestId(`sort-${column}`).locator('xpath=..');
  }
  get customerFilter(): Locator {
    return this.page.getByTestId('filter-customer');
  }
  get clearButton(): Locator {
    return this.page.getByTestId('clear-filters');
  }

  /** The number of alerts the queue says match, once it has settled on `expected` if given. */
  async shownTotal(): Promise<number> {
    return Number(await this.table.getAttribute('data-total'));
  }

  async expectTotal(expected: number): Promise<void> {
    await expect(this.table).toHaveAttribute('data-total', String(expected));
    await expect(this.table).not.toHaveAttribute('aria-busy', 'true');
  }

  async setScore(from: number | null, to: number | null): Promise<void> {
    await this.page.getByTestId('filter-score-from').fill(from === null ? '' : String(from));
    await this.page.getByTestId('filter-score-to').fill(to === null ? '' : String(to));
  }

  async chooseCategories(...labels: string[]): Promise<void> {
    const filter = this.page.getByTestId('filter-category');
    await filter.getByRole('button', { name: /Category/ }).click();
    for (const label of labels)
      await filter.getByRole('checkbox', { name: label, exact: true }).check();
    await this.page.keyboard.press('Escape');
  }

  async chooseReviewGroup(group: string): Promise<void> {
    const filter = this.page.getByTestId('filter-review-groups');
    await filter.getByRole('button', { name: /Review group/ }).click();
    await filter.getByRole('checkbox', { name: group, exact: true }).check();
    await this.page.keyboard.press('Escape');
  }

  async setCreated(from: string, to: string): Promise<void> {
    const filter = this.page.getByTestId('filter-created');
    await filter.getByRole('button', { name: /Created/ }).click();
    await filter.getByLabel('From').fill(from);
    await filter.getByLabel('To').fill(to);
    await this.page.keyboard.press('Escape');
  }

  async sortBy(column: QueueColumn): Promise<void> {
    await this.page.getByTestId(`sort-${column}`).click();
  }

  /** The rows in the DOM now, in screen order, with what they show. */
  async renderedRows(): Promise<ShownRow[]> {
    await expect(this.table).not.toHaveAttribute('aria-busy', 'true');
    await expect(this.placeholders).toHaveCount(0);
    const rows = await this.rows.evaluateAll((elements) =>
      elements.map((element) => {
        const value = (column: string) =>
          element.querySelector(`.queue-col-${column}`)?.getAttribute('data-value') ?? '';
        return {
          index: Number(element.getAttribute('data-index')),
          id: element.getAttribute('data-alert-id') ?? '',
          customerExternalId:
            element.querySelector('.queue-col-customerExternalId')?.textContent?.trim() ?? '',
          category: value('category'),
          score: Number(value('score')),
          state: Number(value('state')),
        };
      }),
    );
    return rows
      .sort((a, b) => a.index - b.index)
      .map(({ id, customerExternalId, category, score, state }) => ({
        id,
        customerExternalId,
        category,
        score,
        state,
      }));
  }

  /** Every row of the filtered queue, scrolling the table from top to bottom to reach them. */
  async allRows(): Promise<ShownRow[]> {
    const total = await this.shownTotal();
    const seen = new Map<string, ShownRow>();
    // Rows come a window at a time: a part just scrolled to may still be loading, so each place
    // is read until it settles, and a pass that missed some rows goes over the list again.
    for (let pass = 0; pass < 3 && seen.size < total; pass += 1) {
      await this.table.evaluate((element) => {
        element.scrollTop = 0;
      });
      for (;;) {
        for (let read = 0; read < 3; read += 1) {
          const before = seen.size;
          for (const row of await this.renderedRows()) seen.set(row.id, row);
          if (read > 0 && seen.size === before) break;
          await this.page.waitForTimeout(50);
        }
        if (seen.size >= total) break;
        const moved = await this.table.evaluate((element) => {
          const before = element.scrollTop;
          element.scrollTop += element.clientHeight - 80;
          return element.scrollTop !== before;
        });
        if (!moved) break;
      }
    }
    return [...seen.values()];
  }

  // Saved views

  view(name: string): Locator {
    return this.page.locator(`[data-testid="saved-view"][data-view-name="${name}"]`);
  }
  get activeView(): Locator {
    return this.page.locator('[data-testid="saved-view"][data-active="true"]');
  }

  async saveView(name: string): Promise<void> {
    await this.page.getByTestId('save-view').click();
    await this.page.getByLabel('View name').fill(name);
    await this.page.getByTestId('save-view-form').getByRole('button', { name: 'Save' }).click();
    await expect(this.view(name)).toBeVisible();
  }

  async applyView(name: string): Promise<void> {
    await this.view(name).getByRole('button', { name, exact: true }).click();
  }

  async deleteView(name: string): Promise<void> {
    await this.view(name)
      .getByRole('button', { name: `Delete view ${name}` })
      .click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Delete view' }).click();
    await expect(this.view(name)).toHaveCount(0);
  }
}
