import type { ReactNode } from 'react';
import { NavRail } from './NavRail';
import { DownloadPrompts } from '../features/downloads/DownloadPrompts';
import { DownloadsTray } from '../features/downloads/DownloadsTray';
import { useProfiles } from '../features/profiles/store';
import { CacheNotice } from '../features/sync/CacheNotice';
import { LocalStoreNotice } from '../features/sync/LocalStoreNotice';
import { OutboxNotice } from '../features/sync/OutboxNotice';
import { SyncStatusBar } from '../features/sync/SyncStatusBar';
import { TokenNotice } from '../features/sync/TokenNotice';
import { useTheme, type ThemeChoice } from '../lib/theme';

export function AppFrame({
  children,
  onSearch,
  onShortcuts,
}: {
  children: ReactNode;
  onSearch: () => void;
  onShortcuts: () => void;
}) {
  const activeProfile = useProfiles((state) =>
    state.profiles.find((profile) => profile.id === state.activeProfileId),
  );
  const theme = useTheme((state) => state.choice);
  const setTheme = useTheme((state) => state.setChoice);
  return (
    <div className="app-frame">
      <a className="skip-link" href="#screen-title">
        Skip to content
      </a>
      <header className="topbar">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            C
          </span>
          <span className="brand-name">CaseDesk</span>
        </div>
        <SyncStatusBar />
        <div className="topbar-status" data-testid="active-profile">
          {activeProfile ? (
            <>
              <span className="topbar-label">Profile</span>
              <span className="topbar-value">{activeProfile.name}</span>
            </>
          ) : (
            <span className="topbar-label">No active profile</span>
          )}
        </div>
        {activeProfile && <DownloadsTray />}
        <label className="theme-picker">
          <span className="visually-hidden">Theme</span>
          <select value={theme} onChange={(event) => setTheme(event.target.value as ThemeChoice)}>
            <option value="system">System theme</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
      </header>
      {/* Above every screen: what concerns the whole profile, not one screen. */}
      <div className="frame-notices">
        <TokenNotice />
        <OutboxNotice />
        <LocalStoreNotice />
        <CacheNotice />
      </div>
      <div className="app-body">
        <NavRail onSearch={onSearch} onShortcuts={onShortcuts} />
        <main className="app-main">{children}</main>
      </div>
      <DownloadPrompts />
    </div>
  );
}
