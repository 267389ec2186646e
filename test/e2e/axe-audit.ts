import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

/**
 * axe-core on the page as it is, in both themes: the serious and critical findings, in words, so
 * a spec collects them over its screens and asserts none at the end.
 */
export async function audit(page: Page, where: string): Promise<string[]> {
  const findings: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator(`html[data-theme="${colorScheme}"]`)).toBeAttached();
    const results = await new AxeBuilder({ page })
      // Every node of every violation is still reported; passes and incompletes are not
      // gathered node by node, which took a third of each run. First: `options` replaces what
      // `withTags` sets.
      .options({ resultTypes: ['violations'] })
      .withTags(TAGS)
      // Frame by frame in the page itself: the default opens a blank page of its own to merge
      // the frames' results, which the browser host's secret-bound page does not allow for.
      .setLegacyMode(true)
      .analyze();
    for (const violation of results.violations) {
      if (!violation.impact || !BLOCKING.has(violation.impact)) continue;
      for (const node of violation.nodes)
        findings.push(
          `${where} [${colorScheme}] ${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${
            node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help
          }`,
        );
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return findings;
}
