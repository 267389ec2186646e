import type { Locator, Page } from '@playwright/test';

/** The thread list with its filters. */
export class ThreadsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.evaluate(() => {
      location.hash = '#/threads';
    });
    await this.screen.waitFor();
  }

  get screen(): Locator {
    return this.page.getByTestId('threads-screen');
  }
  get total(): Locator {
    return this.page.getByTestId('threads-total');
  }
  get range(): Locator {
    return this.page.getByTestId('threads-range');
  }
  get rows(): Locator {
    return this.page.getByTestId('thread-row');
  }
  get empty(): Locator {
    return this.page.getByTestId('threads-empty');
  }
  get next(): Locator {
    return this.page.getByTestId('threads-next');
  }
  get previous(): Locator {
    return this.page.getByTestId('threads-previous');
  }
  get content(): Locator {
    return this.page.getByTestId('filter-content');
  }
  get customer(): Locator {
    return this.page.getByTestId('filter-customer');
  }
  get contact(): Locator {
    return this.page.getByTestId('filter-contact');
  }
  get status(): Locator {
    return this.page.getByTestId('filter-status');
  }
  dateFrom(which: 'created' | 'updated'): Locator {
    return this.page.getByTestId(`filter-${which}-from`);
  }
  dateTo(which: 'created' | 'updated'): Locator {
    return this.page.getByTestId(`filter-${which}-to`);
  }
  /** A tag's chip (a label around its checkbox): click it to toggle. */
  tag(name: string): Locator {
    return this.page.getByTestId('filter-tags').locator('label').getByText(name, { exact: true });
  }
  reviewGroup(name: string): Locator {
    return this.page
      .getByTestId('filter-review-groups')
      .locator('label')
      .getByText(name, { exact: true });
  }
  get clear(): Locator {
    return this.page.getByTestId('clear-thread-filters');
  }
  /** Thread ids of the rows shown, in order. */
  async ids(): Promise<string[]> {
    return this.rows.evaluateAll((rows) =>
      rows.map((row) => row.getAttribute('data-thread-id') ?? ''),
    );
  }
  get selected(): Locator {
    return this.page.locator('[data-testid="thread-row"][aria-selected="true"]');
  }
}

/** One thread with its messages. */
export class ThreadPage {
  constructor(readonly page: Page) {}

  async open(id: string): Promise<void> {
    await this.page.evaluate(
      (target) => {
        location.hash = target;
      },
      `#/thread/${encodeURIComponent(id)}`,
    );
    await this.screen.waitFor();
  }

  get screen(): Locator {
    return this.page.getByTestId('thread-screen');
  }
  get title(): Locator {
    return this.screen.locator('#screen-title');
  }
  get messages(): Locator {
    return this.page.getByTestId('message');
  }
  message(id: string): Locator {
    return this.page.locator(`[data-testid="message"][data-message-id="${id}"]`);
  }
  /** The sandboxed frame of a message, to look inside. */
  body(message: Locator) {
    return message.getByTestId('message-frame').contentFrame();
  }
  get linkConfirm(): Locator {
    return this.page.getByTestId('link-confirm');
  }

  /**
   * From now on, keeps the shadow roots the app makes (the hidden copies that size message frames
   * are closed to the page otherwise).
   */
  async watchShadowRoots(): Promise<void> {
    await this.page.evaluate(() => {
      const roots: ShadowRoot[] = [];
      // eslint-disable-next-line @typescript-eslint/unbound-method -- called with its element below
      const attach = Element.prototype.attachShadow;
      Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
        const root = attach.call(this, init);
        roots.push(root);
        return root;
      };
      Object.assign(window, { casedeskShadowRoots: roots });
    });
  }

  /** The shadow roots seen since `watchShadowRoots`: their text, <style> elements and style="". */
  async shadowRoots(): Promise<Array<{ text: string; styles: number; styled: number }>> {
    return this.page.evaluate(() => {
      const roots =
        (window as Window & { casedeskShadowRoots?: ShadowRoot[] }).casedeskShadowRoots ?? [];
      return roots.map((root) => ({
        text: root.textContent,
        styles: root.querySelectorAll('style').length,
        styled: root.querySelectorAll('[style]').length,
      }));
    });
  }
}
