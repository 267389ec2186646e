import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type {
  Customer360,
  JournalEntryView,
  JournalVerification,
  QueueWindow,
} from '../../preload/contract';
import { startHostProcess } from '../support/host-process';
import { capturePageSecret } from '../support/page-secret-capture';
import { makeTempDir } from '../support/temp-dir';
import { bridge, expect, openApp, screenshot, syncPage, test } from './fixtures';
import { audit } from './axe-audit';
import { AlertPage } from './pages/alert-page';
import { QueuePage } from './pages/queue-page';

// Second review of a proposed decision between two installations of CaseDesk (issue 17): each its
// own data folder, key and analyst, both on the same sandbox tenant. The request and the answer
// travel as files between the two download folders, imported the way the screen imports them.

const REQUEST = /^(.+)-review-request\.casedesk-review\.json$/;

/** An open alert whose customer has a document to cite. */
async function alertWithDocument(page: Page): Promise<{ id: string; documentId: string }> {
  const queue = await bridge<QueueWindow>(page, 'queue.window', {
    filter: { states: [2, 3] },
    limit: 100,
  });
  for (const row of queue.rows) {
    const customer = await bridge<Customer360 | null>(page, 'customers.get', {
      externalId: row.customerExternalId,
    });
    const document = customer?.documents[0];
    if (document) return { id: row.id, documentId: document.id };
  }
  throw new Error('no open alert of the tenant has a customer with a document');
}

const journalActions = async (page: Page, alertId: string) =>
  (
    await bridge<JournalEntryView[]>(page, 'journal.recent', {
      subject: `alert:${alertId}`,
      limit: 20,
    })
  )
    .map((entry) => `${entry.actor}: ${entry.action}`)
    .reverse();

test('a proposal goes for a second review to a colleague’s CaseDesk and comes back approved', async ({
  page,
  tenant,
  browser,
}) => {
  test.setTimeout(180_000);
  const downloadsA = makeTempDir('casedesk-review-a-');
  const dataB = makeTempDir('casedesk-review-b-data-');
  const downloadsB = makeTempDir('casedesk-review-b-');
  const hostB = await startHostProcess({ dataDir: dataB.path, extraArgs: ['--sandbox', 'off'] });
  const contextB = await browser.newContext();
  try {
    // A: the maker, on the fixture's CaseDesk.
    await bridge(page, 'workbench.setAnalyst', { name: 'Ana Ruiz' });
    await bridge(page, 'settings.save', { downloadFolder: downloadsA.path });
    const { id, documentId } = await alertWithDocument(page);
    await bridge(page, 'workbench.propose', {
      alertId: id,
      state: 7,
      reason: 'Date of birth and nationality differ from the listed person.',
      evidence: [{ kind: 'document', id: documentId, label: 'Passport' }],
    });

    // B: the checker, a second CaseDesk with its own data folder, on the same tenant.
    const pageB = await contextB.newPage();
    await pageB.addInitScript(capturePageSecret);
    await openApp(pageB, hostB);
    await bridge(pageB, 'profiles.save', {
      name: 'Tenant',
      baseUrl: tenant.service.sandbox.baseUrl,
      token: tenant.service.sandbox.token,
      tokenStorage: 'memory',
    });
    await syncPage(pageB);
    await bridge(pageB, 'workbench.setAnalyst', { name: 'Bo Chen' });
    await bridge(pageB, 'settings.save', { downloadFolder: downloadsB.path });

    // A sends the proposal: the request file lands in A's download folder.
    const alertA = new AlertPage(page);
    await alertA.open(id);
    const panelA = page.getByTestId('review-panel');
    await expect(panelA.getByTestId('review-none')).toContainText('Not sent for a second review');
    await expect(panelA.getByTestId('review-identity')).toContainText('You review as Ana Ruiz');
    await panelA.getByTestId('review-send').click();
    const fileName = `${id}-review-request.casedesk-review.json`;
    await expect(panelA.getByTestId('review-notice')).toContainText(
      `Saved “${fileName}” in your download folder.`,
    );
    await expect(panelA.getByTestId('review-status')).toHaveAttribute('data-state', 'awaiting');
    await expect(panelA.getByTestId('review-send')).toHaveText('Send again');
    expect(readdirSync(downloadsA.path)).toEqual([fileName]);
    await screenshot(page, 'review-sent');

    // The queue and the dashboard count it as awaiting a second review.
    await page.keyboard.press('g');
    await page.keyboard.press('d');
    const work = page.getByTestId('chart-work');
    await expect(
      work.getByRole('button', { name: 'Awaiting second review: 1 alert' }),
    ).toBeVisible();
    await work.getByRole('button', { name: /^Awaiting second review/ }).click();
    const queue = new QueuePage(page);
    await queue.expectTotal(1);
    await expect(queue.rows.first()).toHaveAttribute('data-alert-id', id);

    // B imports the request on the alert's screen, the way its button does.
    const alertB = new AlertPage(pageB);
    await alertB.open(id);
    const panelB = pageB.getByTestId('review-panel');
    // B has no proposal of its own on the alert: nothing to send, and the panel says why.
    await expect(panelB.getByTestId('review-none')).toContainText('Propose a decision first');
    await expect(panelB.getByTestId('review-send')).toHaveCount(0);
    await panelB.getByTestId('review-import-input').setInputFiles(join(downloadsA.path, fileName));
    const received = pageB.getByTestId('received-review');
    await expect(received).toBeVisible();
    await expect(
      received.getByRole('heading', { name: 'Second review requested of you' }),
    ).toBeFocused();
    await expect(panelB.getByTestId('review-notice')).toContainText(
      'Imported the review request from Ana Ruiz',
    );
    await expect(received.getByTestId('review-maker')).toContainText('by Ana Ruiz');
    await expect(received.getByTestId('review-proposal-reason')).toHaveText(
      'Date of birth and nationality differ from the listed person.',
    );
    const items = received.getByTestId('review-item');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toHaveAttribute('data-kind', 'alert');
    await expect(items.nth(1)).toHaveAttribute('data-kind', 'document');
    for (const item of await items.all()) await expect(item).toHaveAttribute('data-result', 'same');
    // Neither CaseDesk downloaded the document: its file is not compared, and says so.
    await expect(items.nth(1).getByTestId('review-file')).toHaveAttribute(
      'data-file',
      'not-compared',
    );
    await expect(received.getByTestId('review-summary')).toHaveText(
      'All 2 records the same here as in their file.',
    );
    await screenshot(pageB, 'review-received');
    const findings = await audit(pageB, 'received review request');

    // B answers: the reason is required, then the answer file is saved.
    await received.getByTestId('review-answer-save').click();
    await expect(received.getByText('Choose: approve or reject.')).toBeVisible();
    await expect(received.getByText('Say why: an answer needs a reason.')).toBeVisible();
    findings.push(...(await audit(pageB, 'answer form with its problems')));
    await received.getByTestId('review-approve').check();
    await received.getByTestId('review-answer-reason').fill('Checked against my cache: agreed.');
    await received.getByTestId('review-answer-reason').press('Control+Enter');
    await expect(received.getByTestId('review-answered')).toContainText('You approved it');
    const answerName = `${id}-review-answer.casedesk-review.json`;
    await expect(received.getByTestId('review-answered')).toContainText(answerName);
    expect(readdirSync(downloadsB.path)).toEqual([answerName]);
    await screenshot(pageB, 'review-answered');

    // A imports the answer: approved by Bo Chen, no longer awaiting.
    await alertA.open(id);
    await panelA
      .getByTestId('review-import-input')
      .setInputFiles(join(downloadsB.path, answerName));
    await expect(panelA.getByTestId('review-notice')).toHaveText(
      'Answer recorded: Approved by Bo Chen.',
    );
    await expect(panelA.getByTestId('review-verdict')).toHaveText('Approved by Bo Chen');
    await expect(panelA.getByTestId('review-reason')).toHaveText(
      'Checked against my cache: agreed.',
    );
    await expect(panelA.getByTestId('review-status')).toHaveAttribute('data-state', 'approved');
    findings.push(...(await audit(page, 'review approved')));
    await screenshot(page, 'review-approved');
    expect(findings, `axe-core found:\n${findings.join('\n')}`).toEqual([]);

    expect(await journalActions(page, id)).toEqual([
      'Ana Ruiz: proposal.made',
      'Ana Ruiz: review.requested',
      'Ana Ruiz: review.recorded',
    ]);
    expect(await journalActions(pageB, id)).toEqual([
      'Bo Chen: review.received',
      'Bo Chen: review.answered',
    ]);
    for (const one of [page, pageB])
      expect(await bridge<JournalVerification>(one, 'journal.verify')).toMatchObject({
        state: 'intact',
      });
  } finally {
    await contextB.close();
    await hostB.stop();
    downloadsA.remove();
    downloadsB.remove();
    dataB.remove();
  }
});

