import { useEffect, useState } from 'react';

/**
 * False for a screen's first frame, true from the task after it: a part of the screen mounted
 * then is built, laid out and drawn in a task of its own instead of with the whole screen (the
 * import's grid, which would otherwise come with the panel in one long block of the window).
 */
export function useAfterFirstFrame(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      // After the frame is drawn, not inside it: the next task, once the screen is on screen.
      timer = setTimeout(() => setAfter(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return after;
}
