import type { NoteTarget } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { ServiceText } from '../../components/ServiceText';
import { useModalDialog } from '../../components/use-modal-dialog';
import { NotesPanel } from './NotesPanel';

/**
 * The notes of a record that has no screen of its own (a document), over the list it sits in.
 * Escape or Close returns to the list; what was typed is kept as a draft meanwhile.
 */
export function NotesDialog({
  target,
  title,
  onClose,
}: {
  target: NoteTarget | null;
  /** What the record is called on screen (a document's name). */
  title: string;
  onClose: () => void;
}) {
  const ref = useModalDialog(target !== null);
  return (
    <dialog
      ref={ref}
      className="dialog wb-notes-dialog"
      aria-labelledby="notes-dialog-title"
      data-testid="notes-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="notes-dialog-title" className="dialog-title">
        Notes on <ServiceText text={title} />
      </h2>
      <div className="dialog-body">{target && <NotesPanel target={target} />}</div>
      <div className="dialog-actions">
        <Button onClick={onClose} data-testid="notes-dialog-close">
          Close
        </Button>
      </div>
    </dialog>
  );
}
