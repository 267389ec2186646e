import { expect, type Locator, type Page } from '@playwright/test';

export type KytSide = 'from' | 'to';

/**
 * KYT transactions as an investigator meets them: the Transactions screen (`g k`) with its list,
 * filters and tabs; the new-transaction form and its confirmation; a submission with its answer
 * explained and its decisions; the comparison of two; a customer's Transactions tab.
 */
export class KytPage {
  constructor(readonly page: Page) {}

  /** `g k`, as an investigator goes there from anywhere. */
  async openWithKeyboard(): Promise<void> {
    await this.page.keyboard.press('g');
    await this.page.keyboard.press('k');
    await this.screen.waitFor();
  }
  /** Through the rail. */
  async open(): Promise<void> {
    await this.page.getByTestId('nav-kyt').click();
    await this.screen.waitFor();
  }
  /** A customer's Transactions tab, in-app (the address carries a secret, so never page.goto). */
  async openCustomerTab(externalId: string): Promise<void> {
    await this.page.evaluate(
      (target) => {
        location.hash = target;
      },
      `#/customer/${encodeURIComponent(externalId)}/transactions`,
    );
    await this.customerTab.waitFor();
  }

  // The Transactions screen.
  get screen(): Locator {
    return this.page.getByTestId('kyt-screen');
  }
  get count(): Locator {
    return this.page.getByTestId('kyt-count');
  }
  get empty(): Locator {
    return this.page.getByTestId('kyt-empty');
  }
  get newButton(): Locator {
    return this.page.getByTestId('kyt-new');
  }
  get rows(): Locator {
    return this.page.getByTestId('kyt-row');
  }
  row(id: string): Locator {
    return this.page.locator(`[data-testid="kyt-row"][data-submission-id="${id}"]`);
  }
  /** The submission ids of the rows shown, in order. */
  async rowIds(): Promise<string[]> {
    return this.rows.evaluateAll((rows) =>
      rows.map((row) => row.getAttribute('data-submission-id') ?? ''),
    );
  }
  get inDoubtBanner(): Locator {
    return this.page.getByTestId('kyt-in-doubt-banner');
  }
  get showInDoubt(): Locator {
    return this.page.getByTestId('kyt-show-in-doubt');
  }
  filter(
    name:
      | 'label'
      | 'customer'
      | 'from'
      | 'to'
      | 'score-min'
      | 'score-max'
      | 'state'
      | 'currency'
      | 'status',
  ): Locator {
    return this.page.getByTestId(`kyt-filter-${name}`);
  }
  get filterClear(): Locator {
    return this.page.getByTestId('kyt-filter-clear');
  }
  tab(name: 'submissions' | 'batches'): Locator {
    return this.page.getByTestId(`kyt-tab-${name}`);
  }

