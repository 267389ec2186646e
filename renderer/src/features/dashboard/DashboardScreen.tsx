import { useMemo, type ReactNode } from 'react';
import type { DashboardSummary, QueueFilterInput } from '../../../../preload/contract';
import { useNavigation } from '../../lib/navigation';
import { Banner } from '../../components/Banner';
import { Screen } from '../../components/Screen';
import { EmptyState, ErrorState, LoadingState } from '../../components/StateViews';
import { ALERT_STATES, categoryLabel, isKnownState, stateLabel } from '../../lib/alert-states';
import { api, errorMessage, unwrap } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { useCached } from '../../lib/use-cached';
import { useSync } from '../sync';
import { BarList, ColumnChart, type Bar, type BarTone } from './BarList';
import { ageLabel, alertsCount, undatedNote, scoreAxisLabel, scoreLevel } from './labels';
import {
  createdFilter,
  openAgeFilter,
  openStates,
  scoreFilter,
  updatedFilter,
} from './queue-links';
import { StatTiles, type Stat } from './StatTiles';
import { periods } from './time-series';
import { TimeSeriesChart } from './TimeSeriesChart';
import './dashboard.css';

/** The ScoreBar's "high" threshold: the alerts to look at first. */
const HIGH_SCORE = 85;

interface DashboardData {
  summary: DashboardSummary;
  /** Open alerts scoring HIGH_SCORE or more (the summary counts scores in tens only). */
  highOpen: number;
}

async function readDashboard(): Promise<DashboardData> {
  const [summary, high] = await Promise.all([
    unwrap(api.dashboard.summary()),
    // The queue's own count, so the tile says exactly what the queue it opens will hold.
    unwrap(api.queue.window({ filter: { states: openStates(), scoreFrom: HIGH_SCORE }, limit: 1 })),
  ]);
  return { summary, highOpen: high.total };
}

const SCORE_TONES: Record<ReturnType<typeof scoreLevel>, BarTone> = {
  low: 'neutral',
  medium: 'warning',
  high: 'danger',
};

const ageTone = (from: number): BarTone => (from >= 30 ? 'danger' : from >= 7 ? 'warning' : 'info');

const percent = (part: number, whole: number) =>
  whole > 0 ? `${Math.round((part / whole) * 100)}% of all alerts` : '—';

export function DashboardScreen() {
  const navigate = useNavigation((state) => state.navigate);
  const dashboard = useCached('dashboard', readDashboard);
  const syncing = useSync((state) => state.status?.state === 'running');
  const openQueue = (filter?: QueueFilterInput) =>
    navigate(filter ? { screen: 'queue', filter } : { screen: 'queue' });

  let body: ReactNode;
  if (dashboard.data === null) {
    body =
      dashboard.status === 'error' ? (
        <ErrorState error={dashboard.error} onRetry={dashboard.reload} />
      ) : (
        <LoadingState label="Counting the cached alerts…" />
      );
  } else if (dashboard.data.summary.total === 0) {
    body = (
      <EmptyState
        title={
          syncing
            ? 'Syncing — alerts appear here as they arrive'
            : 'No alerts cached yet — sync from the top bar'
        }
        testId="dashboard-empty"
      >
        The dashboard counts what the offline cache holds, so it also works without a connection.
      </EmptyState>
    );
  } else {
    body = (
      <>
        {dashboard.status === 'error' && (
          <Banner tone="warning" title="These numbers could not be refreshed">
            {errorMessage(dashboard.error)}
          </Banner>
        )}
        <DashboardBody data={dashboard.data} openQueue={openQueue} />
      </>
    );
  }

  const total = dashboard.data?.summary.total;
  return (
    <Screen
      title="Dashboard"
      testId="dashboard-screen"
      subtitle={
        total
          ? `${alertsCount(total)} in the offline cache. Select any number to open those alerts in the queue.`
          : 'What the offline cache holds.'
      }
    >
      {body}
    </Screen>
  );
}

