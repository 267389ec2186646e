import type { Locator, Page } from '@playwright/test';
import type { DocumentSearchPage, QueueWindow, ThreadPage } from '../../preload/contract';
import { audit } from './axe-audit';
import { bridge, expect, test } from './fixtures';
import { QueuePage } from './pages/queue-page';
import { standInImport, STAND_IN_CSV } from './customer-import-stand-in';
import { CustomerImportPage } from './pages/customer-import-page';

// Every screen and state a user meets, checked by axe-core in the light and the dark theme: no
// serious or critical violation of WCAG 2.1 A/AA or of axe's best practices. A failure names the
// screen, the theme, the rule, the element and what to fix.

/** One finding, in words a fixer can act on. */
type Finding = string;

async function go(page: Page, hash: string, ready: Locator): Promise<void> {
  await page.evaluate((target) => {
    location.hash = target;
  }, hash);
  await ready.waitFor();
  await expect(page.getByTestId('loading')).toHaveCount(0);
}

function expectNone(findings: Finding[]): void {
  expect(findings, `axe-core found:\n${findings.join('\n')}`).toEqual([]);
}

test('a first start with no profile has no serious or critical accessibility violation', async ({
  page,
}) => {
  await expect(page.getByTestId('connection-screen')).toBeVisible();
  const findings = await audit(page, 'first start: connection');
  await page.getByTestId('nav-dashboard').click();
  findings.push(...(await audit(page, 'first start: dashboard')));
  await page.getByTestId('nav-queue').click();
  findings.push(...(await audit(page, 'first start: queue')));
  await page.getByTestId('nav-threads').click();
  findings.push(...(await audit(page, 'first start: threads')));
  await page.getByTestId('nav-documents').click();
  findings.push(...(await audit(page, 'first start: documents')));
  await page.getByTestId('nav-outbox').click();
  findings.push(...(await audit(page, 'first start: outbox')));
  expectNone(findings);
});

interface Records {
  alert: QueueWindow['rows'][number];
  thread: ThreadPage['rows'][number];
  document: DocumentSearchPage['rows'][number];
}

async function records(page: Page): Promise<Records> {
  const queue = await bridge<QueueWindow>(page, 'queue.window', { limit: 1 });
  const threads = await bridge<ThreadPage>(page, 'threads.list', { limit: 1 });
  const documents = await bridge<DocumentSearchPage>(page, 'documents.search', { limit: 200 });
  const alert = queue.rows[0];
  const thread = threads.rows[0];
  const document = documents.rows.find((row) => row.source === 'internal');
  if (!alert || !thread || !document)
    throw new Error('the tenant lacks an alert, thread or document');
  return { alert, thread, document };
}

