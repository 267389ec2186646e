import { expect, type Locator, type Page } from '@playwright/test';

/** A file made in the test, handed to the page as the system's picker or a drop would. */
export interface BatchFile {
  name: string;
  mimeType: string;
  bytes: Buffer;
}

export type BatchFigure =
  'lines' | 'invalid' | 'sent' | 'scored' | 'refused' | 'in-doubt' | 'remaining' | 'withdrawn';

/** A CSV of transactions: a header line, then one line per row; `;` by default, as many banks do. */
export function csvFile(
  name: string,
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  separator = ';',
): BatchFile {
  const line = (cells: readonly string[]) => cells.join(separator);
  return {
    name,
    mimeType: 'text/csv',
    bytes: Buffer.from(`${[line(header), ...rows.map(line)].join('\r\n')}\r\n`, 'utf8'),
  };
}

/**
 * The KYT screen's batch imports as an investigator meets them: the Batches tab with its batches,
 * the import dialog (preview, mapping, confirmation) and each batch's actions and problems.
 */
export class KytBatchPage {
  constructor(readonly page: Page) {}

  /** The KYT screen (`#/kyt`, as `g k` opens it), then its Batches tab. */
  async open(): Promise<void> {
    await this.page.evaluate(() => {
      location.hash = '#/kyt';
    });
    const tab = this.page
      .getByRole('tab', { name: /^Batches/ })
      .or(this.page.getByRole('link', { name: /^Batches/ }));
    await tab.first().click();
    await this.panel.waitFor();
    await expect(this.page.getByTestId('loading')).toHaveCount(0);
  }

  get panel(): Locator {
    return this.page.getByTestId('kyt-batch-panel');
  }
  get dropTarget(): Locator {
    return this.page.getByTestId('kyt-batch-drop');
  }
  get dropOverlay(): Locator {
    return this.page.getByTestId('drop-overlay');
  }
  get dropProblem(): Locator {
    return this.page.getByTestId('kyt-batch-drop-problem');
  }
  get empty(): Locator {
    return this.page.getByTestId('kyt-batch-empty');
  }
  get importButton(): Locator {
    return this.page.getByTestId('kyt-batch-import');
  }

  /** Chooses a file with “Import a batch…” (the system's picker). */
  async choose(file: BatchFile): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.importButton.click();
    await (
      await chooser
    ).setFiles({ name: file.name, mimeType: file.mimeType, buffer: file.bytes });
  }

  /** Drops a file from "the operating system" on the panel, through a desktop drag's events. */
  async drop(file: BatchFile): Promise<void> {
    const dataTransfer = await this.page.evaluateHandle(
      (spec) => {
        const transfer = new DataTransfer();
        const binary = atob(spec.base64);
        const bytes = new Uint8Array(binary.length);
        for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
        transfer.items.add(new File([bytes], spec.name, { type: spec.mimeType }));
        return transfer;
      },
      { name: file.name, mimeType: file.mimeType, base64: file.bytes.toString('base64') },
    );
    await this.dropTarget.dispatchEvent('dragenter', { dataTransfer });
    await this.dropTarget.dispatchEvent('dragover', { dataTransfer });
    await expect(this.dropOverlay).toBeVisible();
    await this.dropTarget.dispatchEvent('drop', { dataTransfer });
    await expect(this.dropOverlay).toBeHidden();
    await dataTransfer.dispose();
  }

  // The import dialog.
  get dialog(): Locator {
    return this.page.getByTestId('kyt-import-dialog');
  }
  async atStep(step: 'reading' | 'unreadable' | 'mapping' | 'confirm' | 'closed'): Promise<void> {
    if (step === 'closed') await expect(this.dialog).toBeHidden();
    else await expect(this.dialog).toHaveAttribute('data-step', step, { timeout: 30_000 });
  }
  get format(): Locator {
    return this.dialog.getByTestId('kyt-import-format');
  }
  get separator(): Locator {
    return this.dialog.getByTestId('kyt-import-separator');
  }
  get previewRows(): Locator {
    return this.dialog.getByTestId('kyt-preview-row');
  }
  /** The select of the column that fills a field, by the field's path (`from.full_name`). */
  column(path: string): Locator {
    return this.dialog.getByTestId(`kyt-mapping-${path}`);
  }
  /** Gives each field its column ('' for none); opens the group it is in first when closed. */
  async map(columns: Record<string, string>): Promise<void> {
    for (const [path, column] of Object.entries(columns)) {
      const select = this.column(path);
      if (!(await select.isVisible())) {
        const group = this.dialog
          .locator('details.kyt-map-group')
          .filter({ has: this.page.getByTestId(`kyt-mapping-${path}`) });
        await group.locator('summary').click();
      }
      await select.selectOption(column === '' ? { label: 'Not in the file' } : column);
    }
  }
  get mappingSaved(): Locator {
    return this.dialog.getByTestId('kyt-import-mapping-saved');
  }
  get remember(): Locator {
    return this.dialog.getByTestId('kyt-import-remember');
  }
  get blocked(): Locator {
    return this.dialog.getByTestId('kyt-import-blocked');
  }
  get importError(): Locator {
    return this.dialog.getByTestId('kyt-import-error');
  }
  get unreadable(): Locator {
    return this.dialog.getByTestId('kyt-import-unreadable');
  }
  get next(): Locator {
    return this.dialog.getByTestId('kyt-import-next');
  }
  get confirmText(): Locator {
    return this.dialog.getByTestId('kyt-import-confirm-text');
  }
  get send(): Locator {
    return this.dialog.getByTestId('kyt-import-send');
  }
  get sendLater(): Locator {
    return this.dialog.getByTestId('kyt-import-later');
  }

  // The batches, newest first.
  get batches(): Locator {
    return this.page.getByTestId('kyt-batch');
  }
  /** The newest batch of a file (a file imported twice is two batches). */
  batch(fileName: string): Locator {
    return this.batches
      .filter({ has: this.page.getByTestId('kyt-batch-file').getByText(fileName, { exact: true }) })
      .first();
  }
  async figure(batch: Locator, figure: BatchFigure): Promise<number> {
    return Number(await batch.getByTestId(`kyt-batch-count-${figure}`).getAttribute('data-value'));
  }
  async expectFigures(
    batch: Locator,
    figures: Partial<Record<BatchFigure, number>>,
  ): Promise<void> {
    for (const [figure, value] of Object.entries(figures))
      await expect(batch.getByTestId(`kyt-batch-count-${figure}`)).toHaveAttribute(
        'data-value',
        String(value),
      );
  }
  action(batch: Locator, action: 'start' | 'pause' | 'resume' | 'cancel' | 'save'): Locator {
    return batch.getByTestId(`kyt-batch-${action}`);
  }
  /** The confirmation of a start or a cancel. */
  get confirm(): Locator {
    return this.page.getByTestId('kyt-batch-confirm');
  }
  get confirmGo(): Locator {
    return this.confirm.getByTestId('kyt-batch-confirm-go');
  }
  problemsToggle(batch: Locator): Locator {
    return batch.getByTestId('kyt-batch-problems-toggle');
  }
  problems(batch: Locator): Locator {
    return batch.getByTestId('kyt-batch-problem');
  }
  saved(batch: Locator): Locator {
    return batch.getByTestId('kyt-batch-saved');
  }
  savedName(batch: Locator): Locator {
    return batch.getByTestId('kyt-batch-saved-name');
  }
  waiting(batch: Locator): Locator {
    return batch.getByTestId('kyt-batch-waiting');
  }
  reason(batch: Locator): Locator {
    return batch.getByTestId('kyt-batch-reason');
  }
}
