import { visibleFileName } from '../lib/file-names';

/**
 * A file name from outside CaseDesk (a dropped file, a staged one): shown safe (no invisible or
 * bidirectional characters, separators or leading dots) and isolated, so that right-to-left text
 * in it cannot reorder the words around it.
 */
export function FileName({
  name,
  className,
  testId,
}: {
  name: string;
  className?: string;
  testId?: string;
}) {
  const shown = visibleFileName(name);
  return (
    <bdi dir="auto" className={className} title={shown} data-testid={testId}>
      {shown}
    </bdi>
  );
}
