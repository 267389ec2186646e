import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import type { QueueWindow } from '../../preload/contract';
import { makeTempDir } from '../support/temp-dir';
import { audit } from './axe-audit';
import { bridge, expect, screenshot, test } from './fixtures';
import { AlertPage } from './pages/alert-page';
import { CustomerPage } from './pages/customer-page';

// The case file (issue 17), exported from the screens as an investigator does: a PDF dossier and
// a bundle in a folder of their own in the download folder. The PDF's pages are rendered to images
// (pdftoppm) and read (pdftotext); a second export of the same record gives the same bundle bytes.

const run = promisify(execFile);

const NOTE = 'Called the branch <b>twice</b> \u202Etxt.eciovni\u202C; no answer yet.';

async function openAlert(page: Page): Promise<{ id: string; customer: string }> {
  const queue = await bridge<QueueWindow>(page, 'queue.window', {
    filter: { states: [2, 3] },
    limit: 1,
  });
  const row = queue.rows[0];
  if (!row) throw new Error('the tenant has no open alert');
  return { id: row.id, customer: row.customerExternalId };
}

/** The PDF's pages as PNGs beside the other screenshots (to look at), and its text in one line. */
async function readPdf(pdf: string, name: string): Promise<{ pages: string[]; text: string }> {
  const folder = 'test-results/screenshots';
  mkdirSync(folder, { recursive: true });
  await run('pdftoppm', ['-png', '-r', '60', pdf, join(folder, name)]);
  const pages = readdirSync(folder).filter((file) => file.startsWith(`${name}-`));
  for (const page of pages)
    expect(readFileSync(join(folder, page)).subarray(1, 4).toString('latin1')).toBe('PNG');
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', pdf, '-'], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return { pages, text: stdout.replace(/\s+/g, ' ') };
}

test('a case file is exported from the alert: a PDF of checked pages and the same bundle twice', async ({
  page,
  tenant,
}) => {
  test.setTimeout(180_000);
  expect(tenant).toBeTruthy();
  const downloads = makeTempDir('casedesk-casefile-');
  try {
    await bridge(page, 'settings.save', { downloadFolder: downloads.path });
    await bridge(page, 'workbench.setAnalyst', { name: 'Ana Ruiz' });
    const { id } = await openAlert(page);
    await bridge(page, 'workbench.addNote', { target: { kind: 'alert', id }, text: NOTE });
    await bridge(page, 'workbench.propose', {
      alertId: id,
      state: 3,
      reason: 'Waiting for a proof of address.',
      evidence: [],
    });

    const screen = new AlertPage(page);
    await screen.open(id);
    const customerName = (await page.getByTestId('alert-title').innerText()).trim();
    // From the keyboard, as from the button.
    await page.keyboard.press('x');
    const result = page.getByTestId('casefile-result');
    await expect(result).toContainText('Case file exported', { timeout: 60_000 });
    const folders = readdirSync(downloads.path);
    expect(folders).toHaveLength(1);
    const folder = join(downloads.path, folders[0]!);
    await expect(result.getByTestId('casefile-message')).toContainText(folders[0]!);
    const files = readdirSync(folder).sort();
    expect(files).toEqual([`casefile-alert-${id}.pdf`, `casefile-alert-${id}.zip`]);
    await expect(result.getByTestId('casefile-file')).toHaveText([
      `casefile-alert-${id}.zip`,
      `casefile-alert-${id}.pdf`,
    ]);
    const sha = (await result.getByTestId('casefile-sha256').innerText()).trim();
    expect(sha).toMatch(/^[0-9a-f]{64}$/);
    await screenshot(page, 'casefile-alert-exported');
    const findings = await audit(page, 'case file exported');

    const { pages, text } = await readPdf(join(folder, files[0]!), 'casefile-pdf-alert');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain(customerName.replace(/\s+/g, ' '));
    for (const heading of [
      'Narrative',
      'Who',
      'Why',
      'Alert and revisions',
      'Customer and match',
      'Documents',
      'Notes',
      'Proposed decisions',
      'Journal head at export',
    ])
      expect(text).toContain(heading);
    // The note is printed as its text: the markup as written, the direction override boxed.
    expect(text).toMatch(/<b>twice<\/b> \[U\+202E\] ?txt\.eciovni/);
    expect(text).toContain('Waiting for a proof of address.');

    // A second export of the same record: a new folder, the same bundle, byte for byte.
    await result.getByTestId('casefile-dismiss').click();
    await expect(result).toHaveCount(0);
    await page.getByTestId('casefile-export').click();
    await expect(result).toContainText('Case file exported', { timeout: 60_000 });
    const second = readdirSync(downloads.path).find((name) => name !== folders[0]);
    expect(second).toBeDefined();
    await expect(result.getByTestId('casefile-sha256')).toHaveText(sha);
    const zip = `casefile-alert-${id}.zip`;
    expect(
      readFileSync(join(downloads.path, second!, zip)).equals(readFileSync(join(folder, zip))),
    ).toBe(true);

    // Both exports are in the journal, which stays intact.
    expect(
      (
        await bridge<Array<{ action: string }>>(page, 'journal.recent', {
          subject: `alert:${id}`,
          limit: 10,
        })
      ).filter((entry) => entry.action === 'casefile.exported'),
    ).toHaveLength(2);
    expect(await bridge(page, 'journal.verify')).toMatchObject({ state: 'intact' });
    expect(findings, `axe-core found:\n${findings.join('\n')}`).toEqual([]);
  } finally {
    downloads.remove();
  }
});

test('a customer’s case file is exported offline; without a download folder it says what to do', async ({
  page,
  tenant,
}) => {
  test.setTimeout(180_000);
  const downloads = makeTempDir('casedesk-casefile-customer-');
  try {
    const { customer } = await openAlert(page);
    await tenant.stop();
    const screen = new CustomerPage(page);
    await screen.open(customer);
    const result = page.getByTestId('casefile-result');

    await bridge(page, 'settings.save', { downloadFolder: null });
    await page.getByTestId('casefile-export').click();
    await expect(result).toContainText('The case file was not exported');
    await expect(result.getByTestId('casefile-message')).toContainText(
      'Choose a folder for downloads in settings',
    );
    await screenshot(page, 'casefile-customer-refused');

    await bridge(page, 'settings.save', { downloadFolder: downloads.path });
    await page.keyboard.press('x');
    await expect(result).toContainText('Case file exported', { timeout: 60_000 });
    const [folder] = readdirSync(downloads.path);
    expect(readdirSync(join(downloads.path, folder!)).sort()).toEqual([
      `casefile-customer-${customer}.pdf`,
      `casefile-customer-${customer}.zip`,
    ]);
    await screenshot(page, 'casefile-customer-exported');
    const { pages, text } = await readPdf(
      join(downloads.path, folder!, `casefile-customer-${customer}.pdf`),
      'casefile-pdf-customer',
    );
    expect(pages.length).toBeGreaterThanOrEqual(1);
    expect(text).toContain(customer);
    const findings = await audit(page, 'customer case file');
    expect(findings, `axe-core found:\n${findings.join('\n')}`).toEqual([]);
  } finally {
    downloads.remove();
  }
});
