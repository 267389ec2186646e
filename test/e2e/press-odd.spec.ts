import type { Page, Request } from '@playwright/test';
import type { PressList, QueueWindow } from '../../preload/contract';
import { bridge, expect, screenshot, test, type Tenant } from './fixtures';

// Odd press reports as the interface allows them, kept on the sandbox as any service could send
// them (PUT /__sandbox/press/reportbody/{id}) and met the way an investigator meets them: opened by
// id from the Press screen, or picked up from a customer's timeline by a sync.

const IMAGE_HOST = 'images.press-odd.example';
const HOSTILE_TITLE = '<img src=x onerror="window.__pressOddInjected=1">Payment \u202Efdp.exe';
const HOSTILE_SNIPPET = '<script>window.__pressOddInjected=2</script><b>bold?</b> al\u202Ebarak';
const HOSTILE_CATEGORY = '<svg onload="window.__pressOddInjected=3">Fraud';
const HOSTILE_URL = 'https://news.press-odd.example/story?id=7';

function hostileReport(id: string) {
  return {
    report_body_id: id,
    created_at: '2026-11-20T08:00:00Z',
    general_summary: '<iframe src="https://evil.example/"></iframe>Summary with \u202Emarkup',
    // risk_summary, namesake and metadata are missing: the reader says so.
    general_sources: [
      {
        website: {
          url: HOSTILE_URL,
          title: HOSTILE_TITLE,
          snippet: HOSTILE_SNIPPET,
          summary: '<a href="javascript:alert(1)">click</a>',
          is_known_as_quality_source: true,
          images: [`https://${IMAGE_HOST}/photo.jpg`],
          index: 1,
        },
      },
    ],
    other_sources: [],
    report_categories: [
      {
        category: HOSTILE_CATEGORY,
        severity: 'high',
        degree_of_certainty: 'likely',
        reason: '<img src=x onerror="window.__pressOddInjected=4">reason',
        sources: [{ website: { url: HOSTILE_URL, title: HOSTILE_TITLE } }],
      },
    ],
  };
}

const SOURCE_COUNT = 3_000;
/** Every tenth source repeats the URL of the one before it: the reader shows it once. */
const DISTINCT_SOURCES = SOURCE_COUNT - SOURCE_COUNT / 10;

function hugeReport(id: string) {
  const urlOf = (index: number) => {
    const at = index % 10 === 9 ? index - 1 : index;
    return `https://site${at % 40}.press-odd.example/article/${at}`;
  };
  return {
    report_body_id: id,
    created_at: '2026-11-21T08:00:00Z',
    general_summary: 'A subject cited by thousands of articles.',
    risk_summary: 'Many mentions, most of them minor.',
    general_sources: Array.from({ length: SOURCE_COUNT }, (_, index) => ({
      website: {
        url: urlOf(index),
        title: `Article ${index} ${'with a long title '.repeat(index % 3)}`,
        snippet: `Snippet of article ${index}.`,
        is_known_as_quality_source: index % 7 === 0,
        index,
      },
    })),
    other_sources: [],
    report_categories: [
      {
        category: 'Fraud',
        severity: 'medium',
        degree_of_certainty: 'possible',
        reason: 'Articles repeat one claim.',
        sources: [{ website: { url: urlOf(8), title: 'Article 8' } }],
      },
    ],
    namesake: { count: 3, score: 0.4, historical_or_dead_entity: false, indexes: [] },
    metadata: { input: { name: 'Many Articles', additional_info: { CountryCodes: ['GB'] } } },
  };
}

async function plant(tenant: Tenant, id: string, body: unknown, customer?: string): Promise<void> {
  const query = customer ? `?customer=${encodeURIComponent(customer)}` : '';
  const answer = await tenant.service.call(
    'PUT',
    `/__sandbox/press/reportbody/${encodeURIComponent(id)}${query}`,
    { body },
  );
  expect(answer.status, answer.text).toBe(200);
}

/** `g r`, then `o`: the report by its id, from the keyboard. */
async function openById(page: Page, id: string): Promise<void> {
  await page.keyboard.press('g');
  await page.keyboard.press('r');
  await expect(page.getByTestId('press-screen')).toBeVisible();
  await expect(page.getByTestId('loading')).toHaveCount(0);
  await page.keyboard.press('o');
  const dialog = page.getByTestId('press-open-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('press-open-id')).toBeFocused();
  await page.keyboard.type(id);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('press-reader')).toBeVisible();
}