test.describe('a synced profile has no serious or critical accessibility violation', () => {
  test.setTimeout(300_000);

  test('dashboard, queue, filters, saved views, confirm dialog, alert', async ({
    page,
    tenant,
  }) => {
    expect(tenant).toBeTruthy();
    const { alert } = await records(page);
    const findings: Finding[] = [];
    const check = async (where: string) => findings.push(...(await audit(page, where)));

    await go(page, '#/dashboard', page.getByTestId('dashboard-screen'));
    await check('dashboard');

    const queuePage = new QueuePage(page);
    await queuePage.open();
    await expect(queuePage.rows.first()).toBeVisible();
    await check('queue');
    const category = page.getByTestId('filter-category');
    await category.getByRole('button', { name: /Category/ }).click();
    await expect(category.getByRole('checkbox').first()).toBeVisible();
    await check('queue, category filter open');
    await page.keyboard.press('Escape');

    await queuePage.saveView('Mine');
    await check('queue with a saved view');
    await queuePage.view('Mine').getByRole('button', { name: 'Delete view Mine' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check('confirm dialog');
    await page.keyboard.press('Escape');

    await go(page, `#/alert/${encodeURIComponent(alert.id)}`, page.getByTestId('alert-screen'));
    await check('alert');
    expectNone(findings);
  });

  test('notes, proposed decision, customer notes, journal, dashboard with your work', async ({
    page,
    tenant,
  }) => {
    expect(tenant).toBeTruthy();
    const { alert } = await records(page);
    const findings: Finding[] = [];
    const check = async (where: string) => findings.push(...(await audit(page, where)));
    await bridge(page, 'workbench.addNote', {
      target: { kind: 'alert', id: alert.id },
      text: 'Seen customer:' + alert.customerExternalId + ' — <i>not</i> the listed person.',
    });
    await bridge(page, 'workbench.propose', {
      alertId: alert.id,
      state: 7,
      reason: 'Different date of birth.',
      evidence: [{ kind: 'kyt', id: 'T-1', label: '' }],
    });

    await go(page, `#/alert/${encodeURIComponent(alert.id)}`, page.getByTestId('alert-screen'));
    await expect(page.getByTestId('note')).toHaveCount(1);
    await page.getByTestId('new-note-text').fill('A draft');
    await check('alert with a note, a draft and a proposal');
    await page.getByTestId('note').getByTestId('edit-note').click();
    await page.getByTestId('propose').click();
    await expect(page.getByTestId('proposal-form')).toBeVisible();
    await page.getByTestId('save-proposal').click();
    await expect(page.getByText('Say why: a proposal needs a reason.')).toBeVisible();
    await check('alert: a note being edited, the proposal form with its problems');
    await page.getByTestId('cancel-proposal').click();
    await page.getByTestId('withdraw-proposal').click();
    await check('alert: withdrawing a proposal');

    await go(
      page,
      `#/customer/${encodeURIComponent(alert.customerExternalId)}/notes`,
      page.getByTestId('notes-panel'),
    );
    await check('customer, notes tab');
    await go(page, '#/journal', page.getByTestId('journal-intact'));
    await check('journal');
    await go(page, '#/dashboard', page.getByTestId('chart-work'));
    await check('dashboard with your work');
    expectNone(findings);
  });

  test('customer tabs, threads, a thread', async ({ page, tenant }) => {
    expect(tenant).toBeTruthy();
    const { alert, thread } = await records(page);
    const findings: Finding[] = [];
    const check = async (where: string) => findings.push(...(await audit(page, where)));

    for (const tab of ['overview', 'alerts', 'timeline', 'documents', 'threads', 'press']) {
      await go(
        page,
        `#/customer/${encodeURIComponent(alert.customerExternalId)}/${tab}`,
        page.getByTestId('customer-screen'),
      );
      await check(`customer, ${tab} tab`);
    }
    await go(
      page,
      `#/customer/${encodeURIComponent(alert.customerExternalId)}/edit`,
      page.getByTestId('customer-form'),
    );
    await check('customer form, editing');
    await page.getByTestId('customer-verify').click();
    await expect(page.getByTestId('customer-outcome')).toBeVisible({ timeout: 30_000 });
    await check('customer form, verified');
    await go(page, '#/customer-new', page.getByTestId('customer-form'));
    await check('new customer form');

    // Relations: a kept one (the list and the graph), then the form with its problems marked.
    const other = (await bridge<QueueWindow>(page, 'queue.window', { limit: 200 })).rows.find(
      (row) => row.customerExternalId !== alert.customerExternalId,
    );
    if (!other) throw new Error('the tenant lacks a second customer');
    await bridge(page, 'relations.save', {
      relation: {
        relation_external_id: 'rel-a11y',
        parent_customer_external_id: alert.customerExternalId,
        child_customer_external_id: other.customerExternalId,
        relation_type: 3,
      },
    });
    await go(
      page,
      `#/customer/${encodeURIComponent(alert.customerExternalId)}/relations`,
      page.getByTestId('relation-graph'),
    );
    await check('customer, relations tab with its graph');
    await page.getByTestId('relation-add').click();
    await page.getByTestId('relation-child-value').fill('NOPE-404');
    await page.getByTestId('relation-verify').click();
    await expect(page.getByTestId('relation-verified')).toBeVisible();
    await page.getByRole('heading', { name: 'Relation types' }).click();
    await check('customer, relation form with problems, relation types');

    await go(page, '#/threads', page.getByTestId('threads-screen'));
    await expect(page.getByTestId('thread-row').first()).toBeVisible();
    await check('threads');
    await go(page, `#/thread/${encodeURIComponent(thread.id)}`, page.getByTestId('thread-screen'));
    await expect(page.getByTestId('message').first()).toBeVisible();
    await check('thread');
    expectNone(findings);
  });

  test('documents, downloads, connection, search, shortcuts, offline, outbox', async ({
    page,
    tenant,
  }) => {
    const { alert, document } = await records(page);
    const findings: Finding[] = [];
    const check = async (where: string) => findings.push(...(await audit(page, where)));

    await go(page, '#/documents', page.getByTestId('documents-screen'));
    await check('documents');
    const filter = JSON.stringify({ customerExternalId: document.customerExternalId });
    await go(
      page,
      `#/documents?${new URLSearchParams({ filter }).toString()}`,
      page.locator(`[data-document-id="${document.id}"]`).first(),
    );
    // The first download asks for a folder.
    await page
      .locator(`[data-document-id="${document.id}"]`)
      .first()
      .getByTestId('download-button')
      .click();
    await expect(page.getByTestId('download-folder')).toBeVisible();
    await check('download folder dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('download-folder')).toHaveCount(0);
    await page.getByTestId('downloads-tray-button').click();
    await expect(page.getByTestId('downloads-panel')).toBeVisible();
    await check('downloads tray');
    await page.keyboard.press('Escape');

    await go(page, '#/outbox', page.getByTestId('outbox-screen'));
    await check('outbox, empty');

    await go(page, '#/unreadable', page.getByTestId('unreadable-screen'));
    await check('unreadable records, none');

    await go(page, '#/connection', page.getByTestId('connection-screen'));
    await check('connection: profile, file settings');
    await page.getByRole('button', { name: /New/ }).first().click();
    await check('connection: new profile form');

    await go(page, '#/dashboard', page.getByTestId('dashboard-screen'));
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Search the offline cache' });
    await palette.getByRole('combobox').fill(alert.customerExternalId.slice(0, 4));
    await expect(palette.getByRole('option').first()).toBeVisible();
    await check('search palette');
    await page.keyboard.press('Escape');

    await page.getByTestId('open-shortcuts').click();
    await expect(page.getByTestId('shortcut-sheet')).toBeVisible();
    await check('shortcut sheet');
    await page.keyboard.press('Escape');

    // Offline: the top bar says so, and a change waits in the outbox.
    await tenant.stop();
    await page.getByTestId('sync-start').click();
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-connectivity', 'offline', {
      timeout: 30_000,
    });
    await check('dashboard, offline');
    await bridge(page, 'documents.update', { id: document.id, displayName: 'Renamed offline' });
    await go(page, '#/outbox', page.getByTestId('outbox-screen'));
    await expect(page.getByTestId('outbox-item').first()).toBeVisible();
    await check('outbox, one change waiting');
    expectNone(findings);
  });
});

test.describe('the press screens have no serious or critical accessibility violation', () => {
  test.setTimeout(300_000);

  test('Press screen, reports, comparison, generate and open-by-id dialogs, customer Press tab', async ({
    page,
    tenant,
  }) => {
    const { alert } = await records(page);
    const customer = alert.customerExternalId;
    const findings: Finding[] = [];
    const check = async (where: string) => findings.push(...(await audit(page, where)));
    const faults = async (body: Record<string, number> | null) => {
      const answer = await tenant.service.call(
        body ? 'PUT' : 'DELETE',
        '/__sandbox/faults',
        body ? { body } : {},
      );
      expect(answer.status, answer.text).toBe(200);
    };
    const generateDialog = page.getByTestId('press-generate-dialog');
    const atStep = (step: string) => expect(generateDialog).toHaveAttribute('data-step', step);

    await go(page, '#/press', page.getByTestId('press-screen'));
    await expect(page.getByTestId('press-empty')).toBeVisible();
    await check('press, none kept');

    await page.getByTestId('press-open-by-id').click();
    await expect(page.getByTestId('press-open-dialog')).toBeVisible();
    await check('press, open-by-id dialog');
    await page.getByTestId('press-open-id').fill('no-such-report');
    await page.getByTestId('press-open-submit').click();
    await expect(page.getByTestId('press-open-error')).toBeVisible();
    await check('press, open-by-id dialog, not found');
    await page.keyboard.press('Escape');

    await page.getByTestId('press-generate').click();
    await atStep('form');
    await page.getByTestId('press-generate-next').click();
    await expect(page.getByTestId('press-generate-name')).toHaveAttribute('aria-invalid', 'true');
    await check('generate dialog, form with an error');
    await page.keyboard.press('Escape');

    await go(
      page,
      `#/customer/${encodeURIComponent(customer)}/press`,
      page.getByTestId('press-customer-tab'),
    );
    await expect(page.getByTestId('press-empty')).toBeVisible();
    await check('customer, press tab, none kept');
    await page.getByTestId('press-generate').click();
    await atStep('form');
    await check('generate dialog, form prefilled from the customer');
    await page.getByTestId('press-generate-next').click();
    await atStep('confirm');
    await check('generate dialog, confirm');
    // Held by the service until looked at while it runs.
    const hold = async (path: string | null) => {
      const answer = await tenant.service.call(
        path ? 'PUT' : 'DELETE',
        '/__sandbox/hold',
        path ? { body: { path } } : {},
      );
      expect(answer.status, answer.text).toBe(200);
    };
    await hold('/press/instantreport');
    await page.getByTestId('press-generate-confirm').click();
    await atStep('running');
    await check('generate dialog, running');
    await hold(null);
    await expect(page.getByTestId('press-reader')).toBeVisible({ timeout: 30_000 });
    await check('press report');

    await page.getByTestId('press-generate-again').click();
    await atStep('form');
    await page.getByTestId('press-generate-next').click();
    await page.getByTestId('press-generate-confirm').click();
    await atStep('recent');
    await check('generate dialog, made a short while ago');
    await page.getByTestId('press-generate-repeat').click();
    await expect(page.getByTestId('press-fresh-diff')).toBeVisible();
    await check('press report with the changes since the previous one');

    await page.getByTestId('press-compare-with').click();
    await expect(page.getByTestId('press-compare-choice').first()).toBeVisible();
    await check('compare with… dialog');
    await page.getByTestId('press-compare-choice').first().click();
    await page.getByTestId('press-compare-go').click();
    await expect(page.getByTestId('press-diff')).toBeVisible();
    await check('comparison');

    // A dropped connection: the report may exist; generating again looks for it first.
    await go(page, '#/press', page.getByTestId('press-screen'));
    await expect(page.getByTestId('press-report').first()).toBeVisible();
    await check('press, reports kept');
    await page.getByTestId('press-generate').click();
    await page.getByTestId('press-generate-name').fill('Odd Subject');
    await page.getByTestId('press-generate-next').click();
    await faults({ dropRate: 1 });
    await page.getByTestId('press-generate-confirm').click();
    await atStep('failed');
    await check('generate dialog, answer lost');
    await page.getByTestId('press-generate-retry').click();
    await atStep('in-doubt');
    await check('generate dialog, may exist on the service');
    await faults(null);
    await page.keyboard.press('Escape');

    await page.getByTestId('press-filter-subject').fill('nobody at all');
    await expect(page.getByTestId('press-empty')).toBeVisible();
    await check('press, no report matches the filters');

    await go(
      page,
      `#/customer/${encodeURIComponent(customer)}/press`,
      page.getByTestId('press-customer-tab'),
    );
    await expect(page.getByTestId('press-report').first()).toBeVisible();
    await check('customer, press tab, reports kept');
    await page.getByTestId('press-force').click();
    await expect(page.getByTestId('press-force-confirm-text')).toBeVisible();
    await check('force generation dialog');
    await page.keyboard.press('Escape');
    expectNone(findings);
  });
});

/**
 * Tabs through the page `steps` times; each element that takes focus must look different focused
 * than it does once focus moves on (an outline or a ring, on itself or on the frame around it).
 * Returns the elements that showed nothing.
 */
async function unringedStops(page: Page, steps: number): Promise<string[]> {
  const problems: string[] = [];
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
  });
  for (let step = 0; step < steps; step += 1) {
    await page.keyboard.press('Tab');
    const problem = await page.evaluate(() => {
      interface Memory {
        element: Element;
        focusedLook: string;
      }
      const store = window as unknown as { __focusMemory?: Memory | undefined };
      const look = (element: Element) =>
        [element, element.parentElement]
          .filter((node): node is Element => node !== null)
          .map((node) => {
            const style = getComputedStyle(node);
            return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} | ${style.boxShadow} | ${style.borderColor}`;
          })
          .join(' || ');
      const describe = (element: Element) =>
        `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} class="${element.className}"> "${(element.textContent ?? '').trim().slice(0, 40)}"`;
      const shows = (element: Element) =>
        [element, element.parentElement].some((node) => {
          if (!node) return false;
          const style = getComputedStyle(node);
          return (
            (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
            style.boxShadow !== 'none'
          );
        });
      let found: string | null = null;
      const previous = store.__focusMemory;
      const active = document.activeElement;
      // The one left behind must look different now: otherwise the ring was its normal look.
      if (
        previous &&
        previous.element !== active &&
        look(previous.element) === previous.focusedLook
      )
        found = `${describe(previous.element)} looks the same focused and not`;
      if (active && active !== document.body) {
        if (!shows(active)) found = `${describe(active)} shows no outline or ring when focused`;
        store.__focusMemory = { element: active, focusedLook: look(active) };
      } else store.__focusMemory = undefined;
      return found;
    });
    if (problem) problems.push(problem);
  }
  return [...new Set(problems)];
}

test('every element reached with Tab shows a focus ring, in both themes', async ({
  page,
  tenant,
}) => {
  test.setTimeout(180_000);
  expect(tenant).toBeTruthy();
  const { alert } = await records(page);
  const problems: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await new QueuePage(page).open();
    await expect(page.getByTestId('queue-row').first()).toBeVisible();
    problems.push(
      ...(await unringedStops(page, 45)).map((text) => `queue [${colorScheme}] ${text}`),
    );
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await go(
    page,
    `#/customer/${encodeURIComponent(alert.customerExternalId)}`,
    page.getByTestId('customer-screen'),
  );
  problems.push(...(await unringedStops(page, 40)).map((text) => `customer ${text}`));
  await go(page, '#/connection', page.getByTestId('connection-screen'));
  problems.push(...(await unringedStops(page, 40)).map((text) => `connection ${text}`));
  await go(page, '#/dashboard', page.getByTestId('dashboard-screen'));
  problems.push(...(await unringedStops(page, 40)).map((text) => `dashboard ${text}`));
  expect(problems, problems.join('\n')).toEqual([]);
});

