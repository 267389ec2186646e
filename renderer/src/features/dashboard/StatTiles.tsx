import { formatCount } from '../../lib/format';
import type { BarTone } from './BarList';

export interface Stat {
  key: string;
  label: string;
  count: number;
  /** A line under the number: its share, or what it counts. */
  caption: string;
  tone: BarTone;
  open: () => void;
}

/** The big numbers; each opens the queue on the alerts it counts. */
export function StatTiles({ stats }: { stats: Stat[] }) {
  return (
    <ul className="stat-tiles" data-testid="dashboard-tiles">
      {stats.map((stat) => (
        <li key={stat.key}>
          <button
            type="button"
            className={`stat-tile tone-${stat.tone}`}
            data-testid={`tile-${stat.key}`}
            data-count={stat.count}
            onClick={stat.open}
          >
            <span className="stat-value">{formatCount(stat.count)}</span>
            <span className="stat-label">{stat.label}</span>
            <span className="stat-caption">{stat.caption}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