test('a report with hostile HTML and direction controls reads as text, loads nothing remote and opens no link unasked', async ({
  page,
  tenant,
}) => {
  const id = 'press-odd-hostile';
  await plant(tenant, id, hostileReport(id));
  const imageRequests: string[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).hostname === IMAGE_HOST) imageRequests.push(request.url());
  });
  const popups: string[] = [];
  page.context().on('page', (opened) => popups.push(opened.url()));

  await openById(page, id);
  const reader = page.getByTestId('press-reader');
  await expect(page.getByTestId('press-origin')).toHaveText('Opened by id');

  // Every hostile string is shown as it was sent, as text.
  const source = reader.getByTestId('press-source').first();
  await expect(source.getByTestId('press-source-title')).toContainText(
    '<img src=x onerror="window.__pressOddInjected=1">Payment',
  );
  await expect(source.getByTestId('press-source-snippet')).toContainText(
    '<script>window.__pressOddInjected=2</script><b>bold?</b>',
  );
  await expect(source.getByTestId('press-source-summary')).toContainText(
    '<a href="javascript:alert(1)">click</a>',
  );
  await expect(reader.getByTestId('press-category').first()).toContainText(
    '<svg onload="window.__pressOddInjected=3">Fraud',
  );
  await expect(reader.getByTestId('press-general-summary')).toContainText(
    '<iframe src="https://evil.example/"></iframe>Summary with',
  );
  // A direction override is shown as a mark, never applied: the title does not read "exe.pdf".
  await expect(source.getByTestId('press-source-title').locator('abbr.bidi-control')).toHaveText(
    'RLO',
  );
  await expect(source.getByTestId('press-source-snippet').locator('abbr.bidi-control')).toHaveText(
    'RLO',
  );
  // Nothing was injected: no element from the report, and none of its scripts ran.
  await expect(reader.locator('img, script, iframe, svg, b, a[href^="javascript"]')).toHaveCount(0);
  await expect(page.locator('[onerror], [onload]')).toHaveCount(0);
  expect(
    await page.evaluate(
      () => (window as unknown as { __pressOddInjected?: number }).__pressOddInjected,
    ),
  ).toBeUndefined();

  // The missing sections are said.
  const missing = page.getByTestId('press-missing-sections');
  await expect(missing).toContainText('risk summary');
  await expect(missing).toContainText('namesake');
  await expect(missing).toContainText('input');
  await expect(reader.getByTestId('press-risk-summary')).toHaveText('None sent.');

  // The same source cited twice is one source, cited in both places.
  await expect(reader.getByTestId('press-source')).toHaveCount(1);
  await expect(source).toContainText('Cited in: general, <svg onload=');

  // The source's image is remote content: nothing is asked of its host until the investigator
  // asks (the page has drawn everything else by now).
  await expect(source.getByTestId('press-source-images-blocked')).toContainText(
    '1 remote image not loaded',
  );
  expect(imageRequests).toEqual([]);
  await source.getByTestId('press-source-load-images').click();
  await expect(source.getByTestId('press-source-images').locator('img')).toHaveAttribute(
    'src',
    `https://${IMAGE_HOST}/photo.jpg`,
  );
  await expect.poll(() => imageRequests).toEqual([`https://${IMAGE_HOST}/photo.jpg`]);

  // Its link shows where it leads first and opens nothing until confirmed.
  const before = page.url();
  await source.getByTestId('press-source-open').focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Open this link in your browser?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByTestId('link-confirm-target')).toHaveText(HOSTILE_URL);
  await expect(confirm.getByTestId('link-confirm-host')).toHaveText('news.press-odd.example');
  // The link's text is the source's title: its direction override is shown here too.
  await expect(confirm.getByTestId('link-confirm-text').locator('abbr.bidi-control')).toHaveText(
    'RLO',
  );
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  expect(page.url()).toBe(before);
  expect(popups).toEqual([]);

  // Kept: it reads the same with the service gone.
  await tenant.stop();
  await page.reload();
  await expect(page.locator('html[data-app-state="ready"]')).toBeAttached();
  await expect(page.getByTestId('press-source-title')).toContainText('<img src=x onerror=');
});

