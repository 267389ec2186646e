import uPlot from 'uplot';
import { formatCount } from '../../lib/format';
import { dateTickLabel } from './labels';
import {
  countTop,
  dateTicks,
  periodLength,
  periodStart,
  tickIncrements,
  tickStep,
  type Period,
} from './time-series';

/** Height of the bars' area; the chart that shows dates has its date axis below it. */
const BARS_HEIGHT = 104;
const DATE_AXIS_HEIGHT = 24;
/** Room above the top count label, which is centred on the top grid line. */
const TOP_ROOM = 8;
/**
 * Every chart's count axis has this width, so stacked charts put a period at the same place; it
 * holds "10,000" in the axis font.
 */
const COUNT_AXIS_WIDTH = 42;
/** Room right of the plot for the last date label, which is centred on its tick. */
const RIGHT_ROOM = 16;

export const plotHeight = (showDates: boolean): number =>
  TOP_ROOM + BARS_HEIGHT + (showDates ? DATE_AXIS_HEIGHT : 1);

/** The app's colours for a chart, from its CSS variables (the series' own colour is `--tone`). */
interface PlotColours {
  bar: string;
  text: string;
  grid: string;
  baseline: string;
}

function readColours(element: Element): PlotColours {
  const style = getComputedStyle(element);
  const value = (name: string) => style.getPropertyValue(name).trim();
  return {
    bar: value('--tone'),
    text: value('--text-muted'),
    grid: value('--border'),
    baseline: value('--border-strong'),
  };
}

function axisFont(element: Element): string {
  const style = getComputedStyle(element);
  return `${style.getPropertyValue('--text-xs').trim()} ${style.getPropertyValue('--font-sans').trim()}`;
}

export function plotData(periods: Period[], series: 'created' | 'updated'): uPlot.AlignedData {
  return [
    periods.map((period) => periodStart(period.key)),
    periods.map((period) => period[series]),
  ];
}

/** The middle of a period's bar in CSS pixels from the plot's left edge (off the plot if none). */
export const periodLeft = (plot: uPlot, index: number): number => {
  const start = plot.data[0][index];
  return start === undefined ? -10 : plot.valToPos(start, 'x');
};

export interface PlotSetup {
  /** The element the chart is drawn in: its colours and font come from its CSS variables. */
  element: HTMLElement;
  width: number;
  granularity: 'day' | 'week';
  showDates: boolean;
  /** Charts with one key share their cursor: hovering a period in one shows it in all. */
  syncKey: string;
  /** The tallest bar of all the stacked charts: they share one count scale, so heights compare. */
  largest: () => number;
  onCursor: (plot: uPlot) => void;
  onReady: (plot: uPlot) => void;
}

/**
 * One series as bars on a UTC time axis. Colours are functions of `colours`, which is re-read at
 * the start of every draw, so a theme change needs only a redraw (one that builds the bars again:
 * a built bar path keeps its fill).
 */
export function plotOptions(setup: PlotSetup): uPlot.Options {
  const { element, granularity, showDates } = setup;
  let colours = readColours(element);
  const font = axisFont(element);
  const half = periodLength(granularity) / 2;
  const baseline = () => colours.baseline;

  return {
    width: setup.width,
    height: plotHeight(showDates),
    padding: [TOP_ROOM, RIGHT_ROOM, 0, 0],
    legend: { show: false },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      // A period's bar is centred on its start and takes its whole length, so the first and last
      // bars need half a period of room at the ends; the period buttons over the plot are laid
      // out on exactly this range. (uPlot also ranges an explicitly set x scale, as a redraw
      // does, so the range comes from the data, never from the bounds it is given.)
      x: {
        time: true,
        range: (plot, min, max) => [
          (plot.data[0][0] ?? min) - half,
          (plot.data[0].at(-1) ?? max) + half,
        ],
      },
      y: { range: (_plot, _min, max) => [0, countTop(Math.max(max, setup.largest()))] },
    },
    axes: [
      {
        scale: 'x',
        side: 2,
        size: showDates ? DATE_AXIS_HEIGHT : 1,
        gap: 4,
        font,
        stroke: () => colours.text,
        space: 72,
        incrs: tickIncrements(granularity),
        splits: (plot, _axis, min, max, increment) =>
          dateTicks(plot.data[0][0] ?? min, min, max, increment),
        values: (_plot, ticks, _axis, _space, increment) =>
          ticks.map((tick, index) =>
            showDates ? dateTickLabel(tick, tickStep(increment), index === 0) : '',
          ),
        grid: { show: false },
        ticks: { show: showDates, stroke: baseline, width: 1, size: 4 },
        border: { show: true, stroke: baseline, width: 1 },
      },
      {
        scale: 'y',
        side: 3,
        size: COUNT_AXIS_WIDTH,
        gap: 8,
        font,
        stroke: () => colours.text,
        splits: (_plot, _axis, _min, max) => [0, max / 2, max],
        values: (_plot, ticks) => ticks.map((tick) => formatCount(tick)),
        grid: { stroke: () => colours.grid, width: 1 },
        ticks: { show: false },
      },
    ],
    series: [
      {},
      {
        scale: 'y',
        width: 0,
        fill: () => colours.bar,
        paths: uPlot.paths.bars?.({ size: [0.72, 28, 1], align: 0, radius: [0.2, 0] }),
        points: { show: false },
      },
    ],
    cursor: {
      x: false,
      y: false,
      // No zooming by dragging; and uPlot's own post-drag swallowing of a click would also
      // swallow clicks on bars, since the cursor snaps to the bar and the pointer does not.
      drag: { x: false, y: false, setScale: false, click: () => undefined },
      sync: { key: setup.syncKey, setSeries: false },
      // The cursor stands on the hovered period's bar, never between two.
      move: (plot, left, top) =>
        left < 0 ? [left, top] : [periodLeft(plot, plot.posToIdx(left)), top],
      points: {
        // The cursor's mark is the whole period's column; its colour comes from the stylesheet
        // (an empty inline colour leaves the class's), so it follows the theme without a redraw.
        bbox: (plot) => {
          const start = plot.data[0][plot.cursor.idx ?? -1];
          if (start === undefined) return { left: -10, top: -10, width: 0, height: 0 };
          const left = plot.valToPos(start - half, 'x');
          return {
            left,
            top: 0,
            width: plot.valToPos(start + half, 'x') - left,
            height: plot.bbox.height / uPlot.pxRatio,
          };
        },
        fill: () => '',
        stroke: () => '',
        width: 0,
      },
    },
    hooks: {
      drawClear: [
        () => {
          colours = readColours(element);
        },
      ],
      setCursor: [setup.onCursor],
      // A resize moves the periods; the cursor's column is measured again at its period.
      setSize: [
        (plot) => {
          const index = plot.cursor.idx;
          if (typeof index === 'number') plot.setCursor({ left: periodLeft(plot, index), top: 0 });
        },
      ],
      ready: [setup.onReady],
    },
  };
}
