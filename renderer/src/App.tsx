import { useEffect } from 'react';
import { AppFrame } from './components/AppFrame';
import { ConnectionScreen } from './features/profiles/ConnectionScreen';
import { useProfiles } from './features/profiles/store';
import { api } from './lib/api';

export function App() {
  const phase = useProfiles((state) => state.phase);
  const load = useProfiles((state) => state.load);

  useEffect(() => {
    void load();
    return api.profiles.onChanged(() => void load());
  }, [load]);

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