test('a report of 3,000 sources with duplicate URLs is shown in windows, each source once', async ({
  page,
  tenant,
}) => {
  const id = 'press-odd-huge';
  await plant(tenant, id, hugeReport(id));
  await openById(page, id);
  const reader = page.getByTestId('press-reader');
  const rows = reader.getByTestId('press-source');
  const shown = page.getByTestId('press-sources-shown');
  await expect(shown).toHaveText(`Showing 50 of ${DISTINCT_SOURCES.toLocaleString('en-US')}`);
  await expect(rows).toHaveCount(50);
  await expect(page.getByTestId('press-sources-read-count')).toHaveText(
    `0 of ${DISTINCT_SOURCES.toLocaleString('en-US')} read`,
  );
  // Article 9 repeats article 8's URL: one row, cited by the general sources and the category.
  const eight = rows.filter({ hasText: 'Article 8 ' });
  await expect(eight).toHaveCount(1);
  await expect(eight).toContainText('Cited in: general, Fraud');
  await expect(rows.filter({ hasText: 'Article 9 ' })).toHaveCount(0);

  // The next window, from the keyboard.
  await page.getByTestId('press-sources-more').focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(100);
  await expect(shown).toHaveText(`Showing 100 of ${DISTINCT_SOURCES.toLocaleString('en-US')}`);

  // Narrowing finds a source beyond the windows drawn so far.
  await page.getByTestId('press-sources-find').fill('Article 2998');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Snippet of article 2998.');
  await page.getByTestId('press-sources-find').fill('');
  await expect(rows).toHaveCount(50);

  // Listed with its count written as the reader writes it.
  await page.getByTestId('press-back-to-list').click();
  await expect(page.locator(`[data-report-id="${id}"]`).getByTestId('press-row-read')).toHaveText(
    `0 of ${DISTINCT_SOURCES.toLocaleString('en-US')}`,
  );
});

test('a report the service names on a customer’s timeline is picked up by a sync and listed on the Press tab', async ({
  page,
  tenant,
}) => {
  const queue = await bridge<QueueWindow>(page, 'queue.window', { limit: 1 });
  const customer = queue.rows[0]?.customerExternalId;
  if (!customer) throw new Error('the tenant has no customer');
  const id = 'press-odd-empty';
  // Nothing but its id: every section missing.
  await plant(tenant, id, { report_body_id: id }, customer);
  // An incremental sync reads again the timelines of customers with news; a full one, all.
  await bridge(page, 'sync.start', { full: true });
  await expect
    .poll(async () => (await bridge<{ state: string }>(page, 'sync.status')).state, {
      timeout: 60_000,
    })
    .toBe('idle');
  await expect
    .poll(async () =>
      (
        await bridge<PressList>(page, 'press.list', {
          filter: { customerExternalId: customer },
        })
      ).reports.map((report) => report.id),
    )
    .toEqual([id]);

  await page.evaluate(
    (target) => {
      location.hash = target;
    },
    `#/customer/${encodeURIComponent(customer)}/press`,
  );
  const tab = page.getByTestId('press-customer-tab');
  await expect(tab).toBeVisible();
  const row = tab.locator(`[data-report-id="${id}"]`);
  await expect(row).toBeVisible();
  await row.click();
  await page.keyboard.press('Enter');
  const reader = page.getByTestId('press-reader');
  await expect(reader).toBeVisible();
  await expect(page.getByTestId('press-origin')).toHaveText('Forced');
  await expect(page.getByTestId('press-missing-sections')).toContainText(
    'general summary, risk summary, sources, namesake, input',
  );
  await expect(reader.getByTestId('press-categories-empty')).toBeVisible();
  await expect(reader.getByTestId('press-sources-empty')).toHaveText('The report cites no source.');
  await expect(reader.getByTestId('press-general-summary')).toHaveText('None sent.');
});

