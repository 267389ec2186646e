import { UnreadableScreen } from './features/unreadable';
import { JournalScreen } from './features/journal';
import { CustomerImportScreen } from './features/customer-import';
import { PressCompareScreen, PressReportScreen, PressScreen } from './features/press';
import { KytCompareScreen, KytScreen, KytSubmissionScreen, KytSubmitScreen } from './features/kyt';
import { useEffect } from 'react';
import { followLocation, useNavigation } from './lib/navigation';
import { routeToHash, type Route } from './lib/routes';
import { ScreenErrorBoundary } from './components/ScreenErrorBoundary';
import { ShortcutSheet } from './app/ShortcutSheet';
import { listenForShortcuts, useShortcutRegistry, useShortcuts } from './lib/shortcuts';
import { AppFrame } from './app/AppFrame';
import { AlertScreen } from './features/alerts/AlertScreen';
import { CustomerScreen } from './features/customers/CustomerScreen';
import { CustomerEditScreen } from './features/customers/CustomerEditScreen';
import { DashboardScreen } from './features/dashboard/DashboardScreen';
import { DocumentsScreen } from './features/documents/DocumentsScreen';
import { OutboxScreen } from './features/outbox/OutboxScreen';
import { ConnectionScreen } from './features/profiles/ConnectionScreen';
import { useProfiles } from './features/profiles/store';
import { QueueScreen } from './features/queue/QueueScreen';
import { SearchPalette } from './features/search/SearchPalette';
import { openSearch } from './features/search/store';
import { useSync } from './features/sync/store';
import { ThreadScreen } from './features/threads/ThreadScreen';
import { ThreadsScreen } from './features/threads/ThreadsScreen';
import { api } from './lib/api';

/** Each screen as a failure names it: "The alert screen failed". */
const SCREEN_NAMES: Record<Route['screen'], string> = {
  dashboard: 'dashboard',
  queue: 'queue',
  alert: 'alert',
  customer: 'customer',
  'customer-edit': 'customer form',
  'customer-new': 'new customer',
  threads: 'threads',
  thread: 'thread',
  documents: 'documents',
  outbox: 'outbox',
  press: 'press reports',
  'press-report': 'press report',
  'press-compare': 'press comparison',
  kyt: 'transactions',
  'kyt-new': 'new transaction',
  'kyt-submission': 'transaction',
  'kyt-compare': 'transaction comparison',
  connection: 'connection',
  unreadable: 'unreadable records',
  journal: 'journal',
  'customer-import': 'customer import',
};

function CurrentScreen({ route }: { route: Route }) {
  switch (route.screen) {
    case 'dashboard':
      return <DashboardScreen />;
    case 'queue':
      return <QueueScreen route={route} />;
    case 'alert':
      return <AlertScreen key={route.id} id={route.id} />;
    case 'customer':
      return (
        <CustomerScreen key={route.externalId} externalId={route.externalId} tab={route.tab} />
      );
    case 'customer-edit':
      return <CustomerEditScreen key={route.externalId} externalId={route.externalId} />;
    case 'customer-new':
      return <CustomerEditScreen key="new" />;
    case 'threads':
      return <ThreadsScreen />;
    case 'thread':
      return <ThreadScreen key={route.id} id={route.id} />;
    case 'documents':
      return <DocumentsScreen route={route} />;
    case 'outbox':
      return <OutboxScreen />;
    case 'press':
      return <PressScreen route={route} />;
    case 'press-report':
      return <PressReportScreen key={route.id} id={route.id} />;
    case 'press-compare':
      return <PressCompareScreen key={`${route.a}:${route.b}`} a={route.a} b={route.b} />;
    case 'kyt':
      return <KytScreen route={route} />;
    case 'kyt-new':
      return <KytSubmitScreen key={routeToHash(route)} route={route} />;
    case 'kyt-submission':
      return <KytSubmissionScreen key={route.id} id={route.id} />;
    case 'kyt-compare':
      return <KytCompareScreen key={`${route.a}:${route.b}`} a={route.a} b={route.b} />;
    case 'unreadable':
      return <UnreadableScreen />;
    case 'journal':
      return <JournalScreen />;
    case 'customer-import':
      // Not keyed by the import: starting one, or opening one from the list, keeps the screen (and
      // the imports it follows) and swaps only what is under its title.
      return <CustomerImportScreen id={route.id} />;
    case 'connection':
      return <ConnectionScreen route={route} />;
  }
}

