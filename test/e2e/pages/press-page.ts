import { expect, type Locator, type Page } from '@playwright/test';

export type GenerateField =
  | 'name'
  | 'firstName'
  | 'middleName'
  | 'lastName'
  | 'companyName'
  | 'countries'
  | 'dateOfBirth'
  | 'entityType';

export type CategoryChange =
  | 'added'
  | 'removed'
  | 'severity'
  | 'certainty'
  | 'severity-and-certainty'
  | 'reverted'
  | 'restored';

/**
 * Press reports as an investigator meets them: the Press screen (`g r`) with its filters and
 * dialogs, a customer's Press tab, the report reader and the comparison.
 */
export class PressPage {
  constructor(readonly page: Page) {}

  /** `g r`, as an investigator goes there from anywhere. */
  async openWithKeyboard(): Promise<void> {
    await this.page.keyboard.press('g');
    await this.page.keyboard.press('r');
    await this.screen.waitFor();
  }
  /** Through the rail. */
  async open(): Promise<void> {
    await this.page.getByTestId('nav-press').click();
    await this.screen.waitFor();
  }

  // The Press screen.
  get screen(): Locator {
    return this.page.getByTestId('press-screen');
  }
  get count(): Locator {
    return this.page.getByTestId('press-count');
  }
  get empty(): Locator {
    return this.page.getByTestId('press-empty');
  }
  /** Rows of whichever report list is shown (the Press screen's or a customer's tab). */
  get rows(): Locator {
    return this.page.getByTestId('press-report');
  }
  row(id: string): Locator {
    return this.page.locator(`[data-testid="press-report"][data-report-id="${id}"]`);
  }
  /** The report ids of the rows shown, in order. */
  async rowIds(): Promise<string[]> {
    return this.rows.evaluateAll((rows) =>
      rows.map((row) => row.getAttribute('data-report-id') ?? ''),
    );
  }
  get filterSubject(): Locator {
    return this.page.getByTestId('press-filter-subject');
  }
  get filterCategory(): Locator {
    return this.page.getByTestId('press-filter-category');
  }
  get filterSeverity(): Locator {
    return this.page.getByTestId('press-filter-severity');
  }
  get filterKeptFrom(): Locator {
    return this.page.getByTestId('press-filter-kept-from');
  }
  get filterKeptTo(): Locator {
    return this.page.getByTestId('press-filter-kept-to');
  }
  get filterClear(): Locator {
    return this.page.getByTestId('press-filter-clear');
  }
  get openByIdButton(): Locator {
    return this.page.getByTestId('press-open-by-id');
  }
  get openDialog(): Locator {
    return this.page.getByTestId('press-open-dialog');
  }
  get openError(): Locator {
    return this.page.getByTestId('press-open-error');
  }

  /** Open by id… from the Press screen: types the id and presses Enter. */
  async openById(id: string): Promise<void> {
    await this.openByIdButton.click();
    await expect(this.openDialog).toBeVisible();
    await this.openDialog.getByTestId('press-open-id').fill(id);
    await this.page.keyboard.press('Enter');
  }

  // The customer's Press tab.
  get customerTab(): Locator {
    return this.page.getByTestId('press-customer-tab');
  }
  get generateButton(): Locator {
    return this.page.getByTestId('press-generate');
  }
  get forceButton(): Locator {
    return this.page.getByTestId('press-force');
  }
  get forceQueued(): Locator {
    return this.page.getByTestId('press-force-queued');
  }
  get forceConfirmText(): Locator {
    return this.page.getByTestId('press-force-confirm-text');
  }
  /** The force confirmation's own confirm button. */
  get forceConfirm(): Locator {
    return this.page
      .getByRole('dialog', { name: 'Force a press report for this customer?' })
      .getByRole('button', { name: 'Force generation', exact: true });
  }

