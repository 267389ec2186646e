import type { ReactNode } from 'react';
import { formatCount } from '../../lib/format';

export type BarTone = 'neutral' | 'info' | 'warning' | 'danger' | 'success' | 'accent';

export interface Bar {
  key: string;
  label: ReactNode;
  /** The bar's name for assistive technology; starts with the visible label. */
  name: string;
  count: number;
  tone: BarTone;
  open: () => void;
}

const share = (count: number, largest: number) =>
  largest > 0 ? `${Math.max(count > 0 ? 1.5 : 0, (count / largest) * 100)}%` : '0%';

/** Labelled horizontal bars; each row is a button that opens the alerts it counts. */
export function BarList({ bars, testId }: { bars: Bar[]; testId: string }) {
  const largest = Math.max(0, ...bars.map((bar) => bar.count));
  return (
    <ul className="bar-list" data-testid={testId}>
      {bars.map((bar) => (
        <li key={bar.key}>
          <button
            type="button"
            className="bar-row"
            aria-label={bar.name}
            title={bar.name}
            data-key={bar.key}
            data-count={bar.count}
            onClick={bar.open}
          >
            {/* The space keeps label and count two words of the visible text, which the name
                (voice control: say what you see) must contain in the same order. */}
            <span className="bar-label">{bar.label}</span>{' '}
            <span className="bar-track" aria-hidden="true">
              <span
                className={`bar-fill tone-${bar.tone}`}
                style={{ width: share(bar.count, largest) }}
              />
            </span>
            <span className="bar-count">{formatCount(bar.count)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Upright columns for a few ordered buckets (scores, ages); each column is a button. */
export function ColumnChart({ bars, testId }: { bars: Bar[]; testId: string }) {
  const largest = Math.max(0, ...bars.map((bar) => bar.count));
  return (
    <ul className="column-chart" data-testid={testId}>
      {bars.map((bar) => (
        <li key={bar.key}>
          <button
            type="button"
            className="column"
            aria-label={bar.name}
            title={bar.name}
            data-key={bar.key}
            data-count={bar.count}
            onClick={bar.open}
          >
            {/* Label then count, as the name says them; the stylesheet puts the count on top. */}
            <span className="column-label">{bar.label}</span>{' '}
            <span className="column-count">{formatCount(bar.count)}</span>
            <span className="column-track" aria-hidden="true">
              <span
                className={`column-fill tone-${bar.tone}`}
                style={{ height: share(bar.count, largest) }}
              />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
