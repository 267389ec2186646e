/**
 * A file dropped anywhere but on a drop zone would make the window (or the browser tab) navigate
 * to it and leave CaseDesk. Window-level listeners run after any drop zone's own, so zones keep
 * working; everything else is refused.
 */
export function guardAgainstStrayDrops(target: Window = window): () => void {
  const refuse = (event: DragEvent) => {
    if (event.defaultPrevented) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'none';
  };
  target.addEventListener('dragover', refuse);
  target.addEventListener('drop', refuse);
  return () => {
    target.removeEventListener('dragover', refuse);
    target.removeEventListener('drop', refuse);
  };
}