test('every element reached with Tab on the press screens shows a focus ring', async ({
  page,
  tenant,
}) => {
  test.setTimeout(180_000);
  expect(tenant).toBeTruthy();
  const made: string[] = [];
  for (const confirmRepeat of [false, true]) {
    const result = await bridge<{ state: string; report?: { summary: { id: string } } }>(
      page,
      'press.generate',
      { subject: { name: 'Nora Lind', countryCodes: ['SE'] }, confirmRepeat },
    );
    if (!result.report) throw new Error(`press.generate answered ${result.state}`);
    made.push(result.report.summary.id);
  }
  const [older, newer] = made;
  if (!older || !newer) throw new Error('two reports were not made');
  const problems: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await go(page, '#/press', page.getByTestId('press-report').first());
    problems.push(
      ...(await unringedStops(page, 25)).map((text) => `press [${colorScheme}] ${text}`),
    );
    await go(page, `#/press/report/${encodeURIComponent(newer)}`, page.getByTestId('press-reader'));
    problems.push(
      ...(await unringedStops(page, 40)).map((text) => `press report [${colorScheme}] ${text}`),
    );
    await go(
      page,
      `#/press/compare/${encodeURIComponent(older)}/${encodeURIComponent(newer)}`,
      page.getByTestId('press-diff'),
    );
    problems.push(
      ...(await unringedStops(page, 25)).map((text) => `comparison [${colorScheme}] ${text}`),
    );
  }
  await page.emulateMedia({ colorScheme: 'light' });
  expect(problems, problems.join('\n')).toEqual([]);
});