  // The new-transaction form.
  get form(): Locator {
    return this.page.getByTestId('kyt-form');
  }
  /** A field by its path in the body: `amount`, `from.device.country`… */
  field(path: string): Locator {
    return this.form.getByTestId(`kyt-field-${path}`);
  }
  /** The message beside a field, once a check named it. */
  fieldError(path: string): Locator {
    return this.form
      .locator('.field')
      .filter({ has: this.page.getByTestId(`kyt-field-${path}`) })
      .locator('.field-error');
  }
  /** Opens the collapsible part of the transaction or of one participant. */
  async openDetails(which: 'transaction' | KytSide): Promise<void> {
    const details = this.page.getByTestId(`kyt-details-${which}`);
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
    await expect(details).toHaveAttribute('open', '');
  }
  /** Fills a participant from a cached customer found by name or id. */
  async pick(side: KytSide, text: string, externalId: string): Promise<void> {
    await this.page.getByTestId(`kyt-picker-${side}-input`).fill(text);
    await this.page
      .getByTestId(`kyt-picker-${side}`)
      .locator(`[data-testid="kyt-picker-choice"][data-external-id="${externalId}"]`)
      .click();
  }
  /** Amount, currency, label and two participants typed by hand, nothing high-risk about them. */
  async fillPlain(label: string): Promise<void> {
    await this.field('amount').fill('12500');
    await this.field('currency').fill('eur');
    await this.field('label').fill(label);
    await this.field('from.full_name').fill('Anna Lind');
    await this.field('from.external_id').fill('EXT-SENDER-1');
    await this.field('to.full_name').fill('Harbour Supplies GmbH');
    await this.field('to.external_id').fill('EXT-RECEIVER-1');
    await this.openDetails('from');
    await this.field('from.domicile_code').fill('se');
    await this.openDetails('to');
    await this.field('to.domicile_code').fill('DE');
  }
  get review(): Locator {
    return this.page.getByTestId('kyt-review');
  }
  get formProblems(): Locator {
    return this.page.getByTestId('kyt-form-problems');
  }
  get submitError(): Locator {
    return this.page.getByTestId('kyt-submit-error');
  }
  get prefillNote(): Locator {
    return this.page.getByTestId('kyt-prefill-note');
  }
  get whatIfOf(): Locator {
    return this.page.getByTestId('kyt-what-if-of');
  }
  get confirmDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Submit this transaction to the service?' });
  }
  get confirmText(): Locator {
    return this.page.getByTestId('kyt-confirm-text');
  }
  get confirmOffline(): Locator {
    return this.page.getByTestId('kyt-confirm-offline');
  }
  get confirmSubmit(): Locator {
    return this.confirmDialog.getByRole('button', { name: 'Submit transaction', exact: true });
  }
  /** Submit… then the confirmation's own button; waits for the dialog to go. */
  async submit(): Promise<void> {
    await this.review.click();
    await expect(this.confirmText).toBeVisible();
    await this.confirmSubmit.click();
    await expect(this.confirmDialog).toBeHidden({ timeout: 30_000 });
  }

  // A submission.
  get submission(): Locator {
    return this.page.getByTestId('kyt-submission-screen');
  }
  /** The id of the submission shown (CaseDesk's own). */
  async shownId(): Promise<string> {
    const detail = this.submission.locator('[data-submission-id]');
    await expect(detail).toBeVisible();
    return (await detail.getAttribute('data-submission-id')) ?? '';
  }
  get status(): Locator {
    return this.page.getByTestId('kyt-status-panel');
  }
  get statusText(): Locator {
    return this.page.getByTestId('kyt-status-text');
  }
  get score(): Locator {
    return this.page.getByTestId('kyt-score');
  }
  get state(): Locator {
    return this.page.getByTestId('kyt-state');
  }
  get converted(): Locator {
    return this.page.getByTestId('kyt-converted');
  }
  get linkedCustomers(): Locator {
    return this.page.getByTestId('kyt-customer-link');
  }
  get explanation(): Locator {
    return this.page.getByTestId('kyt-explanation');
  }
  get explanationText(): Locator {
    return this.page.getByTestId('kyt-explanation-text');
  }
  get unaccounted(): Locator {
    return this.page.getByTestId('kyt-unaccounted');
  }
  get rules(): Locator {
    return this.page.getByTestId('kyt-rule');
  }
  rule(code: string): Locator {
    return this.page.locator(`[data-testid="kyt-rule"][data-code="${code}"]`);
  }
  requestValue(path: string): Locator {
    return this.page.locator(`[data-testid="kyt-request-row"][data-path="${path}"] dd`);
  }
  get sendAgain(): Locator {
    return this.page.getByTestId('kyt-send-again');
  }
  get markSent(): Locator {
    return this.page.getByTestId('kyt-mark-sent');
  }
  get decideText(): Locator {
    return this.page.getByTestId('kyt-decide-text');
  }
  /** The decision dialog's own confirm button. */
  decideConfirm(label: 'Send again' | 'Mark as sent'): Locator {
    return this.page.getByRole('dialog').getByRole('button', { name: label, exact: true });
  }
  get duplicate(): Locator {
    return this.page.getByTestId('kyt-duplicate');
  }
  get compareOriginal(): Locator {
    return this.page.getByTestId('kyt-compare-original');
  }
  get compareWith(): Locator {
    return this.page.getByTestId('kyt-compare-with');
  }
  get compareDialog(): Locator {
    return this.page.getByTestId('kyt-compare-dialog');
  }
  compareChoice(id: string): Locator {
    return this.compareDialog.locator(`input[type="radio"][value="${id}"]`);
  }
  get compareGo(): Locator {
    return this.page.getByTestId('kyt-compare-go');
  }

  // The comparison.
  get compareScreen(): Locator {
    return this.page.getByTestId('kyt-compare-screen');
  }
  inputChange(path: string): Locator {
    return this.page.locator(`[data-testid="kyt-input-change"][data-path="${path}"]`);
  }
  ruleChange(code: string): Locator {
    return this.page.locator(`[data-testid="kyt-rule-change"][data-code="${code}"]`);
  }
  get ruleChanges(): Locator {
    return this.page.getByTestId('kyt-rule-change');
  }
  get scoreA(): Locator {
    return this.page.getByTestId('kyt-score-a');
  }
  get scoreB(): Locator {
    return this.page.getByTestId('kyt-score-b');
  }
  get scoreDelta(): Locator {
    return this.page.getByTestId('kyt-score-delta');
  }

  // A customer's Transactions tab.
  get customerTab(): Locator {
    return this.page.getByTestId('kyt-customer-tab');
  }
  get customerTabCount(): Locator {
    return this.page.getByTestId('tab-transactions').locator('.customer-tab-count');
  }
  get newAsSender(): Locator {
    return this.page.getByTestId('kyt-new-as-sender');
  }
  get newAsReceiver(): Locator {
    return this.page.getByTestId('kyt-new-as-receiver');
  }
}

/** A number shown on screen ("74", "1,250"), as a number. */
export async function shownNumber(locator: Locator): Promise<number> {
  const text = (await locator.innerText()).replace(/[^\d.-]/g, '');
  return Number(text);
}
