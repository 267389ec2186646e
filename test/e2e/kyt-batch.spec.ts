import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KytBatchView, KytList } from '../../preload/contract';
import { makeTempDir } from '../support/temp-dir';
import { bridge, expect, screenshot, test, type Tenant } from './fixtures';
import { audit } from './axe-audit';
import { csvFile, KytBatchPage } from './pages/kyt-batch-page';

// Batch imports of KYT transactions, as an investigator uses them: a CSV chosen or dropped,
// previewed and mapped, confirmed (the service keeps every transaction it is sent), sent in line
// order with its progress; paused and resumed where it stopped; slowed down when the service asks;
// its problem lines listed with their line number and reason; its result file saved.

const HEADER = [
  'ref',
  'amount',
  'currency',
  'date',
  'label',
  'payer',
  'payer_id',
  'payee',
  'payee_id',
];
/** The columns of HEADER, by the field each fills (names no guess would match: mapped by hand). */
const MAPPING = {
  external_id: 'ref',
  amount: 'amount',
  currency: 'currency',
  date: 'date',
  label: 'label',
  'from.full_name': 'payer',
  'from.external_id': 'payer_id',
  'to.full_name': 'payee',
  'to.external_id': 'payee_id',
};

const row = (index: number, amount = (100 + index * 12.5).toFixed(2)) => [
  `T-${index}`,
  amount,
  index % 2 ? 'EUR' : 'usd',
  `2026-11-${String(1 + (index % 27)).padStart(2, '0')}T10:00:00+01:00`,
  `Invoice ${index}`,
  `Payer ${index}`,
  `P-${index}`,
  `Payee ${index}`,
  `R-${index}`,
];

async function faults(tenant: Tenant, body: Record<string, number> | null): Promise<void> {
  const answer = await tenant.service.call(
    body ? 'PUT' : 'DELETE',
    '/__sandbox/faults',
    body ? { body } : {},
  );
  expect(answer.status, answer.text).toBe(200);
}