/** Two reports of one subject whose every string is hostile, the newer with one more source. */
function hostilePair() {
  const subject = { input: { name: 'Evil \u202EEman', additional_info: { CountryCodes: ['GB'] } } };
  const kept = {
    website: { url: 'https://kept.press-odd.example/1', title: 'Kept <b>story</b>' },
  };
  const added = {
    website: {
      url: 'https://new.press-odd.example/2',
      title: `<img src=x onerror="window.__pressOddInjected=5">New \u202Estory ${'Longwordwithoutspaces'.repeat(12)}`,
      is_known_as_quality_source: true,
    },
  };
  const category = (severity: string) => ({
    category: '<script>window.__pressOddInjected=6</script>Fraud',
    severity,
    degree_of_certainty: 'likely',
    sources: [kept],
  });
  return {
    older: {
      report_body_id: 'press-odd-older',
      created_at: '2026-11-20T08:00:00Z',
      general_summary: 'Nothing <b>found</b> before.',
      risk_summary: 'Low.',
      general_sources: [kept],
      report_categories: [category('low')],
      metadata: subject,
    },
    newer: {
      report_body_id: 'press-odd-newer',
      created_at: '2026-11-21T08:00:00Z',
      general_summary: 'Something <i>found</i> \u202Enow.',
      risk_summary: 'Low.',
      general_sources: [kept, added],
      report_categories: [category('high')],
      metadata: subject,
    },
  };
}

test('two hostile reports of one subject compare as text', async ({ page, tenant }) => {
  const { older, newer } = hostilePair();
  await plant(tenant, older.report_body_id, older);
  await plant(tenant, newer.report_body_id, newer);
  await openById(page, older.report_body_id);
  await openById(page, newer.report_body_id);

  // `c` on the newer report, the older one chosen from the keyboard.
  await page.keyboard.press('c');
  const picker = page.getByTestId('press-compare-dialog');
  await expect(picker.getByTestId('press-compare-choice')).toHaveCount(1);
  await picker.getByRole('radio').focus();
  await page.keyboard.press('Space');
  await picker.getByTestId('press-compare-go').focus();
  await page.keyboard.press('Enter');
  const diff = page.getByTestId('press-diff');
  await expect(diff).toBeVisible();

  const category = diff.getByTestId('press-diff-category');
  await expect(category).toHaveCount(1);
  await expect(category).toContainText('<script>window.__pressOddInjected=6</script>Fraud');
  const source = diff.getByTestId('press-diff-source-added');
  await expect(source).toContainText('<img src=x onerror="window.__pressOddInjected=5">New');
  await expect(source.locator('abbr.bidi-control')).toHaveText('RLO');
  await expect(diff.getByTestId('press-diff-source-removed')).toHaveCount(0);
  // The summaries' markup is words like any other: marked as added or removed, never applied.
  const newerSummary = diff.getByTestId('press-diff-general-newer');
  await expect(newerSummary.locator('ins').first()).toBeVisible();
  expect(
    await newerSummary.evaluate((element) => {
      const copy = element.cloneNode(true) as HTMLElement;
      for (const hidden of copy.querySelectorAll('.visually-hidden')) hidden.remove();
      return copy.textContent;
    }),
  ).toBe('Something <i>found</i> RLOnow.');
  await expect(newerSummary.locator('abbr.bidi-control')).toHaveText('RLO');
  await expect(diff.locator('img, script, b, i')).toHaveCount(0);
  expect(
    await page.evaluate(
      () => (window as unknown as { __pressOddInjected?: number }).__pressOddInjected,
    ),
  ).toBeUndefined();
  await screenshot(page, 'press-compare-hostile');
});

/** A report of `count` sources from `from` on, about one name: two of them overlap by half. */
function manySources(id: string, createdAt: string, from: number, count: number) {
  return {
    report_body_id: id,
    created_at: createdAt,
    general_summary: `Sources ${from} to ${from + count - 1}.`,
    risk_summary: 'Low.',
    general_sources: Array.from({ length: count }, (_, index) => ({
      website: {
        url: `https://many.press-odd.example/${from + index}`,
        title: `Many ${from + index}`,
      },
    })),
    metadata: { input: { name: 'Mara Many' } },
  };
}

