import { expect, type Locator, type Page } from '@playwright/test';

/** A file made in the test, handed to the page as the system's picker would. */
export interface ImportFile {
  name: string;
  mimeType: string;
  bytes: Buffer;
}

/** A CSV of customers: a header line, then one line per row. */
export function customersCsv(
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  name = 'customers.csv',
  separator = ';',
): ImportFile {
  const line = (cells: readonly string[]) => cells.join(separator);
  return {
    name,
    mimeType: 'text/csv',
    bytes: Buffer.from(`${[line(header), ...rows.map(line)].join('\r\n')}\r\n`, 'utf8'),
  };
}

/** The Import customers screen as an investigator meets it: files, mapping, progress, grid. */
export class CustomerImportPage {
  constructor(readonly page: Page) {}

  /** From the keyboard, as `g i` opens it. */
  async open(): Promise<void> {
    // Shortcuts do not fire while typing: the keys go to the app, not to a field.
    await this.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await this.page.keyboard.press('g');
    await this.page.keyboard.press('i');
    await this.screen.waitFor();
    await expect(this.page.getByTestId('loading')).toHaveCount(0);
  }

  get screen(): Locator {
    return this.page.getByTestId('customer-import-screen');
  }
  slot(slot: 'customers' | 'relations'): Locator {
    return this.page.getByTestId(`ci-slot-${slot}`);
  }
  mapping(field: string): Locator {
    return this.page.getByTestId(`ci-mapping-${field}`);
  }
  get startButton(): Locator {
    return this.page.getByTestId('ci-start-dry-run');
  }
  get panel(): Locator {
    return this.page.getByTestId('ci-panel');
  }
  action(action: string): Locator {
    return this.page.getByTestId(`ci-action-${action}`);
  }
  get grid(): Locator {
    return this.page.getByTestId('ci-grid');
  }
  get lines(): Locator {
    return this.page.getByTestId('ci-line');
  }
  line(number: number): Locator {
    return this.page.locator(`[data-testid="ci-line"][data-line="${number}"]`);
  }
  get onlyProblems(): Locator {
    return this.page.getByTestId('ci-only-problems');
  }
  get editor(): Locator {
    return this.page.getByTestId('ci-editor');
  }

  async choose(slot: 'customers' | 'relations', file: ImportFile): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.page.getByTestId(`ci-choose-${slot}`).click();
    await (
      await chooser
    ).setFiles({ name: file.name, mimeType: file.mimeType, buffer: file.bytes });
    await expect(this.slot(slot)).toHaveAttribute('data-step', /ready|unreadable/);
  }

  /** Puts the grid's active cell on a line's field with the keyboard, from the grid's first cell. */
  async goToCell(row: number, column: number): Promise<void> {
    await this.grid.focus();
    await this.page.keyboard.press('Control+Home');
    for (let index = 0; index < row; index++) await this.page.keyboard.press('ArrowDown');
    for (let index = 0; index < column; index++) await this.page.keyboard.press('ArrowRight');
    // Assistive technology is told the same cell: the grid's active descendant is that row's cell.
    await expect
      .poll(() =>
        this.grid.evaluate((grid) => {
          const id = grid.getAttribute('aria-activedescendant');
          const cell = id ? document.getElementById(id) : null;
          return cell
            ? [cell.closest('[role="row"]')?.getAttribute('aria-rowindex'), cell.ariaColIndex]
            : null;
        }),
      )
      .toEqual([String(row + 2), String(column + 1)]);
  }
}
