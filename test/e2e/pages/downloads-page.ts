import type { Locator, Page } from '@playwright/test';

/** The download flow: its questions, and the top bar's tray. */
export class DownloadsPage {
  constructor(readonly page: Page) {}

  /** The Download button of a record shown on screen (a document row, an attachment card). */
  buttonOf(record: Locator): Locator {
    return record.getByTestId('download-button');
  }

  // The questions
  get warning(): Locator {
    return this.page.getByTestId('download-warning');
  }
  get warningItems(): Locator {
    return this.warning.getByTestId('download-warning-item');
  }
  get warningCancel(): Locator {
    return this.page.getByTestId('download-warning-cancel');
  }
  get saveAnyway(): Locator {
    return this.page.getByTestId('download-save-anyway');
  }
  get folderDialog(): Locator {
    return this.page.getByTestId('download-folder');
  }
  get folderPath(): Locator {
    return this.page.getByTestId('download-folder-path');
  }
  get folderSave(): Locator {
    return this.page.getByTestId('download-folder-save');
  }
  get folderDialogError(): Locator {
    return this.folderDialog.locator('.field-error');
  }
  get external(): Locator {
    return this.page.getByTestId('download-external');
  }
  get externalUrl(): Locator {
    return this.page.getByTestId('download-external-url');
  }
  get externalOpen(): Locator {
    return this.page.getByTestId('download-external-open');
  }
  get externalCopy(): Locator {
    return this.page.getByTestId('download-external-copy');
  }
  get externalClose(): Locator {
    return this.page.getByTestId('download-external-close');
  }
  get error(): Locator {
    return this.page.getByTestId('download-error');
  }

  // The tray
  get trayButton(): Locator {
    return this.page.getByTestId('downloads-tray-button');
  }
  get panel(): Locator {
    return this.page.getByTestId('downloads-panel');
  }
  get items(): Locator {
    return this.page.getByTestId('download-item');
  }
  /** The newest download of a record (the tray lists newest first). */
  itemOf(targetId: string): Locator {
    return this.page.locator(`[data-testid="download-item"][data-target-id="${targetId}"]`).first();
  }
  async openTray(): Promise<void> {
    if ((await this.trayButton.getAttribute('aria-expanded')) !== 'true')
      await this.trayButton.click();
    await this.panel.waitFor();
  }

  // File settings (connection screen)
  get settings(): Locator {
    return this.page.getByTestId('file-settings');
  }
  get settingsFolder(): Locator {
    return this.page.getByTestId('settings-download-folder');
  }
  get settingsLimit(): Locator {
    return this.page.getByTestId('settings-upload-limit');
  }
  get settingsSave(): Locator {
    return this.page.getByTestId('settings-save');
  }
  get settingsClear(): Locator {
    return this.page.getByTestId('settings-clear-folder');
  }
}