test('two reports of 3,000 sources each compare with their changes drawn in windows', async ({
  page,
  tenant,
}) => {
  await plant(
    tenant,
    'press-odd-many-1',
    manySources('press-odd-many-1', '2026-11-20T08:00:00Z', 0, 3000),
  );
  await plant(
    tenant,
    'press-odd-many-2',
    manySources('press-odd-many-2', '2026-11-21T08:00:00Z', 1500, 3000),
  );
  await openById(page, 'press-odd-many-1');
  await openById(page, 'press-odd-many-2');
  await page.keyboard.press('c');
  const picker = page.getByTestId('press-compare-dialog');
  await picker.getByRole('radio').check();
  await picker.getByTestId('press-compare-go').click();
  const sources = page.getByTestId('press-diff-sources');
  await expect(sources.getByTestId('press-diff-source-counts')).toHaveText(
    '1,500 added, 1,500 removed, 1,500 unchanged.',
  );
  const added = sources.getByTestId('press-diff-source-added');
  const removed = sources.getByTestId('press-diff-source-removed');
  await expect(added).toHaveCount(50);
  await expect(removed).toHaveCount(50);
  await sources.getByTestId('press-diff-added-more').focus();
  await page.keyboard.press('Enter');
  await expect(added).toHaveCount(100);
  await expect(removed).toHaveCount(50);
  await sources.getByTestId('press-diff-removed-all').click();
  await expect(removed).toHaveCount(1500);
  await expect(sources.getByTestId('press-diff-removed-more')).toHaveCount(0);
});

const LONG_URL = `https://archive.press-odd.example/${'very-long-path-segment-without-spaces-'.repeat(8)}end?query=${'x'.repeat(120)}`;

/** A report whose strings are as long as the interface allows them to be. */
function longReport(id: string) {
  const long = (word: string, times: number) => Array.from({ length: times }, () => word).join('');
  return {
    report_body_id: id,
    created_at: '2026-11-22T08:00:00Z',
    general_summary: `A summary ${'that goes on and on, '.repeat(60)}and ends.`,
    risk_summary: `Risk ${long('Unbrokenwordwithoutanyspace', 12)} and more.`,
    general_sources: [
      {
        website: {
          url: LONG_URL,
          title: `Title ${long('Averyveryverylongwordthatneverbreaks', 10)}`,
          snippet: `Snippet ${'with many words '.repeat(80)}`,
          summary: 'Short summary.',
          is_known_as_quality_source: true,
          images: ['http://insecure.press-odd.example/a.png', `https://${IMAGE_HOST}/b.png`],
        },
      },
      { website: { url: '', title: '', snippet: 'A source without an address or a title.' } },
    ],
    other_sources: [],
    report_categories: [
      {
        category: `Category ${long('Longcategoryname', 8)}`,
        severity: 'catastrophic',
        degree_of_certainty: 'beyond any reasonable doubt and then some more words',
        reason: `Reason ${long('Reasonwithoutspaces', 10)}`,
        reverted: true,
        sources: [{ website: { url: LONG_URL } }],
      },
    ],
    namesake: { count: 123456, score: 99.5, historical_or_dead_entity: true, indexes: [] },
    metadata: {
      input: {
        name: `Name ${long('Longsubjectname', 12)}`,
        search_name_components: { first_name: 'Name', last_name: long('Longsubjectname', 12) },
        additional_info: { CountryCodes: ['GB', 'FR', 'DE', 'RU', 'UA', 'AE'], Age: 54, Entity: 1 },
      },
    },
  };
}

