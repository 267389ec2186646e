import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCount } from '../../lib/format';
import type { BarTone } from './BarList';
import { alertsCount, periodLabel, periodPhrase } from './labels';
import { periodLeft, plotData, plotHeight, plotOptions } from './series-plot-options';
import type { Period } from './time-series';

const MOVES: Record<string, (index: number, last: number) => number> = {
  ArrowLeft: (index) => Math.max(0, index - 1),
  ArrowRight: (index, last) => Math.min(last, index + 1),
  Home: () => 0,
  End: (_index, last) => last,
  PageUp: (index) => Math.max(0, index - 7),
  PageDown: (index, last) => Math.min(last, index + 7),
};

/**
 * Puts the cursor of every chart sharing `syncKey` on one period, or takes it away (null) unless
 * the pointer is on one of them: then the cursor is the pointer's.
 */
export function showPeriod(syncKey: string, index: number | null): void {
  const plots = uPlot.sync(syncKey).plots;
  if (index === null && plots.some((plot) => plot.over.matches(':hover'))) return;
  for (const plot of plots) {
    plot.setCursor(
      index === null ? { left: -10, top: -10 } : { left: periodLeft(plot, index), top: 0 },
    );
  }
}

export interface SeriesPlotProps {
  periods: Period[];
  series: 'created' | 'updated';
  granularity: 'day' | 'week';
  tone: BarTone;
  /** Only the lowest of stacked charts labels the dates. */
  showDates: boolean;
  syncKey: string;
  /** The tallest bar of all the stacked charts, which share one count scale. */
  largest: number;
  /** The period under the cursor (pointer or keyboard), as uPlot reports it. */
  onCursor: (index: number | null) => void;
  /** The pointer left the plot: its cursor is gone, though the keyboard may still be on a period. */
  onPointerLeave: () => void;
  onOpen: (key: string) => void;
  /** Drawn over the plot, in its coordinates (the hovered period's readout). */
  overlay?: ReactNode;
  testId: string;
}

/**
 * One series over time, drawn by uPlot as bars on a UTC time axis. Over the canvas lies one
 * (invisible) button per period for the keyboard and assistive technology: up to hundreds of
 * periods would be hundreds of Tab stops, so the row is one stop and the arrow keys move along
 * it, taking the chart's cursor with them. The pointer is uPlot's: hovering moves the cursor and a
 * click opens the period under it.
 */
export function SeriesPlot({
  periods,
  series,
  granularity,
  tone,
  showDates,
  syncKey,
  largest,
  onCursor,
  onPointerLeave,
  onOpen,
  overlay,
  testId,
}: SeriesPlotProps) {
  const mount = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const [over, setOver] = useState<HTMLDivElement | null>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  // uPlot's hooks and listeners outlive a render; they reach the current props through this.
  const latest = useRef({ periods, largest, onCursor, onPointerLeave, onOpen });
  useEffect(() => {
    latest.current = { periods, largest, onCursor, onPointerLeave, onOpen };
  });

  useEffect(() => {
    const element = mount.current;
    if (!element) return;
    const chart = new uPlot(
      plotOptions({
        element,
        width: element.clientWidth,
        granularity,
        showDates,
        syncKey,
        largest: () => latest.current.largest,
        onCursor: (current) => latest.current.onCursor(current.cursor.idx ?? null),
        onReady: (current) => setOver(current.over),
      }),
      plotData(latest.current.periods, series),
      element,
    );
    plot.current = chart;
    const openClicked = (event: MouseEvent) => {
      // Enter on a period's button is a click that bubbles up to here as well; that one is done.
      if (event.target !== chart.over) return;
      const index = chart.posToIdx(event.clientX - chart.over.getBoundingClientRect().left);
      const period = latest.current.periods[index];
      if (period) latest.current.onOpen(period.key);
    };
    const left = () => latest.current.onPointerLeave();
    chart.over.addEventListener('click', openClicked);
    // Registered after uPlot's own, so it runs once uPlot has taken the cursor away.
    chart.over.addEventListener('mouseleave', left);
    const resize = new ResizeObserver(() => {
      if (element.clientWidth !== chart.width) {
        chart.setSize({ width: element.clientWidth, height: plotHeight(showDates) });
      }
    });
    resize.observe(element);
    // The colours are CSS variables read at draw time, so a theme change is a redraw; with the
    // paths built again, since uPlot's bars keep the fill they were built with.
    const theme = new MutationObserver(() => chart.redraw(true, false));
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      resize.disconnect();
      theme.disconnect();
      chart.over.removeEventListener('click', openClicked);
      chart.over.removeEventListener('mouseleave', left);
      chart.destroy();
      plot.current = null;
    };
  }, [granularity, series, showDates, syncKey]);

  // Runs after the effect above has taken the new `largest`, which the count scale reads.
  useEffect(() => {
    plot.current?.setData(plotData(periods, series));
  }, [periods, series, largest]);

  const last = periods.length - 1;
  const tabStop = Math.min(focusIndex ?? last, last);
  const total = periods.reduce((sum, period) => sum + period[series], 0);
  const peak = periods.reduce<Period | null>(
    (best, period) => (best === null || period[series] > best[series] ? period : best),
    null,
  );
  const per = granularity === 'week' ? 'week' : 'day';

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(tabStop, last);
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };

  return (
    <div
      className={`series tone-${tone}`}
      data-testid={testId}
      data-series={series}
      data-granularity={granularity}
    >
      <div className="series-head">
        <span className="series-name">
          <span className="series-swatch" aria-hidden="true" />
          {series === 'created' ? 'Created' : 'Updated'}
        </span>
        <span className="series-summary">
          {alertsCount(total)} {series}
          {peak && peak[series] > 0 && (
            <>
              {' '}
              · most {periodPhrase(peak.key, granularity)} ({formatCount(peak[series])})
            </>
          )}
        </span>
      </div>
      <div
        className="series-plot"
        role="group"
        aria-label={`Alerts ${series} per ${per}; arrow keys move between ${per}s`}
        onKeyDown={onKeyDown}
      >
        <div className="series-canvas" ref={mount} />
        {over &&
          createPortal(
            <>
              <div className="series-periods">
                {periods.map((period, index) => {
                  const name = `${periodLabel(period.key, granularity)}: ${alertsCount(period[series])} ${series}`;
                  return (
                    <button
                      key={period.key}
                      ref={(element) => {
                        buttons.current[index] = element;
                      }}
                      type="button"
                      className="series-period"
                      style={{
                        left: `${(index / periods.length) * 100}%`,
                        width: `${100 / periods.length}%`,
                      }}
                      tabIndex={index === tabStop ? 0 : -1}
                      aria-label={name}
                      data-key={period.key}
                      data-count={period[series]}
                      data-index={index}
                      onClick={() => onOpen(period.key)}
                      onFocus={() => {
                        setFocusIndex(index);
                        showPeriod(syncKey, index);
                      }}
                      onBlur={() => showPeriod(syncKey, null)}
                    />
                  );
                })}
              </div>
              {overlay}
            </>,
            over,
          )}
      </div>
    </div>
  );
}
