import type { JournalVerification, NotePage, QueueWindow } from '../../preload/contract';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { bridge, expect, screenshot, test, type Tenant } from './fixtures';
import { AlertPage } from './pages/alert-page';
import { QueuePage } from './pages/queue-page';
import { SearchPalette } from './pages/search-palette';

// The investigator's own work on a case (issue 17): notes kept as they are typed, proposed
// decisions pinned to the revision seen and marked stale when the alert moves on, all of it in
// the journal.

test.use({ tenantTokenStorage: 'weak' });

/** An alert the service still reviews (New or Pending), which the sandbox can revise. */
async function openAlert(page: Page): Promise<string> {
  const queue = await bridge<QueueWindow>(page, 'queue.window', {
    filter: { states: [2, 3] },
    limit: 1,
  });
  const id = queue.rows[0]?.id;
  if (!id) throw new Error('the tenant has no open alert');
  return id;
}

async function revise(tenant: Tenant, alertId: string): Promise<void> {
  // Every open alert gets a revision, this one among them; the next sync brings it.
  const changed = await tenant.service.call('POST', '/__sandbox/advance', {
    body: { revisions: 10_000 },
  });
  expect(changed.status).toBe(200);
  expect(changed.json<{ revisions: string[] }>().revisions).toContain(alertId);
  await tenant.sync();
}

test('a note is kept as it is typed, shown as text, edited, found by Ctrl+K', async ({
  page,
  app,
  tenant,
}) => {
  expect(tenant).toBeTruthy();
  const id = await openAlert(page);
  const screen = new AlertPage(page);
  await screen.open(id);
  const notes = page.getByTestId('notes-panel');
  await expect(notes.getByTestId('kept-locally')).toHaveText(
    'Kept in CaseDesk, not on the service',
  );
  await expect(notes.getByTestId('notes-empty')).toBeVisible();

  // Typed with the keyboard, never saved: the app stops, and the text is there when it starts.
  await page.keyboard.press('n');
  await expect(notes.getByTestId('new-note-text')).toBeFocused();
  const text =
    'Checked the passport <b>bold</b> \u202Egnp.ssapx\u202C against zanzibarite records; see alert:' +
    id +
    '.';
  await page.keyboard.type(text);
  await expect(notes.getByTestId('new-note-draft')).toHaveText('Draft kept on this computer');
  await app.restart();
  await screen.open(id);
  await expect(notes.getByTestId('new-note-text')).toHaveValue(text);

  // Saved with Ctrl+Enter: shown as text (no markup, direction controls shown, not applied).
  await notes.getByTestId('new-note-text').focus();
  await page.keyboard.press('Control+Enter');
  const note = notes.getByTestId('note');
  await expect(note).toHaveCount(1);
  await expect(notes.getByTestId('new-note-text')).toHaveValue('');
  await expect(note.getByTestId('note-text')).toContainText('<b>bold</b>');
  await expect(note.locator('b')).toHaveCount(0);
  await expect(note.getByTestId('note-link')).toHaveText(`alert:${id}`);
  await expect(note.getByTestId('note-link')).toHaveAttribute('href', `#/alert/${id}`);
  await screenshot(page, 'workbench-alert-note');

  // The draft went with the save: nothing comes back after a restart.
  const saved = await bridge<NotePage>(page, 'workbench.notes', {
    target: { kind: 'alert', id },
  });
  expect(saved.notes.map((kept) => kept.text)).toEqual([text]);
  expect(saved).toMatchObject({ total: 1, more: false });
  expect(await bridge(page, 'workbench.draft', { key: `new:alert:${id}` })).toBeNull();

  // Edited: the note says so; the earlier text stays in the journal.
  await note.getByTestId('edit-note').click();
  const editor = note.getByTestId('edit-note-text');
  await expect(editor).toBeFocused();
  await editor.fill('Passport checked: zanzibarite records clear.');
  await note.getByTestId('save-note').click();
  await expect(note.getByTestId('note-edited')).toContainText('edited once');
  await expect(note.getByTestId('note-text')).toHaveText(
    'Passport checked: zanzibarite records clear.',
  );

  // Found by Ctrl+K, opened on its alert.
  await page.getByTestId('back-to-queue').click();
  const palette = new SearchPalette(page);
  await palette.openWithKeyboard();
  await palette.type('zanzibar');
  const hit = palette.dialog.locator(`[role="option"][data-kind="note"]`);
  await expect(hit).toHaveCount(1);
  await palette.arrowTo(hit);
  await expect(screen.alertId).toHaveText(id);

  const journal = await bridge<JournalVerification>(page, 'journal.verify');
  expect(journal).toMatchObject({ state: 'intact', entries: 2 });
});

