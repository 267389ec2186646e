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
  clamped = false,
}: {
  name: string;
  className?: string;
  testId?: string;
  /** Cut to one line with an ellipsis (tables); the whole name in its tooltip. */
  clamped?: boolean;
}) {
  const shown = visibleFileName(name);
  return (
    <bdi
      dir="auto"
      className={
        clamped ? ['service-text clamp-1', className].filter(Boolean).join(' ') : className
      }
      title={clamped ? shown : undefined}
      data-testid={testId}
    >
      {shown}
    </bdi>
  );
}
