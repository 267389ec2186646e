import { useEffect } from 'react';
import { AppFrame } from './components/AppFrame';
import { ConnectionScreen } from './features/profiles/ConnectionScreen';
import { useProfiles } from './features/profiles/store';
import { useSync } from './features/sync/store';
import { api } from './lib/api';

export function App() {
  const phase = useProfiles((state) => state.phase);
  const load = useProfiles((state) => state.load);

  const loadSync = useSync((state) => state.load);
  const receiveSync = useSync((state) => state.receive);

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

  // Tests and tools wait for this instead of sleeping.
  useEffect(() => {
    document.documentElement.dataset.appState = phase === 'loading' ? 'loading' : 'ready';
  }, [phase]);

  return (
    <AppFrame>
      <ConnectionScreen />
    </AppFrame>
  );
}
