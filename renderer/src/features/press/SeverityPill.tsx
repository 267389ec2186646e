import { ServiceText } from '../../components/ServiceText';
import { severityTone } from './press-filter';

/** A severity as a pill: its word always shown, the colour only repeating it. */
export function SeverityPill({ severity, testId }: { severity: string | null; testId?: string }) {
  if (!severity)
    return (
      <span className="pill pill-neutral" data-testid={testId}>
        none
      </span>
    );
  return (
    <span className={`pill pill-${severityTone(severity)}`} data-testid={testId}>
      <ServiceText text={severity} />
    </span>
  );
}
