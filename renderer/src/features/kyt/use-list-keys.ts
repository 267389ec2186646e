import { useState } from 'react';
import { useShortcuts } from '../../lib/shortcuts';

/**
 * Enter on a focused button or link is that control's (the shortcut took the key from it, so it
 * is clicked here); anywhere else it opens the selected submission.
 */
function pressesControl(event: KeyboardEvent): boolean {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  const control = target.closest('button, a[href], summary, [role="button"], [role="tab"]');
  if (control instanceof HTMLElement) {
    control.click();
    return true;
  }
  return false;
}

/** j/k (and the arrows) walk a list of submissions, Enter opens the one selected. */
export function useListKeys(count: number, onOpen: (index: number) => void, enabled = true) {
  const [selected, setSelected] = useState(0);
  const current = count ? Math.min(selected, count - 1) : -1;
  const move = (by: number) => {
    if (count) setSelected(Math.max(0, Math.min(count - 1, current + by)));
  };
  const group = 'Transactions';
  useShortcuts(
    [
      { keys: 'j', description: 'Next submission', group, run: () => move(1) },
      { keys: 'k', description: 'Previous submission', group, run: () => move(-1) },
      {
        keys: 'ArrowDown',
        description: 'Next submission',
        group,
        run: () => move(1),
        hidden: true,
      },
      {
        keys: 'ArrowUp',
        description: 'Previous submission',
        group,
        run: () => move(-1),
        hidden: true,
      },
      {
        keys: 'Enter',
        description: 'Open the selected submission',
        group,
        run: (event) => {
          if (!pressesControl(event) && current >= 0) onOpen(current);
        },
      },
    ],
    enabled && count > 0,
  );
  return { selected: current, setSelected };
}
