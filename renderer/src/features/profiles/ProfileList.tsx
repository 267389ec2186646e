import type { KeyboardEvent } from 'react';
import type { ProfileView } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { OUTCOME_TITLE, OUTCOME_TONE } from './outcome-text';
import { useProfiles } from './store';

export function ProfileList() {
  const profiles = useProfiles((state) => state.profiles);
  const activeProfileId = useProfiles((state) => state.activeProfileId);
  const selection = useProfiles((state) => state.selection);
  const select = useProfiles((state) => state.select);

  const selectedId = selection.kind === 'profile' ? selection.id : null;

  // Arrow keys walk the list, as in every list of the app.
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const index = profiles.findIndex((profile) => profile.id === selectedId);
    const next =
      profiles[
        event.key === 'ArrowDown'
          ? Math.min(index + 1, profiles.length - 1)
          : Math.max(index - 1, 0)
      ];
    if (!next) return;
    select({ kind: 'profile', id: next.id });
    document.getElementById(`profile-${next.id}`)?.focus();
  };

  return (
    <nav className="profile-list" aria-label="Connection profiles">
      <div className="profile-list-head">
        <h2>Profiles</h2>
        <Button
          variant="ghost"
          onClick={() => select({ kind: 'new' })}
          aria-keyshortcuts="Control+N Meta+N"
          title="New profile (Ctrl+N)"
          data-testid="new-profile"
        >
          + New
        </Button>
      </div>
      {profiles.length === 0 ? (
        <p className="profile-list-empty">No profiles yet. Add the first one with the form.</p>
      ) : (
        <ul role="listbox" aria-label="Profiles" onKeyDown={onKeyDown}>
          {profiles.map((profile, index) => (
            <ProfileItem
              key={profile.id}
              profile={profile}
              active={profile.id === activeProfileId}
              selected={profile.id === selectedId}
              focusable={profile.id === selectedId || (selectedId === null && index === 0)}
              onSelect={() => select({ kind: 'profile', id: profile.id })}
            />
          ))}
        </ul>
      )}
    </nav>
  );
}

function ProfileItem({
  profile,
  active,
  selected,
  focusable,
  onSelect,
}: {
  profile: ProfileView;
  active: boolean;
  selected: boolean;
  focusable: boolean;
  onSelect: () => void;
}) {
  const tone = profile.lastTest ? OUTCOME_TONE[profile.lastTest.outcome] : 'untested';
  const status = profile.lastTest ? OUTCOME_TITLE[profile.lastTest.outcome] : 'Not tested yet';
  return (
    <li
      id={`profile-${profile.id}`}
      role="option"
      aria-selected={selected}
      tabIndex={focusable ? 0 : -1}
      className={`profile-item${selected ? ' is-selected' : ''}`}
      onClick={onSelect}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onSelect();
        }
      }}
      data-testid="profile-item"
      data-profile-name={profile.name}
    >
      <span className={`status-dot status-${tone}`} title={status} aria-label={status} />
      <span className="profile-item-text">
        <span className="profile-item-name">{profile.name}</span>
        <span className="profile-item-url">{profile.baseUrl.replace(/^https?:\/\//, '')}</span>
      </span>
      {profile.builtIn && <span className="badge">Demo</span>}
      {active && <span className="badge badge-accent">Active</span>}
      {!profile.hasToken && (
        <span className="badge" title="Enter the token again">
          No token
        </span>
      )}
    </li>
  );
}
