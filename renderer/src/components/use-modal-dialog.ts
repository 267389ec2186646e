import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Keeps a native <dialog> shown as a modal while `open` (focus trapped, the page behind inert),
 * and closed otherwise. `onShown` and `onClosed` run right after each change, e.g. to move focus.
 */
export function useModalDialog(
  open: boolean,
  hooks: { onShown?: (dialog: HTMLDialogElement) => void; onClosed?: () => void } = {},
) {
  const ref = useRef<HTMLDialogElement>(null);
  const latest = useRef(hooks);
  useLayoutEffect(() => {
    latest.current = hooks;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      latest.current.onShown?.(dialog);
    }
    if (!open && dialog.open) {
      dialog.close();
      latest.current.onClosed?.();
    }
  }, [open]);
  return ref;
}