test('a review file changed by hand is refused, naming the record whose hash does not match', async ({
  page,
  tenant,
}) => {
  expect(tenant).toBeTruthy();
  const downloads = makeTempDir('casedesk-review-edit-');
  try {
    await bridge(page, 'settings.save', { downloadFolder: downloads.path });
    const { id, documentId } = await alertWithDocument(page);
    await bridge(page, 'workbench.propose', {
      alertId: id,
      state: 3,
      reason: 'Waiting for the customer’s passport.',
      evidence: [{ kind: 'document', id: documentId, label: 'Passport' }],
    });
    const { fileName } = await bridge<{ fileName: string }>(page, 'review.exportRequest', {
      alertId: id,
    });
    expect(fileName).toMatch(REQUEST);
    const path = join(downloads.path, fileName);
    const bundle = JSON.parse(readFileSync(path, 'utf8')) as {
      items: Array<{ kind: string; content: Record<string, unknown> }>;
    };
    const document = bundle.items.find((item) => item.kind === 'document');
    if (!document) throw new Error('the request lists no document');
    document.content.display_name = 'A passport that was never sent';
    const edited = join(downloads.path, 'edited.casedesk-review.json');
    writeFileSync(edited, JSON.stringify(bundle, null, 2));

    const screen = new AlertPage(page);
    await screen.open(id);
    const panel = page.getByTestId('review-panel');
    await panel.getByTestId('review-import-input').setInputFiles(edited);
    await expect(panel.getByTestId('review-error')).toHaveText(
      `The document ${documentId}’s content does not match its hash: the bundle was changed after it was signed. Ask ${await bridge<{ name: string }>(page, 'workbench.analyst').then((analyst) => analyst.name)} for the file again.`,
    );
    await screenshot(page, 'review-refused');
    // The request as written, imported on the CaseDesk that made it: maker and checker must differ.
    await panel.getByTestId('review-import-input').setInputFiles(path);
    await expect(panel.getByTestId('review-error')).toContainText(
      'This review request was made on this installation of CaseDesk: maker and checker must differ.',
    );
  } finally {
    downloads.remove();
  }
});
