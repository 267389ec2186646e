import { chromium, type Browser, type Page } from 'playwright-core';

// What the benches that drive the real renderer share: Debian's Chromium launched headless as
// they all launch it, and bridge calls made from the page the way the renderer makes them in the
// browser host (same cookie, same page secret; see test/support/page-secret-capture.ts).

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium (CASEDESK_CHROMIUM names another). */
export function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CASEDESK_CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** One bridge call from the page; its error thrown as an Error naming the method. */
export async function benchBridge<T>(page: Page, method: string, input?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ([name, body]) => {
      const response = await fetch(`/bridge/${name}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-casedesk-page':
            (window as unknown as { __casedeskTestPageSecret?: string }).__casedeskTestPageSecret ??
            '',
        },
        body: JSON.stringify({ input: body }),
      });
      return (await response.json()) as { ok: boolean; value?: unknown; error?: unknown };
    },
    [method, input] as const,
  );
  if (!result.ok) throw new Error(`${method}: ${JSON.stringify(result.error)}`);
  return result.value as T;
}

/** The q-quantile of unsorted samples. */
export function percentile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
