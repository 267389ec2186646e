import type { ReactNode } from 'react';
import { Button } from './Button';
import { useModalDialog } from './use-modal-dialog';

/** A modal confirmation on the native <dialog>: focus is trapped, Escape cancels. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  // Cancel takes focus as the dialog opens. Not React's autoFocus: that focuses on mount, while
  // the dialog is still closed, and laid the page out inside the build of every screen with one.
  const ref = useModalDialog(open, {
    onShown: (dialog) => dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus(),
  });
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="confirm-title"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="confirm-title" className="dialog-title">
        {title}
      </h2>
      <div className="dialog-body">{children}</div>
      <div className="dialog-actions">
        <Button onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} busy={busy}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