  // The generate dialog.
  get generateDialog(): Locator {
    return this.page.getByTestId('press-generate-dialog');
  }
  field(name: GenerateField): Locator {
    return this.generateDialog.getByTestId(`press-generate-${name}`);
  }
  get generateNext(): Locator {
    return this.page.getByTestId('press-generate-next');
  }
  get generateCost(): Locator {
    return this.page.getByTestId('press-generate-cost');
  }
  get generateConfirm(): Locator {
    return this.page.getByTestId('press-generate-confirm');
  }
  get generateRecent(): Locator {
    return this.page.getByTestId('press-generate-recent');
  }
  get generateRepeat(): Locator {
    return this.page.getByTestId('press-generate-repeat');
  }
  get generateError(): Locator {
    return this.page.getByTestId('press-generate-error');
  }

  // The report reader.
  get report(): Locator {
    return this.page.getByTestId('press-report-screen');
  }
  get reader(): Locator {
    return this.page.getByTestId('press-reader');
  }
  get reportId(): Locator {
    return this.page.getByTestId('press-report-id');
  }
  get origin(): Locator {
    return this.page.getByTestId('press-origin');
  }
  get riskSummary(): Locator {
    return this.page.getByTestId('press-risk-summary');
  }
  get generalSummary(): Locator {
    return this.page.getByTestId('press-general-summary');
  }
  get categories(): Locator {
    return this.reader.getByTestId('press-category');
  }
  get sources(): Locator {
    return this.reader.getByTestId('press-source');
  }
  source(key: string): Locator {
    return this.reader.locator(`[data-testid="press-source"][data-source-key="${key}"]`);
  }
  get readCount(): Locator {
    return this.page.getByTestId('press-sources-read-count');
  }
  get fetched(): Locator {
    return this.page.getByTestId('press-report-fetched');
  }
  get freshDiff(): Locator {
    return this.page.getByTestId('press-fresh-diff');
  }
  get compareWith(): Locator {
    return this.page.getByTestId('press-compare-with');
  }
  get generateAgain(): Locator {
    return this.page.getByTestId('press-generate-again');
  }
  /** The id of the report the reader shows, once it shows one. */
  async shownReportId(): Promise<string> {
    await expect(this.reader).toBeVisible();
    return (await this.reportId.innerText()).trim();
  }

  // "Compare with…".
  get compareDialog(): Locator {
    return this.page.getByTestId('press-compare-dialog');
  }
  compareChoice(id: string): Locator {
    return this.compareDialog.locator(`input[type="radio"][value="${id}"]`);
  }
  get compareGo(): Locator {
    return this.page.getByTestId('press-compare-go');
  }

  // The comparison (also inside the reader, as the changes since the previous report).
  get compareScreen(): Locator {
    return this.page.getByTestId('press-compare-screen');
  }
  get olderSide(): Locator {
    return this.page.getByTestId('press-compare-older');
  }
  get newerSide(): Locator {
    return this.page.getByTestId('press-compare-newer');
  }
  diffCategory(name: string, within: Locator | Page = this.page): Locator {
    return within.getByTestId('press-diff-category').filter({ hasText: name });
  }
  get diffSourcesAdded(): Locator {
    return this.page.getByTestId('press-diff-source-added');
  }
  get diffSourcesRemoved(): Locator {
    return this.page.getByTestId('press-diff-source-removed');
  }
  get diffNamesakeCount(): Locator {
    return this.page.getByTestId('press-diff-namesake-count');
  }
  get diffNamesakeScore(): Locator {
    return this.page.getByTestId('press-diff-namesake-score');
  }
  /** A summary's two sides ('risk' or 'general'), with its <ins> and <del> pieces. */
  summaryDiff(which: 'risk' | 'general', within: Locator | Page = this.page) {
    const section = within.getByTestId(`press-diff-${which}`);
    return {
      section,
      older: section.getByTestId(`press-diff-${which}-older`),
      newer: section.getByTestId(`press-diff-${which}-newer`),
      added: section.locator('ins'),
      removed: section.locator('del'),
    };
  }
}