function DashboardBody({
  data,
  openQueue,
}: {
  data: DashboardData;
  openQueue: (filter?: QueueFilterInput) => void;
}) {
  const { summary } = data;
  const inState = (state: number) =>
    summary.byState.find((bucket) => bucket.key === String(state))?.count ?? 0;
  const open = openStates().reduce((sum, state) => sum + inState(state), 0);

  const stats: Stat[] = [
    {
      key: 'total',
      label: 'All alerts',
      count: summary.total,
      caption: 'in the offline cache',
      tone: 'accent',
      open: () => openQueue(),
    },
    {
      key: 'open',
      label: 'Open',
      count: open,
      caption: percent(open, summary.total),
      tone: 'info',
      open: () => openQueue({ states: openStates() }),
    },
    {
      key: 'new',
      label: stateLabel(2),
      count: inState(2),
      caption: 'not yet reviewed',
      tone: 'info',
      open: () => openQueue({ states: [2] }),
    },
    {
      key: 'pending',
      label: stateLabel(3),
      count: inState(3),
      caption: 'waiting on an answer',
      tone: 'warning',
      open: () => openQueue({ states: [3] }),
    },
    {
      key: 'true-hit',
      label: stateLabel(4),
      count: inState(4),
      caption: 'to accept or reject',
      tone: 'danger',
      open: () => openQueue({ states: [4] }),
    },
    {
      key: 'high-score',
      label: 'High score, open',
      count: data.highOpen,
      caption: `score ${HIGH_SCORE} or more`,
      tone: 'danger',
      open: () => openQueue({ states: openStates(), scoreFrom: HIGH_SCORE }),
    },
  ];

  const stateBars: Bar[] = ALERT_STATES.map((state) => {
    const count = inState(state.value);
    return {
      key: String(state.value),
      label: state.label,
      name: `${state.label}: ${alertsCount(count)}`,
      count,
      tone: state.tone,
      open: () => openQueue({ states: [state.value] }),
    };
  });

  // States the interface does not name (a 99) are one "Other" row, so the rows add up to the total.
  const otherStates = summary.byState.filter(
    (bucket) => !isKnownState(Number(bucket.key)) && bucket.count > 0,
  );
  if (otherStates.length) {
    const count = otherStates.reduce((sum, bucket) => sum + bucket.count, 0);
    const received = otherStates.map((bucket) => bucket.key).join(', ');
    stateBars.push({
      key: 'other',
      label: (
        <span>
          Other <span className="odd-flag">unknown state {received}</span>
        </span>
      ),
      name: `Other (unknown state ${received}): ${alertsCount(count)}`,
      count,
      tone: 'neutral',
      // The queue's state filter takes the interface's states only: the whole queue opens.
      open: () => openQueue(),
    });
  }

  const categoryBars: Bar[] = [...summary.byCategory]
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
    .map((bucket) => ({
      key: bucket.key,
      label: <span className="mono">{categoryLabel(bucket.key)}</span>,
      name: `${categoryLabel(bucket.key)}: ${alertsCount(bucket.count)}`,
      count: bucket.count,
      tone: 'accent',
      open: () => openQueue({ categories: [bucket.key] }),
    }));

  const scoreBars: Bar[] = summary.scores.map((bucket) => ({
    key: String(bucket.from),
    label: scoreAxisLabel(bucket),
    // The name says what the column shows ("90+"), so voice control finds it by what is seen.
    name: `Score ${scoreAxisLabel(bucket)}: ${alertsCount(bucket.count)}`,
    count: bucket.count,
    tone: SCORE_TONES[scoreLevel(bucket)],
    open: () => openQueue(scoreFilter(bucket)),
  }));

  if (summary.scoresOther > 0)
    scoreBars.push({
      key: 'other',
      label: 'Other',
      name: `Score outside 0–100: ${alertsCount(summary.scoresOther)}`,
      count: summary.scoresOther,
      tone: 'neutral',
      open: () => openQueue(),
    });

  const ageBars: Bar[] = summary.openAge.map((bucket) => ({
    key: String(bucket.from),
    label: ageLabel(bucket),
    name: `Open for ${ageLabel(bucket).toLowerCase()}: ${alertsCount(bucket.count)}`,
    count: bucket.count,
    tone: ageTone(bucket.from),
    open: () => openQueue(openAgeFilter(bucket)),
  }));

  const timeline = useMemo(
    () => periods(summary.created, summary.updated, summary.granularity),
    [summary.created, summary.updated, summary.granularity],
  );

  return (
    <div className="dashboard">
      <StatTiles stats={stats} />
      <div className="dashboard-grid">
        <WorkCard openQueue={openQueue} />
        <Card id="by-state" title="By state" hint={`${formatCount(open)} open`}>
          <BarList bars={stateBars} testId="chart-states" />
        </Card>
        <Card
          id="by-category"
          title="By category"
          hint={`${formatCount(summary.byCategory.length)} categories`}
        >
          {categoryBars.length ? (
            <BarList bars={categoryBars} testId="chart-categories" />
          ) : (
            <p className="card-empty">No categories in the cached alerts.</p>
          )}
        </Card>
        <Card id="by-score" title="Match score" hint="all alerts, in tens">
          <ColumnChart bars={scoreBars} testId="chart-scores" />
        </Card>
        <Card id="by-age" title="Open alerts by age" hint="days since created (UTC)">
          {open > 0 ? (
            <>
              <ColumnChart bars={ageBars} testId="chart-open-age" />
              {summary.openAgeUndated > 0 && (
                <p className="card-note" data-testid="open-age-undated">
                  {undatedNote(summary.openAgeUndated)}
                </p>
              )}
            </>
          ) : (
            <p className="card-empty">No open alerts: every cached alert has been decided.</p>
          )}
        </Card>
        <Card
          id="over-time"
          title="Alerts over time"
          hint={summary.granularity === 'week' ? 'per week (from Monday)' : 'per day (UTC)'}
          wide
        >
          {timeline.length ? (
            <TimeSeriesChart
              periods={timeline}
              granularity={summary.granularity}
              onOpen={(series, key) =>
                openQueue(
                  series === 'created'
                    ? createdFilter(key, summary.granularity)
                    : updatedFilter(key, summary.granularity),
                )
              }
            />
          ) : (
            <p className="card-empty">No dates in the cached alerts.</p>
          )}
        </Card>
      </div>
    </div>
  );
}