export function App() {
  const phase = useProfiles((state) => state.phase);
  const load = useProfiles((state) => state.load);
  const loadSync = useSync((state) => state.load);
  const receiveSync = useSync((state) => state.receive);
  const route = useNavigation((state) => state.route);
  const navigate = useNavigation((state) => state.navigate);
  const back = useNavigation((state) => state.back);
  const setSheetOpen = useShortcutRegistry((state) => state.setSheetOpen);

  useEffect(() => {
    void load();
    void loadSync();
    const stopProfiles = api.profiles.onChanged(() => {
      void load();
      void loadSync();
    });
    const stopSync = api.sync.onStatus(receiveSync);
    return () => {
      stopProfiles();
      stopSync();
    };
  }, [load, loadSync, receiveSync]);

  useEffect(() => {
    const stopLocation = followLocation();
    const stopShortcuts = listenForShortcuts();
    return () => {
      stopLocation();
      stopShortcuts();
    };
  }, []);

  useShortcuts([
    {
      keys: 'g d',
      description: 'Go to the dashboard',
      group: 'Go to',
      run: () => navigate({ screen: 'dashboard' }),
    },
    {
      keys: 'g q',
      description: 'Go to the alert queue',
      group: 'Go to',
      run: () => navigate({ screen: 'queue' }),
    },
    {
      keys: 'g t',
      description: 'Go to threads',
      group: 'Go to',
      run: () => navigate({ screen: 'threads' }),
    },
    {
      keys: 'g f',
      description: 'Go to documents (files)',
      group: 'Go to',
      run: () => navigate({ screen: 'documents' }),
    },
    {
      keys: 'g r',
      description: 'Go to press reports',
      group: 'Go to',
      run: () => navigate({ screen: 'press' }),
    },
    {
      keys: 'g k',
      description: 'Go to KYT transactions',
      group: 'Go to',
      run: () => navigate({ screen: 'kyt' }),
    },
    {
      keys: 'g n',
      description: 'New customer',
      group: 'Go to',
      run: () => navigate({ screen: 'customer-new' }),
    },
    {
      keys: 'g i',
      description: 'Go to the customer import',
      group: 'Go to',
      run: () => navigate({ screen: 'customer-import' }),
    },
    {
      keys: 'g o',
      description: 'Go to the outbox',
      group: 'Go to',
      run: () => navigate({ screen: 'outbox' }),
    },
    {
      keys: 'g l',
      description: 'Go to the journal of notes and proposals',
      group: 'Go to',
      run: () => navigate({ screen: 'journal' }),
    },
    {
      keys: 'g u',
      description: 'Go to the records the service sent that CaseDesk could not read',
      group: 'Go to',
      run: () => navigate({ screen: 'unreadable' }),
    },
    {
      keys: 'g p',
      description: 'Go to the connection and profiles',
      group: 'Go to',
      run: () => navigate({ screen: 'connection' }),
    },
    { keys: 'Alt+ArrowLeft', description: 'Back', group: 'Go to', run: back },
    {
      keys: '?',
      description: 'Show keyboard shortcuts',
      group: 'General',
      run: () => setSheetOpen(true),
    },
  ]);

  // A new screen is announced by moving focus to its heading, unless the user is already inside it.
  // Focus is moved with the screen's first frame, not in the task that built it: focusing lays the
  // page out at once, and a large screen's build and layout together blocked the window too long.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body || active.closest('.nav-rail')) {
        document.getElementById('screen-title')?.focus({ preventScroll: true });
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [route]);

  // Without an active profile there is nothing to review: the first run starts on the connection.
  const activeProfileId = useProfiles((state) => state.activeProfileId);
  const replace = useNavigation((state) => state.replace);
  useEffect(() => {
    if (phase === 'ready' && !activeProfileId && route.screen !== 'connection')
      replace({ screen: 'connection' });
    // Only when the profiles (re)load: the user may then go anywhere.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase, activeProfileId]);

  // Tests and tools wait for this instead of sleeping.
  useEffect(() => {
    document.documentElement.dataset.appState = phase === 'loading' ? 'loading' : 'ready';
  }, [phase]);

  return (
    <AppFrame onSearch={openSearch} onShortcuts={() => setSheetOpen(true)}>
      <ScreenErrorBoundary screen={SCREEN_NAMES[route.screen]} resetKey={routeToHash(route)}>
        <CurrentScreen route={route} />
      </ScreenErrorBoundary>
      <ShortcutSheet />
      <SearchPalette />
    </AppFrame>
  );
}
