import type { Locator, Page } from '@playwright/test';

export type DashboardChart =
  'states' | 'categories' | 'scores' | 'open-age' | 'created' | 'updated';

/**
 * The dashboard, as an investigator sees it: big numbers and charts whose bars are buttons. The
 * alerts-over-time charts are canvases (uPlot) with one button per period lying over the plot.
 */
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

  /** The plot of a time series, which uPlot draws on a canvas and takes the pointer over. */
  plotArea(chart: 'created' | 'updated'): Locator {
    return this.chart(chart).locator('.u-over');
  }
  /** uPlot's cursor mark on a time series: the hovered (or keyboard's) period's column. */
  cursorMark(chart: 'created' | 'updated'): Locator {
    return this.chart(chart).locator('.u-cursor-pt');
  }
  /** The readout of the period under the cursor: the period and both its counts. */
  get readout(): Locator {
    return this.page.getByTestId('series-readout');
  }
  /** A time series' periods, in order, as the buttons over its plot say them. */
  async periods(chart: 'created' | 'updated'): Promise<Array<{ key: string; count: number }>> {
    return this.chart(chart)
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons.map((button) => ({
          key: button.getAttribute('data-key') ?? '',
          count: Number(button.getAttribute('data-count')),
        })),
      );
  }
  /** A point on a period's bar, 3px above the baseline, relative to the plot. */
  async barPoint(chart: 'created' | 'updated', key: string): Promise<{ x: number; y: number }> {
    const plot = await this.plotArea(chart).boundingBox();
    const period = await this.bar(chart, key).boundingBox();
    if (!plot || !period) throw new Error(`no ${chart} period ${key} on screen`);
    return { x: period.x - plot.x + period.width / 2, y: plot.height - 3 };
  }
  /** The colour the chart's canvas shows at a point of its plot, as [red, green, blue]. */
  async canvasColour(chart: 'created' | 'updated', point: { x: number; y: number }) {
    return this.chart(chart).evaluate((element, at) => {
      const canvas = element.querySelector('canvas');
      const plot = element.querySelector('.u-over');
      if (!canvas || !plot) throw new Error('the chart has no canvas');
      const box = canvas.getBoundingClientRect();
      const scale = canvas.width / box.width;
      const origin = plot.getBoundingClientRect();
      const pixel = canvas
        .getContext('2d')
        ?.getImageData(
          Math.floor((origin.left + at.x - box.left) * scale),
          Math.floor((origin.top + at.y - box.top) * scale),
          1,
          1,
        ).data;
      return pixel ? [...pixel.slice(0, 3)] : [];
    }, point);
  }
  /** A CSS colour variable of the current theme, as [red, green, blue]. */
  async themeColour(variable: string): Promise<number[]> {
    return this.page.evaluate((name) => {
      const context = document.createElement('canvas').getContext('2d');
      if (!context) throw new Error('no 2d canvas');
      context.fillStyle = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    }, variable);
  }
}

/** How far apart two colours are: the largest difference of a channel (canvases round by one). */
export function colourDistance(a: number[], b: number[]): number {
  if (a.length !== 3 || b.length !== 3) return Infinity;
  return Math.max(...a.map((channel, index) => Math.abs(channel - (b[index] ?? 0))));
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
