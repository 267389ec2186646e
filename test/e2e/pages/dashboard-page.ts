import type { Locator, Page } from '@playwright/test';

export type DashboardChart =
  'states' | 'categories' | 'scores' | 'open-age' | 'created' | 'updated';

/** The dashboard, as an investigator sees it: big numbers and charts whose bars are buttons. */
export class DashboardPage {
  constructor(readonly page: Page) {}

  /** Opens the dashboard in-app (the address carries a one-time secret, so never page.goto). */
  async open(): Promise<void> {
    await this.page.evaluate(() => {
      location.hash = '#/dashboard';
    });
    await this.screen.waitFor();
  }

  get screen(): Locator {
    return this.page.getByTestId('dashboard-screen');
  }
  get tiles(): Locator {
    return this.page.getByTestId('dashboard-tiles');
  }
  get empty(): Locator {
    return this.page.getByTestId('dashboard-empty');
  }
  tile(key: 'total' | 'open' | 'new' | 'pending' | 'true-hit' | 'high-score'): Locator {
    return this.page.getByTestId(`tile-${key}`);
  }
  chart(chart: DashboardChart): Locator {
    return this.page.getByTestId(`chart-${chart}`);
  }
  /** One bar (a button) of a chart, by its key: a state number, a category, a bucket start or a day. */
  bar(chart: DashboardChart, key: string): Locator {
    return this.chart(chart).locator(`button[data-key="${key}"]`);
  }
  async count(bar: Locator): Promise<number> {
    return Number(await bar.getAttribute('data-count'));
  }
}

/** What the address says the app shows: the screen and, for the queue, its filter. */
export async function currentRoute(
  page: Page,
): Promise<{ path: string; filter: Record<string, unknown> | null }> {
  const hash = await page.evaluate(() => location.hash);
  const [path = '', query = ''] = hash.split('?', 2);
  const filter = new URLSearchParams(query).get('filter');
  return { path, filter: filter ? (JSON.parse(filter) as Record<string, unknown>) : null };
}
