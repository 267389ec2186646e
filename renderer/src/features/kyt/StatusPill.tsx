import type { KytStatus } from '../../../../preload/contract';
import { statusLabel, statusTone } from './kyt-status';

/** A submission's status: its word always shown, the colour only repeating it. */
export function StatusPill({ status, testId }: { status: KytStatus; testId?: string }) {
  return (
    <span className={`pill pill-${statusTone(status)}`} data-status={status} data-testid={testId}>
      {statusLabel(status)}
    </span>
  );
}
