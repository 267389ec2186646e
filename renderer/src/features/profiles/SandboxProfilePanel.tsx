import { useState } from 'react';
import type { ConnectionTestResult, ProfileView } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { errorMessage } from '../../lib/api';
import { useAction } from '../../lib/use-action';
import { ConnectionResult } from './ConnectionResult';
import { useProfiles } from './store';

/** The built-in Sandbox profile: nothing to edit, only to use and test. */
export function SandboxProfilePanel({
  profile,
  isActive,
}: {
  profile: ProfileView;
  isActive: boolean;
}) {
  const { activate, testConnection } = useProfiles.getState();
  const { busy, error, run } = useAction<'test' | 'activate'>();
  const [result, setResult] = useState<ConnectionTestResult | null>(profile.lastTest);

  return (
    <section
      className="profile-form-panel"
      aria-labelledby="profile-form-title"
      data-testid="sandbox-panel"
    >
      <header className="panel-head">
        <div>
          <h2 id="profile-form-title">{profile.name} — demo tenant</h2>
          <p className="panel-sub">
            A demo tenant generated on this computer: synthetic customers, screening alerts, e-mail
            threads, documents and press reports. Nothing leaves this machine — try CaseDesk without
            an account.
          </p>
        </div>
        {isActive ? (
          <span className="badge badge-accent">Active profile</span>
        ) : (
          <Button
            variant="primary"
            busy={busy === 'activate'}
            onClick={() => void run('activate', () => activate(profile.id))}
            data-testid="activate-profile"
          >
            Use this profile
          </Button>
        )}
      </header>
      <dl className="facts">
        <dt>Base URL</dt>
        <dd>
          <code>{profile.baseUrl}</code>
        </dd>
        <dt>Token</dt>
        <dd>Generated for this run and kept in memory by CaseDesk.</dd>
      </dl>
      {error !== null && (
        <Banner tone="danger" title="That did not work">
          {errorMessage(error)}
        </Banner>
      )}
      {result && <ConnectionResult result={result} />}
      <div className="form-actions">
        <Button
          busy={busy === 'test'}
          data-testid="test-connection"
          onClick={() =>
            void run('test', async () => {
              setResult(await testConnection({ id: profile.id, baseUrl: profile.baseUrl }));
            })
          }
        >
          Test connection
        </Button>
      </div>
    </section>
  );
}
