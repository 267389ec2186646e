import { elementScroll, type Virtualizer } from '@tanstack/react-virtual';

interface Rect {
  width: number;
  height: number;
}

/**
 * For a virtualizer's `observeElementRect`: the scroll element's size as a ResizeObserver reports
 * it, once the browser has laid the element out. The virtualizer's own observer also reads the
 * size at once, as the element is mounted, which lays the whole new screen out inside the task
 * that built it (about 15 ms of the import grid's first frame); give `initialRect` instead.
 */
export function observeRectWhenLaidOut(
  instance: Virtualizer<HTMLDivElement, Element>,
  report: (rect: Rect) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  if (!element || typeof ResizeObserver === 'undefined') return undefined;
  // Read in the observer's callback, after layout: clientWidth and clientHeight cost nothing then.
  const observer = new ResizeObserver(() =>
    report({ width: element.clientWidth, height: element.clientHeight }),
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/** Scroll elements the virtualizer has written a position to. */
const written = new WeakSet<Element>();

/**
 * For a virtualizer's `scrollToFn`: its own (elementScroll), except the first write to a new
 * element when it puts it at its top. The virtualizer writes its offset as it attaches to the
 * element; a new grid is at its top already, and that write laid the freshly built screen out at
 * once (about 30 ms of the import grid's first frame).
 */
export function scrollUnlessNewAtTop(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<HTMLDivElement, Element>,
): void {
  const element = instance.scrollElement;
  if (element && !written.has(element)) {
    written.add(element);
    if (offset === 0 && !options.adjustments) return;
  }
  elementScroll(offset, options, instance);
}
