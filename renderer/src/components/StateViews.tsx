import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api';
import { Button } from './Button';

/** Shown while a screen's first read is on its way. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="state-view" role="status" aria-live="polite" data-testid="loading">
      <span className="spinner spinner-lg" aria-hidden="true" />
      <p className="state-view-title">{label}</p>
    </div>
  );
}

/** Nothing to show: say why and what to do. */
export function EmptyState({
  title,
  children,
  action,
  testId = 'empty',
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="state-view" data-testid={testId}>
      <div className="state-view-icon" aria-hidden="true">
        ∅
      </div>
      <p className="state-view-title">{title}</p>
      {children && <div className="state-view-hint">{children}</div>}
      {action && <div className="state-view-action">{action}</div>}
    </div>
  );
}

/** A read failed: the message says what happened; Retry reads again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="state-view state-view-error" role="alert" data-testid="error">
      <div className="state-view-icon" aria-hidden="true">
        !
      </div>
      <p className="state-view-title">This could not be shown</p>
      <p className="state-view-hint">{errorMessage(error)}</p>
      {onRetry && (
        <div className="state-view-action">
          <Button onClick={onRetry}>Try again</Button>
        </div>
      )}
    </div>
  );
}
