import type { Locator, Page } from '@playwright/test';

export type CustomerTabName =
  | 'overview'
  | 'alerts'
  | 'timeline'
  | 'documents'
  | 'threads'
  | 'press'
  | 'transactions'
  | 'relations'
  | 'notes';

/** The customer 360, as an investigator sees it: a heading, tabs and their panels. */
export class CustomerPage {
  constructor(readonly page: Page) {}

  /** Opens a customer in-app (the address carries a one-time secret, so never page.goto). */
  async open(externalId: string, tab?: CustomerTabName): Promise<void> {
    const hash = `#/customer/${encodeURIComponent(externalId)}${tab && tab !== 'overview' ? `/${tab}` : ''}`;
    await this.page.evaluate((target) => {
      location.hash = target;
    }, hash);
    await this.screen.waitFor();
  }

  get screen(): Locator {
    return this.page.getByTestId('customer-screen');
  }
  get title(): Locator {
    return this.screen.locator('#screen-title');
  }
  get externalId(): Locator {
    return this.page.getByTestId('customer-external-id');
  }
  get accountType(): Locator {
    return this.page.getByTestId('customer-account-type');
  }
  get reviewGroups(): Locator {
    return this.page.getByTestId('customer-review-groups');
  }
  get notFound(): Locator {
    return this.page.getByTestId('customer-not-found');
  }
  tab(name: CustomerTabName): Locator {
    return this.page.getByTestId(`tab-${name}`);
  }
  panel(name: CustomerTabName): Locator {
    return this.page.getByTestId(`panel-${name}`);
  }

  /** An identity field's shown value, by its read-shape key. */
  field(key: string): Locator {
    return this.page.locator(
      `[data-testid="identity-field"][data-key="${key}"] [data-testid="identity-value"]`,
    );
  }
  get fields(): Locator {
    return this.page.getByTestId('identity-field');
  }
  get showEmptyFields(): Locator {
    return this.page.getByTestId('toggle-empty-fields');
  }
  indicator(key: string): Locator {
    return this.page.locator(
      `[data-testid="indicator"][data-key="${key}"] [data-testid="indicator-value"]`,
    );
  }
  get riskPending(): Locator {
    return this.page.getByTestId('risk-pending');
  }
  get overallRisk(): Locator {
    return this.page.getByTestId('overall-risk');
  }
  get statsAlerts(): Locator {
    return this.page.getByTestId('stats-alerts');
  }
  get relations(): Locator {
    return this.page.getByTestId('relation-link');
  }
  get timelineEvents(): Locator {
    return this.page.getByTestId('timeline-event');
  }
  get documents(): Locator {
    return this.page.getByTestId('customer-document');
  }
  get alerts(): Locator {
    return this.page.getByTestId('customer-alert');
  }
  get threads(): Locator {
    return this.page.getByTestId('thread-row');
  }
  get pressEmpty(): Locator {
    return this.page.getByTestId('press-empty');
  }
  get pressReports(): Locator {
    return this.page.getByTestId('press-report');
  }
  get linkConfirm(): Locator {
    return this.page.getByTestId('link-confirm');
  }
}
