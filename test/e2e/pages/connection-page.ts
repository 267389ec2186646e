import type { Locator, Page } from '@playwright/test';

export type StorageLabel =
  | 'In memory for this run only'
  | 'In a private file, not encrypted'
  | 'Encrypted by the system keyring';

/** The connection screen, as an investigator sees it. */
export class ConnectionPage {
  constructor(readonly page: Page) {}

  get screen(): Locator {
    return this.page.getByTestId('connection-screen');
  }
  get name(): Locator {
    return this.page.getByLabel('Name', { exact: true });
  }
  get baseUrl(): Locator {
    return this.page.getByLabel('Base URL');
  }
  get token(): Locator {
    return this.page.getByLabel('API token');
  }
  get saveButton(): Locator {
    return this.page.getByTestId('save-profile');
  }
  get testButton(): Locator {
    return this.page.getByTestId('test-connection');
  }
  get result(): Locator {
    return this.page.getByTestId('connection-result');
  }
  get notice(): Locator {
    return this.page.getByTestId('form-notice');
  }
  get activeProfile(): Locator {
    return this.page.getByTestId('active-profile');
  }
  get items(): Locator {
    return this.page.getByTestId('profile-item');
  }
  item(name: string): Locator {
    return this.page.locator(`[data-testid="profile-item"][data-profile-name="${name}"]`);
  }
  storage(label: StorageLabel): Locator {
    return this.page.getByLabel(label);
  }

  async fill(values: {
    name?: string;
    baseUrl?: string;
    token?: string;
    storage?: StorageLabel;
  }): Promise<void> {
    if (values.name !== undefined) await this.name.fill(values.name);
    if (values.baseUrl !== undefined) await this.baseUrl.fill(values.baseUrl);
    if (values.token !== undefined) await this.token.fill(values.token);
    if (values.storage) await this.storage(values.storage).check();
  }

  async add(values: {
    name: string;
    baseUrl: string;
    token: string;
    storage?: StorageLabel;
  }): Promise<void> {
    await this.page.getByTestId('new-profile').click();
    await this.fill(values);
    await this.saveButton.click();
    await this.item(values.name).waitFor();
  }
}