test('a proposed decision is pinned to the revision seen and turns stale when the alert moves on', async ({
  page,
  tenant,
}) => {
  const id = await openAlert(page);
  const screen = new AlertPage(page);
  await screen.open(id);
  const panel = page.getByTestId('proposal-panel');
  await expect(panel.getByTestId('proposal-none')).toBeVisible();
  const revision = Number(
    (await screen.revisionNumber.textContent())?.replace(/\D+/g, '') ?? Number.NaN,
  );

  await page.keyboard.press('p');
  const form = panel.getByTestId('proposal-form');
  await expect(form.getByTestId('proposal-state')).toBeFocused();
  // Refused without a state and a reason, saying what is missing.
  await form.getByTestId('save-proposal').click();
  await expect(form.getByText('Choose the state you propose.')).toBeVisible();
  await expect(form.getByText('Say why: a proposal needs a reason.')).toBeVisible();
  await form.getByTestId('proposal-state').selectOption({ label: 'False positive' });
  await form
    .getByTestId('proposal-reason-text')
    .fill('Date of birth and nationality differ from the listed person.');
  const firstChoice = form.getByTestId('evidence-choice').first();
  const cited = (await firstChoice.count()) > 0;
  if (cited) await firstChoice.getByRole('checkbox').check();
  await form.getByTestId('evidence-references').fill('kyt:T-1 message:m 9');
  await form.getByTestId('save-proposal').click();
  await expect(form.getByText('“9” is not a reference', { exact: false })).toBeVisible();
  await form.getByTestId('evidence-references').fill('kyt:T-1');
  await screenshot(page, 'workbench-proposal-form');
  await form.getByTestId('save-proposal').click();

  const open = panel.getByTestId('open-proposal');
  await expect(open).toHaveAttribute('data-stale', 'false');
  await expect(open.getByTestId('proposal-reason')).toHaveText(
    'Date of birth and nationality differ from the listed person.',
  );
  await expect(open.getByTestId('proposal-pin')).toContainText(`Pinned to revision ${revision}`);
  await expect(open.getByTestId('proposal-evidence').locator('li')).toHaveCount(cited ? 2 : 1);
  await screenshot(page, 'workbench-proposal');

  // The service revises the alert; the next sync brings it: the proposal says it is stale.
  await revise(tenant, id);
  await expect(open).toHaveAttribute('data-stale', 'true');
  const stale = open.getByTestId('proposal-stale');
  await expect(stale).toContainText('Stale: the alert moved on since this proposal');
  await expect(stale.getByTestId('stale-changes')).toContainText(
    `Revision ${revision} → ${revision + 1}`,
  );
  await screenshot(page, 'workbench-proposal-stale');

  // The dashboard counts it, and opens the queue on it.
  await page.keyboard.press('g');
  await page.keyboard.press('d');
  const work = page.getByTestId('chart-work');
  await expect(work.getByRole('button', { name: 'Proposal stale: 1 alert' })).toBeVisible();
  await work.getByRole('button', { name: /^Proposal stale/ }).click();
  const queue = new QueuePage(page);
  await queue.expectTotal(1);
  await expect(queue.rows.first()).toHaveAttribute('data-alert-id', id);
  await screenshot(page, 'workbench-queue-stale');

  // The whole queue sorted by the investigator's work: the stale proposal comes first, and says so.
  await queue.open(undefined, { column: 'updatedAt', direction: 'desc' });
  const chooser = page.getByTestId('queue-columns');
  await chooser.getByRole('button', { name: /Columns/ }).click();
  await chooser.getByRole('checkbox', { name: 'Your work', exact: true }).check();
  await page.keyboard.press('Escape');
  await queue.sortBy('work');
  await expect(page.getByTestId('sort-work').locator('..')).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(queue.rows.first()).toHaveAttribute('data-alert-id', id);
  await expect(queue.rows.first().locator('.queue-col-work')).toHaveText('Stale');
  await expect(queue.rows.nth(1).locator('.queue-col-work')).toHaveText('—');
  await screenshot(page, 'workbench-queue-by-work');
  await screen.open(id);

  // Withdrawn with a reason; the history keeps it.
  await panel.getByTestId('withdraw-proposal').click();
  await open.getByTestId('withdraw-reason').fill('Superseded by the new revision.');
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('proposal-none')).toBeVisible();
  await panel.getByTestId('earlier-proposals').locator('summary').click();
  await expect(panel.getByTestId('earlier-proposal')).toContainText(
    'Superseded by the new revision.',
  );

  const journal = await bridge<JournalVerification>(page, 'journal.verify');
  expect(journal).toMatchObject({ state: 'intact', entries: 2 });
});