test.describe('the customer import screens have no serious or critical accessibility violation', () => {
  test.use({ tenantScale: 8 });
  test.setTimeout(300_000);

  test('files and mapping, the dry run’s grid, a cell edited, a whole line edited, the cancel confirmation, past imports', async ({
    page,
    tenant,
  }) => {
    expect(tenant).toBeTruthy();
    await standInImport(page).install();
    const screen = new CustomerImportPage(page);
    const findings: Finding[] = [];
    const check = async (where: string) => findings.push(...(await audit(page, where)));

    await screen.open();
    await check('customer import, no file yet');
    await screen.choose('customers', { ...STAND_IN_CSV, name: 'customers.pdf' });
    await check('customer import, a file refused');
    await screen.choose('customers', STAND_IN_CSV);
    await check('customer import, mapping');

    await screen.startButton.click();
    await expect(screen.panel).toHaveAttribute('data-state', 'verified');
    await expect(screen.lines.first()).toBeVisible();
    await check('customer import, dry run done with the grid');
    await screen.goToCell(4, 7);
    await page.keyboard.press('Enter');
    await expect(screen.editor).toBeFocused();
    await check('customer import, a cell edited');
    await page.keyboard.press('Escape');
    await expect(screen.grid).toBeFocused();
    await page.keyboard.press('Shift+Enter');
    await expect(page.getByTestId('ci-line-editor')).toBeVisible();
    await check('customer import, every field of a line in a form');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('ci-line-editor')).toHaveCount(0);
    await screen.action('cancel').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check('customer import, cancel confirmation');
    await page.keyboard.press('Escape');

    await page.getByTestId('ci-new-import').click();
    await expect(page.getByTestId('ci-past-imports')).toBeVisible();
    await check('customer import, past imports');
    expectNone(findings);
  });
});
