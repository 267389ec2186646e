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
  return (
    <bdi dir="auto" className={className} data-testid={testId}>
      {visibleFileName(name)}
    </bdi>
  );
}