test('the journal screen shows every entry and names the first one changed behind its back', async ({
  page,
  app,
  tenant,
}) => {
  expect(tenant).toBeTruthy();
  const id = await openAlert(page);
  for (const text of ['First look: name matches.', 'Second look: date of birth differs.'])
    await bridge(page, 'workbench.addNote', { target: { kind: 'alert', id }, text });

  await page.keyboard.press('g');
  await page.keyboard.press('l');
  const screen = page.getByTestId('journal-screen');
  await expect(screen).toBeVisible();
  await expect(page.getByTestId('journal-intact')).toContainText('2 entries');
  const rows = page.getByTestId('journal-entry');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Second look: date of birth differs.');
  await expect(rows.first()).toContainText('Note added');

  // A head held from before (as a case file prints it) is checked: held, not held, not a head.
  const held = await bridge<JournalVerification>(page, 'journal.verify');
  if (held.state !== 'intact') throw new Error('the journal does not hold');
  const headCheck = page.getByTestId('head-check');
  await headCheck.getByTestId('head-check-text').fill(`entry 2, ${held.head}`);
  await headCheck.getByTestId('head-check-run').click();
  await expect(headCheck.getByTestId('head-check-intact')).toContainText('2 entries');
  await headCheck.getByTestId('head-check-text').fill(`2:${'f'.repeat(64)}`);
  await page.keyboard.press('Enter');
  await expect(headCheck.getByTestId('head-check-broken')).toContainText(
    'Its hash is not the head given',
  );
  await headCheck.getByTestId('head-check-text').fill('2:abc');
  await page.keyboard.press('Enter');
  await expect(headCheck.getByRole('alert')).toContainText(
    'Give the head as a case file prints it',
  );
  await headCheck.getByTestId('head-check-text').fill(`3:${held.head}`);
  await page.keyboard.press('Enter');
  await expect(headCheck.getByTestId('head-check-broken')).toContainText(
    'Entry 3, the head given, is missing',
  );
  await screenshot(page, 'workbench-journal');

  // The analyst names themself: the next entry carries the name, earlier ones keep theirs.
  await page.getByTestId('analyst-name').fill('Ana Investigator');
  await page.getByTestId('analyst-save').click();
  await expect(page.getByTestId('analyst-save')).toBeDisabled();
  await bridge(page, 'workbench.addNote', { target: { kind: 'alert', id }, text: 'Third look.' });
  await page.getByTestId('journal-verify').click();
  await page.evaluate(() => {
    location.hash = '#/dashboard';
  });
  await page.evaluate(() => {
    location.hash = '#/journal';
  });
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('Ana Investigator');
  await expect(rows.nth(1)).not.toContainText('Ana Investigator');

  // Someone edits the file while CaseDesk is closed (its triggers refuse it from inside SQLite).
  await app.restart(() => {
    const profiles = join(app.dataDir, 'profiles');
    const [profile] = readdirSync(profiles);
    const db = new Database(join(profiles, profile ?? '', 'local.db'));
    db.exec('DROP TRIGGER journal_never_changed');
    db.prepare(
      "UPDATE journal SET body = json_set(body, '$.text', 'Nothing found.') WHERE seq = 1",
    ).run();
    db.close();
  });
  await page.evaluate(() => {
    location.hash = '#/journal';
  });
  await expect(page.getByTestId('journal-broken')).toContainText('Broken at entry 1');
  await expect(page.getByTestId('journal-broken')).toContainText(
    'Its content does not match its hash',
  );
  await screenshot(page, 'workbench-journal-broken');
});

