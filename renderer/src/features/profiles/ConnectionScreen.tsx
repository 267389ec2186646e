import { useEffect } from 'react';
import type { Route } from '../../lib/routes';
import { useShortcuts } from '../../lib/shortcuts';
import { Banner } from '../../components/Banner';
import { FileSettings } from '../settings';
import { useSync } from '../sync';
import { ProfileForm } from './ProfileForm';
import { ProfileList } from './ProfileList';
import { SandboxProfilePanel } from './SandboxProfilePanel';
import { useProfiles } from './store';
import { tokenRefusedFor } from './token-hint';

/**
 * Add, edit, remove, test and switch connection profiles. A route naming a profile opens its form,
 * with the token field ready when the route asks for it (a refused token is one click from here).
 */
export function ConnectionScreen({
  route = { screen: 'connection' },
}: {
  route?: Extract<Route, { screen: 'connection' }>;
}) {
  const phase = useProfiles((state) => state.phase);
  const loadError = useProfiles((state) => state.loadError);
  const profiles = useProfiles((state) => state.profiles);
  const selection = useProfiles((state) => state.selection);
  const activeProfileId = useProfiles((state) => state.activeProfileId);
  const secretStorage = useProfiles((state) => state.secretStorage);
  const select = useProfiles((state) => state.select);
  const load = useProfiles((state) => state.load);
  const syncStatus = useSync((state) => state.status);
  const asked = route.profileId;
  const askedKnown = profiles.some((candidate) => candidate.id === asked);
  useEffect(() => {
    if (asked && askedKnown) select({ kind: 'profile', id: asked });
  }, [asked, askedKnown, select]);

  useShortcuts([
    {
      keys: 'Mod+n',
      description: 'Add a profile',
      group: 'Connection',
      inFields: true,
      run: () => select({ kind: 'new' }),
    },
  ]);

  if (phase === 'error') {
    return (
      <div className="screen-message">
        <Banner tone="danger" title="CaseDesk could not read its profiles">
          {loadError}{' '}
          <button type="button" className="link-button" onClick={() => void load()}>
            Try again
          </button>
        </Banner>
      </div>
    );
  }
  if (phase === 'loading' || !secretStorage) {
    return (
      <div className="screen-message" aria-busy="true">
        Loading profiles…
      </div>
    );
  }

  const profile =
    selection.kind === 'profile'
      ? (profiles.find((candidate) => candidate.id === selection.id) ?? null)
      : null;

  return (
    <div className="connection-screen" data-testid="connection-screen">
      <h1 id="screen-title" className="visually-hidden" tabIndex={-1}>
        Connection and profiles
      </h1>
      <ProfileList />
      {profile?.builtIn ? (
        <SandboxProfilePanel
          key={profile.id}
          profile={profile}
          isActive={profile.id === activeProfileId}
        />
      ) : (
        <ProfileForm
          key={profile?.id ?? 'new'}
          profile={profile}
          isActive={profile !== null && profile.id === activeProfileId}
          secretStorage={secretStorage}
          focusToken={route.field === 'token' && profile !== null && profile.id === asked}
          tokenRefused={profile !== null && tokenRefusedFor(syncStatus, profile.id)}
        />
      )}
      {profile && profile.id === activeProfileId && (
        <FileSettings key={`files-${profile.id}`} profileName={profile.name} />
      )}
    </div>
  );
}
