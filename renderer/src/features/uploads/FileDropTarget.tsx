import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { carriesFiles, droppedFiles, type DroppedFile } from '../../lib/local-files';
import './uploads.css';

/**
 * An area files can be dropped on from the operating system, with an overlay saying where they
 * will go while a drag is over it. Drags of anything but files (text, links) pass through.
 */
export function FileDropTarget({
  label,
  hint,
  onFiles,
  children,
  testId,
}: {
  /** What the drop does, e.g. "Drop to file on Jane Doe". */
  label: string;
  hint?: string;
  onFiles: (files: DroppedFile[]) => void;
  children: ReactNode;
  testId: string;
}) {
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them to know when the drag left.
  const depth = useRef(0);

  const onDragEnter = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event.dataTransfer)) return;
    event.preventDefault();
    depth.current += 1;
    setOver(true);
  };
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event.dataTransfer)) return;
    // Without this the drop is refused (and the window-wide guard would take it).
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    if (!over) setOver(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event.dataTransfer)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event.dataTransfer)) return;
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    // Read now: the DataTransfer is emptied once the event is over.
    const files = droppedFiles(event.dataTransfer);
    if (files.length) onFiles(files);
  };

  return (
    <div
      className={over ? 'file-drop-target is-over' : 'file-drop-target'}
      data-testid={testId}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      {children}
      {over && (
        <div className="file-drop-overlay" data-testid="drop-overlay" aria-hidden="true">
          <div className="file-drop-card">
            <span className="file-drop-icon">⇩</span>
            <span className="file-drop-label">{label}</span>
            {hint && <span className="file-drop-hint">{hint}</span>}
          </div>
        </div>
      )}
      {/* Screen readers hear where a drop would go; the overlay itself is decoration. */}
      <span className="visually-hidden" role="status" aria-live="polite">
        {over ? label : ''}
      </span>
    </div>
  );
}
