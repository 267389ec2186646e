import type { Page } from 'playwright-core';

// How long the window's main thread was blocked, seen from inside the page: the browser's own
// long tasks (PerformanceObserver 'longtask': every task over 50 ms, with its length) and the
// gaps between animation frames (a frame late for any reason, layout and paint included). Both are
// installed with `addInitScript`, before the app's first script, and read afterwards by span.

interface Watched {
  /** [start, duration] of each long task, in the page's performance.now() time. */
  tasks: Array<[number, number]>;
  /** [start, length] of each gap over 50 ms between two animation frames. */
  gaps: Array<[number, number]>;
  /** Frames seen, to say how many gaps there were out of how many. */
  frames: Array<number>;
  longTasksSupported: boolean;
}

/** For `page.addInitScript`: runs in the page, before its own scripts. */
export function watchMainThread(): void {
  const watched: Watched = { tasks: [], gaps: [], frames: [], longTasksSupported: true };
  (window as unknown as { __benchMainThread?: Watched }).__benchMainThread = watched;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) watched.tasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    watched.longTasksSupported = false;
  }
  let last = performance.now();
  const tick = (now: number) => {
    if (now - last > 50) watched.gaps.push([last, now - last]);
    watched.frames.push(now);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** The page's clock now: spans are marked with it. */
export const pageNow = (page: Page): Promise<number> => page.evaluate(() => performance.now());

export interface Span {
  name: string;
  from: number;
  to: number;
}

export interface SpanBlocks {
  name: string;
  seconds: number;
  longTasks: number;
  /** The longest long task, 0 when none (every task was 50 ms or less). */
  longestTask: number;
  frames: number;
  /** Gaps between frames over 50 ms, and the longest gap (whatever its length). */
  lateFrames: number;
  longestGap: number;
}

/** What blocked the main thread in each span (a task or gap counts in the span it starts in). */
export async function blocksBySpan(page: Page, spans: readonly Span[]): Promise<SpanBlocks[]> {
  const watched = await page.evaluate(
    () => (window as unknown as { __benchMainThread?: Watched }).__benchMainThread ?? null,
  );
  if (!watched) throw new Error('watchMainThread was not installed before the page loaded');
  if (!watched.longTasksSupported)
    throw new Error('this Chromium does not report long tasks (PerformanceObserver "longtask")');
  return spans.map((span) => {
    const inSpan = (start: number) => start >= span.from && start < span.to;
    const tasks = watched.tasks.filter(([start]) => inSpan(start));
    const gaps = watched.gaps.filter(([start]) => inSpan(start));
    const frames = watched.frames.filter(inSpan);
    let longestGap = 0;
    for (let index = 1; index < frames.length; index += 1)
      longestGap = Math.max(longestGap, frames[index]! - frames[index - 1]!);
    for (const [, length] of gaps) longestGap = Math.max(longestGap, length);
    return {
      name: span.name,
      seconds: (span.to - span.from) / 1000,
      longTasks: tasks.length,
      longestTask: Math.max(0, ...tasks.map(([, duration]) => duration)),
      frames: frames.length,
      lateFrames: gaps.length,
      longestGap,
    };
  });
}
