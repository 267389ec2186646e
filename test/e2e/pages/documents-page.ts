import { expect, type Locator, type Page } from '@playwright/test';

/** A file to drop, made in the test: its bytes travel to the page as base64. */
export interface FileToDrop {
  name: string;
  mimeType: string;
  bytes: Buffer;
}

/** The documents screen, a customer's documents tab, and the upload form both share. */
export class DocumentsPage {
  constructor(readonly page: Page) {}

  /** Opens the documents screen in-app (the address carries a one-time secret: never page.goto). */
  async open(filter?: Record<string, unknown>): Promise<void> {
    const hash =
      filter && Object.keys(filter).length
        ? `#/documents?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`
        : '#/documents';
    await this.page.evaluate((target) => {
      location.hash = target;
    }, hash);
    await this.screen.waitFor();
  }

  /**
   * Drops files from "the operating system" onto a drop target: a DataTransfer with real File
   * objects, through the same drag events a desktop drag sends.
   */
  async drop(target: Locator, files: FileToDrop[]): Promise<void> {
    const drag = await this.dragOver(target, files);
    await drag.drop();
  }

  /** Drags files over a target without dropping them (the overlay shows); `drop` finishes. */
  async dragOver(target: Locator, files: FileToDrop[]): Promise<{ drop: () => Promise<void> }> {
    const dataTransfer = await this.page.evaluateHandle(
      (specs) => {
        const transfer = new DataTransfer();
        for (const spec of specs) {
          const binary = atob(spec.base64);
          const bytes = new Uint8Array(binary.length);
          for (let index = 0; index < binary.length; index++)
            bytes[index] = binary.charCodeAt(index);
          transfer.items.add(new File([bytes], spec.name, { type: spec.mimeType }));
        }
        return transfer;
      },
      files.map((file) => ({
        name: file.name,
        mimeType: file.mimeType,
        base64: file.bytes.toString('base64'),
      })),
    );
    await target.dispatchEvent('dragenter', { dataTransfer });
    await target.dispatchEvent('dragover', { dataTransfer });
    await expect(this.dropOverlay).toBeVisible();
    return {
      drop: async () => {
        await target.dispatchEvent('drop', { dataTransfer });
        await expect(this.dropOverlay).toBeHidden();
        await dataTransfer.dispose();
      },
    };
  }

  get screen(): Locator {
    return this.page.getByTestId('documents-screen');
  }
  get dropTarget(): Locator {
    return this.page.getByTestId('documents-drop-target');
  }
  get customerDropTarget(): Locator {
    return this.page.getByTestId('customer-drop-target');
  }
  get dropOverlay(): Locator {
    return this.page.getByTestId('drop-overlay');
  }
  get total(): Locator {
    return this.page.getByTestId('documents-total');
  }
  get range(): Locator {
    return this.page.getByTestId('documents-range');
  }
  get next(): Locator {
    return this.page.getByTestId('documents-next');
  }
  get previous(): Locator {
    return this.page.getByTestId('documents-previous');
  }
  get empty(): Locator {
    return this.page.getByTestId('documents-empty');
  }
  get clearFilters(): Locator {
    return this.page.getByTestId('clear-document-filters');
  }

  // Filters
  get displayNameFilter(): Locator {
    return this.page.getByTestId('filter-display-name');
  }
  get fileNameFilter(): Locator {
    return this.page.getByTestId('filter-file-name');
  }
  get customerFilter(): Locator {
    return this.page.getByTestId('filter-customer');
  }
  get createdFrom(): Locator {
    return this.page.getByTestId('filter-created-from');
  }
  get createdTo(): Locator {
    return this.page.getByTestId('filter-created-to');
  }
  get tagFilter(): Locator {
    return this.page.getByTestId('filter-tags-input');
  }
  /** A file type's chip (a label around its checkbox): click it to toggle. */
  fileType(type: string): Locator {
    return this.page
      .getByTestId('filter-file-types')
      .locator('label')
      .filter({
        has: this.page.getByTestId(`file-type-${type}`),
      });
  }

  // The list (documents screen rows; a customer's tab uses customerRows)
  get rows(): Locator {
    return this.page.getByTestId('document-row');
  }
  get customerRows(): Locator {
    return this.page.getByTestId('customer-document');
  }
  get pendingUploads(): Locator {
    return this.page.getByTestId('pending-upload');
  }
  /** A document's row, wherever the list is shown. */
  row(id: string): Locator {
    return this.page.locator(`tr[data-document-id="${id}"]`);
  }
  /** Rows whose file name is exactly this. */
  rowsByFile(fileName: string): Locator {
    return this.page
      .locator('tr[data-document-id]')
      .filter({ has: this.page.getByTestId('document-file').getByText(fileName, { exact: true }) });
  }

  // The upload form
  get uploadPanel(): Locator {
    return this.page.getByTestId('upload-panel');
  }
  uploadItem(fileName: string): Locator {
    return this.page.locator(`[data-testid="upload-item"][data-file-name="${fileName}"]`);
  }
  get fileAll(): Locator {
    return this.page.getByTestId('upload-file-all');
  }
  get addFiles(): Locator {
    return this.page.getByTestId('add-files');
  }

  // Dialogs
  get externalDialog(): Locator {
    return this.page.getByTestId('external-document-dialog');
  }
  get editDialog(): Locator {
    return this.page.getByTestId('document-edit-dialog');
  }
  get editDisplayName(): Locator {
    return this.page.getByTestId('edit-display-name');
  }
  get editTagInput(): Locator {
    return this.page.getByTestId('edit-tags-input');
  }
  get editSave(): Locator {
    return this.page.getByTestId('edit-save');
  }
  get confirmDialog(): Locator {
    return this.page.locator('dialog[open]').filter({ hasText: 'Delete this document?' });
  }
}
