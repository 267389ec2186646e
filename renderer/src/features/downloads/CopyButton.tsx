import { useEffect, useState } from 'react';
import { Button } from '../../components/Button';
import { copyText } from './copy-text';

/** Copies a path or an address; says so for a moment, or says that it could not. */
export function CopyButton({
  text,
  label = 'Copy',
  testId,
}: {
  text: string;
  label?: string;
  testId?: string;
}) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (!outcome) return;
    const timer = window.setTimeout(() => setOutcome(null), 2000);
    return () => window.clearTimeout(timer);
  }, [outcome]);
  return (
    <Button
      className="copy-button"
      data-testid={testId}
      onClick={() => void copyText(text).then((done) => setOutcome(done ? 'copied' : 'failed'))}
    >
      <span aria-live="polite">
        {outcome === 'copied' ? 'Copied' : outcome === 'failed' ? 'Select and copy it' : label}
      </span>
    </Button>
  );
}