test('a document has notes too, from its row', async ({ page, tenant }) => {
  expect(tenant).toBeTruthy();
  await page.evaluate(() => {
    location.hash = '#/documents';
  });
  const row = page.getByTestId('document-row').first();
  await row.getByTestId('document-notes').click();
  const dialog = page.getByTestId('notes-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('new-note-text')).toBeVisible();
  await dialog.getByTestId('new-note-text').fill('Signature differs from the passport.');
  await dialog.getByTestId('add-note').click();
  await expect(dialog.getByTestId('note')).toHaveCount(1);
  await screenshot(page, 'workbench-document-notes');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // From the keyboard: m on the selected row (n turns the page).
  await page.locator('#screen-title').click();
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('m');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('note')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Found by Ctrl+K, on the document's customer.
  const palette = new SearchPalette(page);
  await palette.openWithKeyboard();
  await palette.type('signature differs');
  await expect(palette.dialog.locator('[role="option"][data-kind="note"]')).toHaveCount(1);
});

test('notes and proposals are made offline as online', async ({ page, tenant }) => {
  const id = await openAlert(page);
  await tenant.stop();
  const screen = new AlertPage(page);
  await screen.open(id);
  const notes = page.getByTestId('notes-panel');
  await notes.getByTestId('new-note-text').fill('Written on the train.');
  await notes.getByTestId('add-note').click();
  await expect(notes.getByTestId('note')).toHaveCount(1);
  const panel = page.getByTestId('proposal-panel');
  await panel.getByTestId('propose').click();
  const form = panel.getByTestId('proposal-form');
  await form.getByTestId('proposal-state').selectOption({ label: 'Pending information' });
  await form.getByTestId('proposal-reason-text').fill('Ask for a proof of address.');
  await form.getByTestId('save-proposal').click();
  await expect(panel.getByTestId('open-proposal')).toHaveAttribute('data-stale', 'false');
  await expect(panel.getByTestId('proposal-reason')).toHaveText('Ask for a proof of address.');
});

test('a record with many notes shows them a page at a time, keeping what is shown', async ({
  page,
  tenant,
}) => {
  expect(tenant).toBeTruthy();
  const id = await openAlert(page);
  const target = { kind: 'alert', id };
  for (let n = 0; n < 120; n += 1)
    await bridge(page, 'workbench.addNote', { target, text: `Note ${n}` });
  const first = await bridge<NotePage>(page, 'workbench.notes', { target });
  expect(first).toMatchObject({ total: 120, more: true });
  expect(first.notes.map((kept) => kept.text)).toEqual(
    Array.from({ length: 50 }, (_, i) => `Note ${119 - i}`),
  );

  const screen = new AlertPage(page);
  await screen.open(id);
  const notes = page.getByTestId('notes-panel');
  const shown = notes.getByTestId('note');
  await expect(shown).toHaveCount(50);
  await expect(notes.getByTestId('notes-count')).toHaveText(
    '120 notes, newest first; the newest 50 shown',
  );
  await expect(shown.first().getByTestId('note-text')).toHaveText('Note 119');

  await notes.getByTestId('notes-more').click();
  await expect(shown).toHaveCount(100);
  await expect(shown.nth(99).getByTestId('note-text')).toHaveText('Note 20');

  // An older note edited, a new note added: what is shown stays, each note once.
  const older = shown.nth(80);
  await older.getByTestId('edit-note').click();
  await older.getByTestId('edit-note-text').fill('Note 39, corrected');
  await older.getByTestId('save-note').click();
  await expect(older.getByTestId('note-text')).toHaveText('Note 39, corrected');
  await notes.getByTestId('new-note-text').fill('Note 120');
  await notes.getByTestId('add-note').click();
  await expect(shown).toHaveCount(101);
  await expect(notes.getByTestId('notes-count')).toHaveText(
    '121 notes, newest first; the newest 101 shown',
  );
  await expect(shown.first().getByTestId('note-text')).toHaveText('Note 120');
  await expect(shown.nth(81).getByTestId('note-text')).toHaveText('Note 39, corrected');

  await notes.getByTestId('notes-more').click();
  await expect(shown).toHaveCount(121);
  await expect(notes.getByTestId('notes-count')).toHaveText('121 notes, newest first');
  await expect(notes.getByTestId('notes-more')).toHaveCount(0);
  const texts = await shown.getByTestId('note-text').allTextContents();
  expect(new Set(texts).size).toBe(121);
  expect(texts.at(-1)).toBe('Note 0');
});

test('the customer’s Notes tab counts its notes, a new one at once', async ({ page, tenant }) => {
  expect(tenant).toBeTruthy();
  const queue = await bridge<QueueWindow>(page, 'queue.window', { limit: 1 });
  const customer = queue.rows[0]?.customerExternalId;
  if (!customer) throw new Error('the tenant has no alert');
  await page.evaluate(
    (target) => {
      location.hash = target;
    },
    `#/customer/${encodeURIComponent(customer)}/notes`,
  );
  const tab = page.getByTestId('tab-notes');
  await expect(tab).toHaveText(/Notes\s*0/);
  const notes = page.getByTestId('notes-panel');
  await notes.getByTestId('new-note-text').fill('Asked the branch for the source of funds.');
  await notes.getByTestId('add-note').click();
  await expect(notes.getByTestId('note')).toHaveCount(1);
  await expect(tab).toHaveText(/Notes\s*1/);
});
