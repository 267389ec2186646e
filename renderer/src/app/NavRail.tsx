import { OutboxBadge } from '../features/outbox/OutboxBadge';
import { keyLabel } from '../lib/shortcuts';
import { useNavigation } from '../lib/navigation';
import type { Route, Screen } from '../lib/routes';

interface NavItem {
  label: string;
  route: Route;
  /** Screens that belong to this item (an alert belongs to the queue). */
  covers: Screen[];
  keys: string;
  icon: string;
}

export const NAV_ITEMS: readonly NavItem[] = [
  {
    label: 'Dashboard',
    route: { screen: 'dashboard' },
    covers: ['dashboard'],
    keys: 'g d',
    icon: '▦',
  },
  {
    label: 'Alert queue',
    route: { screen: 'queue' },
    covers: ['queue', 'alert', 'customer', 'customer-edit', 'customer-new'],
    keys: 'g q',
    icon: '☰',
  },
  {
    label: 'Threads',
    route: { screen: 'threads' },
    covers: ['threads', 'thread'],
    keys: 'g t',
    icon: '✉',
  },
  {
    label: 'Documents',
    route: { screen: 'documents' },
    covers: ['documents'],
    keys: 'g f',
    icon: '▤',
  },
  {
    label: 'Press reports',
    route: { screen: 'press' },
    covers: ['press', 'press-report', 'press-compare'],
    keys: 'g r',
    icon: '☷',
  },
  {
    label: 'Transactions',
    route: { screen: 'kyt' },
    covers: ['kyt', 'kyt-new', 'kyt-submission', 'kyt-compare'],
    keys: 'g k',
    icon: '⇄',
  },
  {
    label: 'Import customers',
    route: { screen: 'customer-import' },
    covers: ['customer-import'],
    keys: 'g i',
    icon: '⇣',
  },
  {
    label: 'Outbox',
    route: { screen: 'outbox' },
    covers: ['outbox'],
    keys: 'g o',
    icon: '⇪',
  },
  {
    label: 'Journal',
    route: { screen: 'journal' },
    covers: ['journal'],
    keys: 'g l',
    icon: '≡',
  },
  {
    label: 'Unreadable',
    route: { screen: 'unreadable' },
    covers: ['unreadable'],
    keys: 'g u',
    icon: '⚠',
  },
  {
    label: 'Connection',
    route: { screen: 'connection' },
    covers: ['connection'],
    keys: 'g p',
    icon: '⚙',
  },
];

/** The screens, always one click or two keys away. */
export function NavRail({
  onSearch,
  onShortcuts,
}: {
  onSearch: () => void;
  onShortcuts: () => void;
}) {
  const route = useNavigation((state) => state.route);
  const navigate = useNavigation((state) => state.navigate);
  return (
    <nav className="nav-rail" aria-label="Screens">
      <button type="button" className="nav-search" onClick={onSearch} data-testid="open-search">
        <span aria-hidden="true">⌕</span>
        <span className="nav-search-text">Search</span>
        <kbd>{keyLabel('Mod+k')[0]}</kbd>
      </button>
      <ul className="nav-list">
        {NAV_ITEMS.map((item) => {
          const current = item.covers.includes(route.screen);
          return (
            <li key={item.label}>
              <a
                className="nav-item"
                href={`#/${item.route.screen}`}
                aria-current={current ? 'page' : undefined}
                data-testid={`nav-${item.route.screen}`}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(item.route);
                }}
              >
                <span className="nav-icon" aria-hidden="true">
                  {item.icon}
                </span>
                <span className="nav-label">{item.label}</span>
                {item.route.screen === 'outbox' && <OutboxBadge />}
                <span className="nav-keys" aria-hidden="true">
                  {item.keys.replace(' ', ' ')}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="nav-shortcuts"
        onClick={onShortcuts}
        data-testid="open-shortcuts"
      >
        <kbd>?</kbd> Keyboard shortcuts
      </button>
    </nav>
  );
}