test.describe('KYT batch imports', () => {
  test.setTimeout(180_000);

  test('a CSV with a bad line: previewed and mapped, sent to the end, the bad line listed with its number and reason, the result file saved', async ({
    page,
    tenant: _tenant,
  }) => {
    const folder = makeTempDir('casedesk-kyt-results-');
    try {
      await bridge(page, 'settings.save', { downloadFolder: folder.path });
      const batches = new KytBatchPage(page);
      await batches.open();
      await expect(batches.empty).toContainText(
        'No batches yet: import a CSV or NDJSON file of transactions',
      );
      await expect(batches.empty).toContainText('from.full_name');
      const findings = await audit(page, 'batches, none yet');

      // Five lines; the third's amount is no number. The header is line 1, so it is line 4.
      const file = csvFile('november.csv', HEADER, [row(1), row(2), row(3, 'abc'), row(4), row(5)]);
      await batches.choose(file);
      await batches.atStep('mapping');
      await expect(batches.format).toHaveText('CSV');
      await expect(batches.separator).toHaveText('Semicolon (;)');
      await expect(batches.previewRows.first()).toContainText('Payer 1');
      await expect(batches.previewRows.nth(2)).toContainText('abc');
      await batches.map(MAPPING);
      await expect(batches.remember).toBeChecked();
      await screenshot(page, 'kyt-batch-dialog');
      findings.push(...(await audit(page, 'import dialog, mapping')));

      // Sending is confirmed, saying plainly that the service keeps what it is sent.
      await batches.next.click();
      await batches.atStep('confirm');
      await expect(batches.confirmText).toContainText('The service stores every transaction');
      await expect(batches.confirmText).toContainText('cannot be asked for them again');
      await expect(batches.send).toBeFocused();
      findings.push(...(await audit(page, 'import dialog, confirmation')));
      await page.keyboard.press('Enter');
      await batches.atStep('closed');

      const batch = batches.batch('november.csv');
      await expect(batch).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
      await batches.expectFigures(batch, {
        lines: 5,
        invalid: 1,
        sent: 4,
        scored: 4,
        refused: 0,
        'in-doubt': 0,
        remaining: 0,
      });

      // The bad line: its number in the file and why it was not sent.
      await batches.problemsToggle(batch).click();
      await expect(batches.problems(batch)).toHaveCount(1);
      const problem = batches.problems(batch).first();
      await expect(problem).toHaveAttribute('data-line', '4');
      await expect(problem).toHaveAttribute('data-status', 'invalid');
      await expect(problem.getByTestId('kyt-batch-problem-reason')).toContainText(/amount/i);

      // Every line sent is kept, as any submission, under its batch.
      const kept = await bridge<KytList>(page, 'kyt.list', {
        filter: { batchId: await batch.getAttribute('data-batch-id') },
      });
      expect(kept.submissions.map((submission) => submission.externalId).sort()).toEqual([
        'T-1',
        'T-2',
        'T-4',
        'T-5',
      ]);

      // The result file, saved in the download folder, named on the card.
      await batches.action(batch, 'save').click();
      await expect(batches.saved(batch)).toContainText('download folder');
      const saved = (await batches.savedName(batch).textContent()) ?? '';
      expect(readdirSync(folder.path)).toEqual([saved]);
      const result = readFileSync(join(folder.path, saved), 'utf8');
      for (const reference of ['T-1', 'T-2', 'T-4', 'T-5']) expect(result).toContain(reference);
      await screenshot(page, 'kyt-batch-panel');
      findings.push(...(await audit(page, 'batches, one done with its problems')));

      // The mapping was kept for the profile: the same columns next time are mapped already.
      await batches.choose(file);
      await batches.atStep('mapping');
      await expect(batches.mappingSaved).toBeVisible();
      await expect(batches.column('from.full_name')).toHaveValue('payer');
      await expect(batches.column('amount')).toHaveValue('amount');
      // Escape closes it at any step; nothing was imported.
      await page.keyboard.press('Escape');
      await batches.atStep('closed');
      await expect(batches.importButton).toBeFocused();
      await expect(batches.batches).toHaveCount(1);

      expect(findings, `axe-core found:\n${findings.join('\n')}`).toEqual([]);
    } finally {
      folder.remove();
    }
  });

  test('a larger file, dropped, is paused and resumed: it goes on where it stopped and sends nothing twice', async ({
    page,
    tenant,
  }) => {
    const batches = new KytBatchPage(page);
    await batches.open();
    // Slow answers, so the batch is still sending when it is paused.
    await faults(tenant, { latencyMs: 150 });
    const lines = 40;
    await batches.drop(
      csvFile(
        'december.csv',
        HEADER,
        Array.from({ length: lines }, (_, index) => row(index + 1)),
      ),
    );
    await batches.atStep('mapping');
    await batches.map(MAPPING);
    await batches.next.click();
    await batches.atStep('confirm');
    await batches.send.click();
    await batches.atStep('closed');

    const batch = batches.batch('december.csv');
    await expect(batch).toHaveAttribute('data-state', 'running');
    await expect.poll(() => batches.figure(batch, 'sent'), { timeout: 30_000 }).toBeGreaterThan(2);
    const toggle = batches.action(batch, 'pause');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(batch).toHaveAttribute('data-state', 'paused', { timeout: 30_000 });
    // Start, Pause and Resume are one button: the keyboard stays on it.
    await expect(batches.action(batch, 'resume')).toBeFocused();
    // The line in flight when it was paused is answered and kept; then nothing more goes out.
    const batchId = await batch.getAttribute('data-batch-id');
    await expect
      .poll(
        async () =>
          (
            await bridge<KytList>(page, 'kyt.list', {
              filter: { batchId, status: 'sending', limit: 1 },
            })
          ).total,
        { timeout: 30_000 },
      )
      .toBe(0);
    const kept = await bridge<KytBatchView[]>(page, 'kyt.batches');
    const sentAtPause = kept.find((one) => one.id === batchId)?.sent ?? -1;
    expect(sentAtPause).toBeGreaterThan(2);
    expect(sentAtPause).toBeLessThan(lines);
    await batches.expectFigures(batch, {
      sent: sentAtPause,
      remaining: lines - sentAtPause,
      'in-doubt': 0,
    });

    await faults(tenant, null);
    await page.keyboard.press('Enter');
    await expect(batch).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    await batches.expectFigures(batch, {
      lines,
      invalid: 0,
      sent: lines,
      scored: lines,
      refused: 0,
      'in-doubt': 0,
      remaining: 0,
    });
    // Each line once: one submission per line, no external id twice.
    const submissions = await bridge<KytList>(page, 'kyt.list', {
      filter: { batchId, limit: 1000 },
    });
    expect(submissions.total).toBe(lines);
    expect(new Set(submissions.submissions.map((submission) => submission.externalId)).size).toBe(
      lines,
    );
  });

  test('a storm of 429s: the batch waits as long as the service asks, says so, then goes on', async ({
    page,
    tenant,
  }) => {
    const batches = new KytBatchPage(page);
    await batches.open();
    await faults(tenant, { throttleRate: 1, retryAfterSeconds: 3 });
    await batches.choose(csvFile('throttled.csv', HEADER, [row(1), row(2), row(3)]));
    await batches.atStep('mapping');
    await batches.map(MAPPING);
    await batches.next.click();
    await batches.send.click();
    await batches.atStep('closed');

    const batch = batches.batch('throttled.csv');
    await expect(batches.waiting(batch)).toContainText(
      /waiting( \d+ s)?: the service asked to slow down/,
      { timeout: 30_000 },
    );
    await expect(batch).toHaveAttribute('data-state', 'running');
    await screenshot(page, 'kyt-batch-waiting');
    await faults(tenant, null);
    await expect(batch).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    await batches.expectFigures(batch, { sent: 3, scored: 3, 'in-doubt': 0 });
    await expect(batches.waiting(batch)).toHaveCount(0);
  });

  test('what cannot be imported is said before anything is sent; a batch sent later is started, then cancelled', async ({
    page,
    tenant: _tenant,
  }) => {
    const batches = new KytBatchPage(page);
    await batches.open();

    // Not a batch file: refused at the drop, saying what to do.
    await batches.drop({
      name: 'statement.pdf',
      mimeType: 'application/pdf',
      bytes: Buffer.from('%PDF-1.7'),
    });
    await expect(batches.dropProblem).toContainText('is not a CSV or NDJSON file');
    await batches.atStep('closed');

    // Columns with names no guess matches: amount and currency are asked for beside their fields.
    const header = ['Betrag', 'Waehrung', 'Auftraggeber', 'Empfaenger'];
    const rows = Array.from({ length: 6 }, (_, index) => [
      String(10 + index),
      'EUR',
      `Sender ${index}`,
      `Receiver ${index}`,
    ]);
    await batches.choose(csvFile('bank-export.csv', header, rows, ','));
    await batches.atStep('mapping');
    await expect(batches.separator).toHaveText('Comma (,)');
    await batches.map({ amount: '', currency: '' });
    await batches.next.click();
    await expect(batches.blocked).toBeVisible();
    await expect(batches.column('amount')).toHaveAttribute('aria-invalid', 'true');
    // The keyboard is taken to the first field that says why.
    await expect(batches.column('amount')).toBeFocused();
    await expect(batches.dialog).toContainText('Choose the column that holds the amount');
    findings(await audit(page, 'import dialog, required fields missing'));
    await batches.map({
      amount: 'Betrag',
      currency: 'Waehrung',
      'from.full_name': 'Auftraggeber',
      'to.full_name': 'Empfaenger',
    });
    await batches.remember.uncheck();
    await batches.next.click();
    await batches.atStep('confirm');
    await batches.sendLater.click();
    await batches.atStep('closed');

    // Imported, not sent: starting it is asked first.
    const batch = batches.batch('bank-export.csv');
    await expect(batch).toHaveAttribute('data-state', 'ready');
    await batches.expectFigures(batch, { lines: 6, sent: 0, remaining: 6 });
    await batches.action(batch, 'start').click();
    await expect(batches.confirm).toBeVisible();
    await expect(batches.confirm).toContainText('The service stores every transaction');
    await page.keyboard.press('Escape');
    await expect(batches.confirm).toBeHidden();
    await expect(batch).toHaveAttribute('data-state', 'ready');

    // Cancelled: its lines not sent are withdrawn, said first.
    await batches.action(batch, 'cancel').click();
    await expect(batches.confirm).toContainText('The 6 lines not sent yet are withdrawn');
    findings(await audit(page, 'cancel confirmation'));
    await batches.confirmGo.click();
    await expect(batch).toHaveAttribute('data-state', 'cancelled');
    await batches.expectFigures(batch, { sent: 0, remaining: 0, withdrawn: 6 });
    await expect(batches.action(batch, 'resume')).toHaveCount(0);
    const views = await bridge<KytBatchView[]>(page, 'kyt.batches');
    expect(views.find((view) => view.fileName === 'bank-export.csv')?.sent).toBe(0);
  });
});

function findings(found: string[]): void {
  expect(found, `axe-core found:\n${found.join('\n')}`).toEqual([]);
}
