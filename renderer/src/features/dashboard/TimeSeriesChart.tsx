import { useId, useRef, useState } from 'react';
import { formatCount } from '../../lib/format';
import { periodLabel } from './labels';
import { SeriesPlot, showPeriod } from './SeriesPlot';
import type { Period } from './time-series';

/** Past this share of the width the readout opens to the left of the period, not the right. */
const FLIP_AT = 0.62;

/**
 * Alerts created and updated per period as two bar charts on one time axis, one above the other
 * (each bar opens its own filter). Their cursors are synced: the period under the pointer, or the
 * one the keyboard is on, is marked in both and read out with both counts.
 */
export function TimeSeriesChart({
  periods,
  granularity,
  onOpen,
}: {
  periods: Period[];
  granularity: 'day' | 'week';
  onOpen: (series: 'created' | 'updated', key: string) => void;
}) {
  const syncKey = useId();
  const stack = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState<number | null>(null);

  // Once the pointer is gone, the period the keyboard is on (if it is on one) shows again.
  const showFocused = () => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || !stack.current?.contains(active)) return;
    const index = Number(active.dataset.index);
    if (Number.isInteger(index)) showPeriod(syncKey, index);
  };

  const shown = cursor === null ? undefined : periods[cursor];
  const readout = shown && cursor !== null && (
    <div
      className="series-readout"
      style={
        cursor / periods.length > FLIP_AT
          ? { right: `${(1 - cursor / periods.length) * 100}%` }
          : { left: `${((cursor + 1) / periods.length) * 100}%` }
      }
      data-testid="series-readout"
      data-key={shown.key}
      aria-hidden="true"
    >
      <strong>{periodLabel(shown.key, granularity)}</strong>
      <span className="series-readout-row tone-accent">
        <span className="series-swatch" />
        Created <b>{formatCount(shown.created)}</b>
      </span>
      <span className="series-readout-row tone-success">
        <span className="series-swatch" />
        Updated <b>{formatCount(shown.updated)}</b>
      </span>
    </div>
  );

  const largest = Math.max(0, ...periods.map((period) => Math.max(period.created, period.updated)));
  const shared = {
    periods,
    granularity,
    syncKey,
    largest,
    onCursor: setCursor,
    onPointerLeave: showFocused,
  };
  return (
    <div className="series-stack" ref={stack}>
      <SeriesPlot
        {...shared}
        series="created"
        tone="accent"
        showDates={false}
        onOpen={(key) => onOpen('created', key)}
        overlay={readout}
        testId="chart-created"
      />
      <SeriesPlot
        {...shared}
        series="updated"
        tone="success"
        showDates
        onOpen={(key) => onOpen('updated', key)}
        testId="chart-updated"
      />
    </div>
  );
}