test('every press screen in the light and the dark theme (screenshots)', async ({
  page,
  tenant,
}) => {
  test.setTimeout(240_000);
  const queue = await bridge<QueueWindow>(page, 'queue.window', { limit: 1 });
  const customer = queue.rows[0]?.customerExternalId;
  if (!customer) throw new Error('the tenant has no customer');
  const generateDialog = page.getByTestId('press-generate-dialog');
  const atStep = (step: string) => expect(generateDialog).toHaveAttribute('data-step', step);
  const go = async (hash: string) => {
    await page.evaluate((target) => {
      location.hash = target;
    }, hash);
    await expect(page.getByTestId('loading')).toHaveCount(0);
  };

  await go('#/press');
  await expect(page.getByTestId('press-empty')).toBeVisible();
  await screenshot(page, 'press-empty');
  await go(`#/customer/${encodeURIComponent(customer)}/press`);
  await expect(page.getByTestId('press-empty')).toBeVisible();
  await screenshot(page, 'press-customer-empty');

  await page.getByTestId('press-generate').click();
  await atStep('form');
  await screenshot(page, 'press-generate-form');
  await page.getByTestId('press-generate-next').click();
  await atStep('confirm');
  await screenshot(page, 'press-generate-confirm');
  await page.getByTestId('press-generate-confirm').click();
  await expect(page.getByTestId('press-reader')).toBeVisible();
  await screenshot(page, 'press-report');
  await page.getByTestId('press-generate-again').click();
  await atStep('form');
  // The report names an age, not a date of birth: it comes again from the cached customer.
  await expect(page.getByTestId('press-generate-dateOfBirth')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await page.getByTestId('press-generate-next').click();
  await page.getByTestId('press-generate-confirm').click();
  await atStep('recent');
  await screenshot(page, 'press-generate-recent');
  await page.getByTestId('press-generate-repeat').click();
  await expect(page.getByTestId('press-fresh-diff')).toBeVisible();
  await screenshot(page, 'press-report-changes');
  await page.getByTestId('press-compare-with').click();
  await expect(page.getByTestId('press-compare-choice').first()).toBeVisible();
  await screenshot(page, 'press-compare-dialog');
  await page.getByTestId('press-compare-choice').first().click();
  await page.getByTestId('press-compare-go').click();
  await expect(page.getByTestId('press-diff')).toBeVisible();
  await screenshot(page, 'press-compare');

  await plant(tenant, 'press-odd-long', longReport('press-odd-long'));
  await plant(tenant, 'press-odd-hostile', hostileReport('press-odd-hostile'));
  await openById(page, 'press-odd-hostile');
  await openById(page, 'press-odd-long');
  await screenshot(page, 'press-report-long-strings');
  await page.getByTestId('press-source-open').first().click();
  await expect(page.getByTestId('link-confirm')).toBeVisible();
  await screenshot(page, 'press-link-confirm');
  await page.keyboard.press('Escape');

  await go('#/press');
  await expect(page.getByTestId('press-report').first()).toBeVisible();
  await screenshot(page, 'press-list');
  await page.getByTestId('press-open-by-id').click();
  await page.getByTestId('press-open-id').fill('no-such-report');
  await page.getByTestId('press-open-submit').click();
  await expect(page.getByTestId('press-open-error')).toBeVisible();
  await screenshot(page, 'press-open-by-id-error');
  await page.keyboard.press('Escape');

  await page.getByTestId('press-generate').click();
  await page.getByTestId('press-generate-next').click();
  await expect(page.getByTestId('press-generate-name')).toHaveAttribute('aria-invalid', 'true');
  await screenshot(page, 'press-generate-form-error');
  await page.getByTestId('press-generate-name').fill('Odd Subject');
  await page.getByTestId('press-generate-next').click();
  expect(
    (await tenant.service.call('PUT', '/__sandbox/faults', { body: { dropRate: 1 } })).status,
  ).toBe(200);
  await page.getByTestId('press-generate-confirm').click();
  await atStep('failed');
  // The request went out and its answer was lost: the report may exist, and the dialog says so.
  const failed = page.getByTestId('press-generate-error');
  await expect(failed).toContainText(/the report may exist on the service/i);
  await expect(failed).not.toContainText('No report was generated');
  await screenshot(page, 'press-generate-failed');
  await page.getByTestId('press-generate-retry').click();
  await atStep('in-doubt');
  await screenshot(page, 'press-generate-in-doubt');
  expect((await tenant.service.call('DELETE', '/__sandbox/faults')).status).toBe(200);
  await page.keyboard.press('Escape');

  await go(`#/customer/${encodeURIComponent(customer)}/press`);
  await expect(page.getByTestId('press-report').first()).toBeVisible();
  await screenshot(page, 'press-customer');
  await tenant.stop();
  await page.getByTestId('press-force').click();
  await page.getByRole('button', { name: 'Force generation', exact: true }).click();
  await expect(page.getByTestId('press-force-queued')).toBeVisible();
  await screenshot(page, 'press-customer-force-queued');
});
