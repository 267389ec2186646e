import { useEffect, useRef, useState, type FormEvent } from 'react';
import type {
  ConnectionTestResult,
  ProfileView,
  SecretStorageStatus,
  TokenStorage,
} from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TextField } from '../../components/TextField';
import { errorMessage, fieldErrors } from '../../lib/api';
import { useAction } from '../../lib/use-action';
import { ConnectionResult } from './ConnectionResult';
import { useProfiles } from './store';
import { draftOf, scopeOf, SyncScopeFields, type ScopeDraft } from './SyncScopeFields';

const EVERYTHING_SCOPE = { reviewGroups: [], states: [], categories: [], assignedToMemberId: null };
import { TokenStorageChoice } from './TokenStorageChoice';
import { movesOrigin, originOf } from './token-origin';
import { tokenHint } from './token-hint';

type Busy = 'save' | 'test' | 'remove' | 'activate';

/** Add or edit one profile. Mounted anew (by key) for each selection, so its state starts clean. */
export function ProfileForm({
  profile,
  isActive,
  secretStorage,
  focusToken = false,
  tokenRefused = false,
}: {
  profile: ProfileView | null;
  isActive: boolean;
  secretStorage: SecretStorageStatus;
  /** Opened to enter a new token (the old one was refused, or is not known in this run). */
  focusToken?: boolean;
  /** The service refused this profile's stored token: the form asks for a new one. */
  tokenRefused?: boolean;
}) {
  const { save, remove, activate, testConnection, setFlash } = useProfiles.getState();
  const flash = useProfiles((state) => state.flash);
  const [name, setName] = useState(profile?.name ?? '');
  const [baseUrl, setBaseUrl] = useState(profile?.baseUrl ?? '');
  const [token, setToken] = useState('');
  const tokenField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusToken) tokenField.current?.focus();
  }, [focusToken]);
  const [caFile, setCaFile] = useState(profile?.caFile ?? '');
  const [showToken, setShowToken] = useState(false);
  const [tokenStorage, setTokenStorage] = useState<TokenStorage>(
    profile?.tokenStorage ?? (secretStorage.secureAvailable ? 'secure' : 'memory'),
  );
  const action = useAction<Busy>();
  const { busy } = action;
  // A stored token is only sent to the origin it was entered for: a new origin needs a new token.
  const newOrigin = profile !== null && movesOrigin(profile.baseUrl, baseUrl);
  const [tokenRequired, setTokenRequired] = useState<string | null>(null);
  const errors: Record<string, string> = {
    ...fieldErrors(action.error),
    ...(tokenRequired ? { token: tokenRequired } : {}),
  };
  const failure =
    action.error && Object.keys(errors).length === 0 ? errorMessage(action.error) : null;
  const [testResult, setTestResult] = useState<ConnectionTestResult | null>(
    profile?.lastTest ?? null,
  );
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [scope, setScope] = useState<ScopeDraft>(draftOf(profile?.syncScope ?? EVERYTHING_SCOPE));

  const run = (kind: Busy, work: () => Promise<void>) => {
    setFlash(null);
    return action.run(kind, work);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTokenRequired(null);
    if (newOrigin && !token.trim()) {
      setTokenRequired(`Enter the API token for ${originOf(baseUrl) ?? baseUrl}.`);
      return;
    }
    void run('save', async () => {
      await save({
        ...(profile ? { id: profile.id } : {}),
        name,
        baseUrl,
        ...(token.trim() ? { token } : {}),
        tokenStorage,
        syncScope: scopeOf(scope),
        caFile,
      });
    });
  };

  const onTest = () => {
    setTokenRequired(null);
    if (newOrigin && !token.trim()) {
      setTokenRequired(`Enter the API token for ${originOf(baseUrl) ?? baseUrl} to test it.`);
      return;
    }
    void run('test', async () => {
      setTestResult(null);
      const result = await testConnection({
        ...(profile ? { id: profile.id } : {}),
        baseUrl,
        ...(token.trim() ? { token } : {}),
        caFile,
      });
      setTestResult(result);
    });
  };

  const hint = tokenHint({ profile, baseUrl, tokenRefused });

  return (
    <section className="profile-form-panel" aria-labelledby="profile-form-title">
      <header className="panel-head">
        <div>
          <h2 id="profile-form-title">{profile ? profile.name : 'New connection profile'}</h2>
          <p className="panel-sub">
            {profile
              ? isActive
                ? 'This is the active profile: CaseDesk works against this tenant.'
                : 'Saved profile. Use it to make CaseDesk work against this tenant.'
              : 'Connect CaseDesk to your tenant of the screening service.'}
          </p>
        </div>
        {profile && !isActive && (
          <Button
            variant="primary"
            busy={busy === 'activate'}
            onClick={() => void run('activate', () => activate(profile.id))}
            data-testid="activate-profile"
          >
            Use this profile
          </Button>
        )}
        {profile && isActive && <span className="badge badge-accent">Active profile</span>}
      </header>

      <form className="profile-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Name"
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="e.g. Production — EU tenant"
          autoComplete="off"
          maxLength={80}
          error={errors.name}
          autoFocus={!profile}
        />
        <TextField
          label="Base URL"
          name="baseUrl"
          value={baseUrl}
          onChange={(event) => setBaseUrl(event.target.value)}
          placeholder="https://tenant.example.com"
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
          error={errors.baseUrl}
          hint={
            <>
              The address in front of <code>/api/v1</code>.
            </>
          }
        />
        <TextField
          label="API token"
          name="token"
          ref={tokenField}
          type={showToken ? 'text' : 'password'}
          value={token}
          onChange={(event) => {
            setToken(event.target.value);
            setTokenRequired(null);
          }}
          placeholder={profile?.hasToken && !newOrigin ? '•••••••• (stored)' : 'Paste the token'}
          aria-required={newOrigin}
          autoComplete="off"
          spellCheck={false}
          error={errors.token}
          hint={hint}
          trailing={
            <Button
              className="field-addon"
              onClick={() => setShowToken((shown) => !shown)}
              aria-pressed={showToken}
            >
              {showToken ? 'Hide' : 'Show'}
            </Button>
          }
        />
        <TokenStorageChoice
          value={tokenStorage}
          onChange={setTokenStorage}
          status={secretStorage}
        />
        {!secretStorage.secureAvailable && secretStorage.warning && (
          <Banner
            tone="warning"
            title="Tokens cannot be encrypted on this system"
            testId="storage-warning"
          >
            {secretStorage.warning}
          </Banner>
        )}
        {errors.tokenStorage && <p className="field-error">{errors.tokenStorage}</p>}
        <TextField
          label="Extra CA certificate (optional)"
          name="caFile"
          value={caFile}
          onChange={(event) => setCaFile(event.target.value)}
          placeholder="/etc/ssl/certs/company-proxy-ca.pem"
          autoComplete="off"
          spellCheck={false}
          error={errors.caFile}
          hint="The full path of a PEM file, for networks that inspect secure traffic. The system's certificates are always trusted."
        />
        <SyncScopeFields draft={scope} onChange={setScope} />
        {errors.syncScope && <p className="field-error">{errors.syncScope}</p>}

        {failure && (
          <Banner tone="danger" title="That did not work" testId="form-error">
            {failure}
          </Banner>
        )}
        {flash && (
          <Banner tone="success" testId="form-notice">
            {flash}
          </Banner>
        )}
        {testResult && <ConnectionResult result={testResult} />}

        <div className="form-actions">
          <Button variant="primary" type="submit" busy={busy === 'save'} data-testid="save-profile">
            {profile ? 'Save changes' : 'Add profile'}
          </Button>
          <Button onClick={onTest} busy={busy === 'test'} data-testid="test-connection">
            Test connection
          </Button>
          <span className="spacer" />
          {profile && (
            <Button
              variant="ghost"
              className="btn-danger-quiet"
              onClick={() => setConfirmRemove(true)}
              data-testid="remove-profile"
            >
              Remove…
            </Button>
          )}
        </div>
      </form>

      {profile && (
        <ConfirmDialog
          open={confirmRemove}
          title={`Remove “${profile.name}”?`}
          confirmLabel="Remove profile"
          busy={busy === 'remove'}
          onCancel={() => setConfirmRemove(false)}
          onConfirm={() =>
            void run('remove', async () => {
              await remove(profile.id);
              setConfirmRemove(false);
            })
          }
        >
          The profile and its stored token are deleted from this computer. The tenant itself is not
          affected.
        </ConfirmDialog>
      )}
    </section>
  );
}
