import { useRef, useState, type KeyboardEvent } from 'react';
import { formatCount } from '../../lib/format';
import type { BarTone } from './BarList';
import { alertsCount, axisLabel, periodLabel, periodPhrase } from './labels';
import { tickIndexes, type Period } from './time-series';

const MOVES: Record<string, (index: number, last: number) => number> = {
  ArrowLeft: (index) => Math.max(0, index - 1),
  ArrowRight: (index, last) => Math.min(last, index + 1),
  Home: () => 0,
  End: (_index, last) => last,
  PageUp: (index) => Math.max(0, index - 7),
  PageDown: (index, last) => Math.min(last, index + 7),
};

/**
 * One series over time as a row of columns, each a button for its period. Up to hundreds of
 * periods would be hundreds of Tab stops, so the row is one stop and the arrow keys move along it.
 */
export function TimeSeriesChart({
  periods,
  series,
  granularity,
  tone,
  showAxis,
  onOpen,
  testId,
}: {
  periods: Period[];
  series: 'created' | 'updated';
  granularity: 'day' | 'week';
  tone: BarTone;
  showAxis: boolean;
  onOpen: (key: string) => void;
  testId: string;
}) {
  const columns = useRef<Array<HTMLButtonElement | null>>([]);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const last = periods.length - 1;
  const tabStop = Math.min(focusIndex ?? last, last);
  const largest = Math.max(0, ...periods.map((period) => period[series]));
  const total = periods.reduce((sum, period) => sum + period[series], 0);
  const peak = periods.reduce<Period | null>(
    (best, period) => (best === null || period[series] > best[series] ? period : best),
    null,
  );
  const shownPeriod = shown === null ? null : periods[shown];
  const verb = series;
  const first = periods[0]?.key ?? '';
  const spansYears = Date.parse(periods[last]?.key ?? first) - Date.parse(first) > 300 * 86_400_000;
  const per = granularity === 'week' ? 'week' : 'day';

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(tabStop, last);
    setFocusIndex(next);
    columns.current[next]?.focus();
  };

  return (
    <div
      className="series"
      data-testid={testId}
      data-series={series}
      data-granularity={granularity}
    >
      <div className="series-head">
        <span className="series-name">
          <span className={`series-swatch tone-${tone}`} aria-hidden="true" />
          {series === 'created' ? 'Created' : 'Updated'}
        </span>
        <span className="series-readout" aria-hidden="true">
          {shownPeriod ? (
            <>
              <strong>{periodLabel(shownPeriod.key, granularity)}</strong> ·{' '}
              {alertsCount(shownPeriod[series])} {verb}
            </>
          ) : (
            <>
              {alertsCount(total)} {verb}
              {peak && peak[series] > 0 && (
                <>
                  {' '}
                  · most {periodPhrase(peak.key, granularity)} ({formatCount(peak[series])})
                </>
              )}
            </>
          )}
        </span>
      </div>
      <div
        className="series-plot"
        role="group"
        aria-label={`Alerts ${verb} per ${per}; arrow keys move between ${per}s`}
        onKeyDown={onKeyDown}
        onMouseLeave={() => setShown(null)}
      >
        <span className="series-scale" aria-hidden="true">
          {formatCount(largest)}
        </span>
        {periods.map((period, index) => {
          const name = `${periodLabel(period.key, granularity)}: ${alertsCount(period[series])} ${verb}`;
          return (
            <button
              key={period.key}
              ref={(element) => {
                columns.current[index] = element;
              }}
              type="button"
              className="series-column"
              tabIndex={index === tabStop ? 0 : -1}
              aria-label={name}
              title={name}
              data-key={period.key}
              data-count={period[series]}
              onClick={() => onOpen(period.key)}
              onFocus={() => {
                setFocusIndex(index);
                setShown(index);
              }}
              onBlur={() => setShown(null)}
              onMouseEnter={() => setShown(index)}
            >
              <span
                className={`series-bar tone-${tone}`}
                style={{
                  height:
                    largest > 0 && period[series] > 0
                      ? `${Math.max(2, (period[series] / largest) * 100)}%`
                      : '0',
                }}
              />
            </button>
          );
        })}
      </div>
      {showAxis && (
        <div className="series-axis" aria-hidden="true">
          {tickIndexes(periods.length).map((index) => {
            const period = periods[index];
            if (!period) return null;
            const edge = index === 0 ? 'start' : index === last ? 'end' : 'middle';
            return (
              <span
                key={period.key}
                className={`series-tick series-tick-${edge}`}
                style={
                  edge === 'middle'
                    ? { left: `${((index + 0.5) / periods.length) * 100}%` }
                    : undefined
                }
              >
                {axisLabel(period.key, spansYears)}
              </span>
            );
          })}
        </div>
      )}
    </div>
  );
}
