import type { Locator, Page } from '@playwright/test';

/** One alert's screen, as an investigator sees it. */
export class AlertPage {
  constructor(readonly page: Page) {}

  /** Opens an alert in-app (the address carries a one-time secret, so never page.goto). */
  async open(id: string): Promise<void> {
    await this.page.evaluate((target) => {
      location.hash = `#/alert/${encodeURIComponent(target)}`;
    }, id);
    await this.screen.waitFor();
  }

  get screen(): Locator {
    return this.page.getByTestId('alert-screen');
  }
  get layout(): Locator {
    return this.page.locator('.alert-layout');
  }
  get alertId(): Locator {
    return this.page.getByTestId('alert-id');
  }
  get state(): Locator {
    return this.page.getByTestId('alert-state');
  }
  get score(): Locator {
    return this.page.getByTestId('alert-score');
  }
  get category(): Locator {
    return this.page.getByTestId('alert-category');
  }
  get comment(): Locator {
    return this.page.getByTestId('alert-comment');
  }
  get agent(): Locator {
    return this.page.getByTestId('alert-agent');
  }
  get revisionNumber(): Locator {
    return this.page.getByTestId('alert-revision-number');
  }
  get profileNumber(): Locator {
    return this.page.getByTestId('alert-profile-number');
  }
  get revisions(): Locator {
    return this.page.getByTestId('alert-revision');
  }
  get identity(): Locator {
    return this.page.getByTestId('alert-identity');
  }
  get matchData(): Locator {
    return this.page.getByTestId('alert-match-data');
  }
  get otherAlerts(): Locator {
    return this.page.getByTestId('other-alert');
  }
  get otherAlertsCount(): Locator {
    return this.page.getByTestId('other-alerts').locator('.alert-card-note');
  }
  get showAllOtherAlerts(): Locator {
    return this.page.getByTestId('other-alerts').getByRole('button', { name: /^Show all/ });
  }
  get notFound(): Locator {
    return this.page.getByTestId('alert-not-found');
  }
  get openCustomerButton(): Locator {
    return this.page.getByTestId('open-customer');
  }
}