/**
 * The investigator's own work, kept in CaseDesk: alerts with notes, decisions proposed, and
 * proposals the alert has moved on from. Each opens the queue on those alerts.
 */
function WorkCard({ openQueue }: { openQueue: (filter?: QueueFilterInput) => void }) {
  const counts = useCached('workbench:counts', () => unwrap(api.workbench.counts()));
  // Second reviews are counted apart: a profile whose store cannot say still shows the rest.
  const reviews = useCached('review:counts', () => unwrap(api.review.counts()));
  const data = counts.data;
  const inReview = reviews.data?.alerts ?? null;
  const bars: Bar[] = data
    ? [
        {
          key: 'noted',
          label: 'With a note',
          name: `With a note: ${alertsCount(data.alertsWithNotes)}`,
          count: data.alertsWithNotes,
          tone: 'info',
          open: () => openQueue({ work: 'noted' }),
        },
        {
          key: 'proposed',
          label: 'Decision proposed',
          name: `Decision proposed: ${alertsCount(data.proposed)}`,
          count: data.proposed,
          tone: 'accent',
          open: () => openQueue({ work: 'proposed' }),
        },
        {
          key: 'stale',
          label: 'Proposal stale',
          name: `Proposal stale: ${alertsCount(data.stale)}`,
          count: data.stale,
          tone: 'warning',
          open: () => openQueue({ work: 'stale' }),
        },
        ...(inReview === null
          ? []
          : [
              {
                key: 'awaiting-review',
                label: 'Awaiting second review',
                name: `Awaiting second review: ${alertsCount(inReview)}`,
                count: inReview,
                tone: 'neutral' as const,
                open: () => openQueue({ work: 'awaiting-review' }),
              },
            ]),
      ]
    : [];
  return (
    <Card id="your-work" title="Your work" hint="kept in CaseDesk, not on the service" wide>
      {counts.status === 'error' && !data ? (
        <p className="card-empty">{errorMessage(counts.error)}</p>
      ) : data ? (
        <BarList bars={bars} testId="chart-work" />
      ) : (
        <p className="card-empty">Counting your notes and proposals…</p>
      )}
    </Card>
  );
}

function Card({
  id,
  title,
  hint,
  wide = false,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      className={wide ? 'dashboard-card dashboard-card-wide' : 'dashboard-card'}
      aria-labelledby={`${id}-title`}
      data-testid={`card-${id}`}
    >
      <header className="dashboard-card-head">
        <h2 id={`${id}-title`} className="dashboard-card-title">
          {title}
        </h2>
        <span className="dashboard-card-hint">{hint}</span>
      </header>
      {children}
    </section>
  );
}
