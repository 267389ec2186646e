import { useEffect, useId, useState } from 'react';
import type { ProfileSettings } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { api, errorMessage, fieldErrors, unwrap } from '../../lib/api';
import { chooseFolderWithPicker, hasFolderPicker } from './folder-picker';
import { parseUploadLimit } from './upload-limit';
import './settings.css';

type Busy = 'save' | 'choose' | 'clear' | null;

/**
 * The active profile's file settings: the folder downloads are saved in (picked in Electron, typed
 * in the browser host) and the largest file an upload may be.
 */
export function FileSettings({ profileName }: { profileName: string }) {
  const titleId = useId();
  const [settings, setSettings] = useState<ProfileSettings | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [folder, setFolder] = useState('');
  const [limit, setLimit] = useState('');
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<unknown>(null);
  const [limitError, setLimitError] = useState<string | null>(null);
  const [flash, setFlash] = useState<string | null>(null);

  const show = (next: ProfileSettings) => {
    setSettings(next);
    setFolder(next.downloadFolder ?? '');
    setLimit(String(next.maxUploadMb));
  };

  useEffect(() => {
    let live = true;
    unwrap(api.settings.get()).then(
      (next) => live && show(next),
      (failure: unknown) => live && setLoadError(failure),
    );
    return () => {
      live = false;
    };
  }, []);

  const save = async (
    kind: Exclude<Busy, null>,
    change: Parameters<typeof api.settings.save>[0],
  ) => {
    setBusy(kind);
    setError(null);
    setFlash(null);
    try {
      show(await unwrap(api.settings.save(change)));
      setFlash(
        kind === 'clear' ? 'The download folder was cleared.' : 'The file settings were saved.',
      );
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };

  const submit = () => {
    if (!settings) return;
    const parsed = parseUploadLimit(limit);
    setLimitError(parsed.ok ? null : parsed.error);
    if (!parsed.ok) return;
    const change: { downloadFolder?: string | null; maxUploadMb?: number } = {};
    if (parsed.value !== settings.maxUploadMb) change.maxUploadMb = parsed.value;
    const typed = folder.trim();
    if (!hasFolderPicker && typed !== (settings.downloadFolder ?? ''))
      change.downloadFolder = typed === '' ? null : typed;
    if (Object.keys(change).length === 0) {
      setFlash('Nothing changed.');
      return;
    }
    void save('save', change);
  };

  const choose = async () => {
    setBusy('choose');
    setError(null);
    try {
      const pick = await chooseFolderWithPicker();
      if (pick.kind === 'chosen') await save('choose', { downloadFolder: pick.folder });
      else if (pick.kind === 'unsupported')
        setError(new Error('no folder picker here; restart CaseDesk and try again'));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  };

  const fields = fieldErrors(error);
  const otherError = error && Object.keys(fields).length === 0 ? errorMessage(error) : null;

  return (
    <section
      className="profile-form-panel file-settings"
      aria-labelledby={titleId}
      data-testid="file-settings"
    >
      <div className="panel-head">
        <div>
          <h2 id={titleId}>Files</h2>
          <p className="panel-sub">
            For <strong>{profileName}</strong>: where downloads are saved, and how large an upload
            may be.
          </p>
        </div>
      </div>
      {loadError !== null ? (
        <Banner tone="danger" title="The file settings could not be read">
          {errorMessage(loadError)}
        </Banner>
      ) : !settings ? (
        <p className="file-settings-loading" aria-busy="true">
          Reading the file settings…
        </p>
      ) : (
        <form
          className="profile-form"
          // Checked here, with the messages CaseDesk gives, not the browser's.
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {hasFolderPicker ? (
            <div className={`field${fields.downloadFolder ? ' field-invalid' : ''}`}>
              <span className="field-label">Download folder</span>
              <div className="field-control file-settings-folder">
                <span
                  className="subject-box file-settings-path mono"
                  data-testid="settings-download-folder"
                >
                  {settings.downloadFolder ??
                    'Not chosen yet: CaseDesk asks at the first download.'}
                </span>
                <Button
                  className="field-addon"
                  busy={busy === 'choose'}
                  onClick={() => void choose()}
                  data-testid="settings-choose-folder"
                >
                  Choose…
                </Button>
                {settings.downloadFolder && (
                  <Button
                    className="field-addon"
                    busy={busy === 'clear'}
                    onClick={() => void save('clear', { downloadFolder: null })}
                    data-testid="settings-clear-folder"
                  >
                    Clear
                  </Button>
                )}
              </div>
              {fields.downloadFolder ? (
                <p className="field-error" role="alert">
                  {fields.downloadFolder}
                </p>
              ) : (
                <p className="field-hint">Downloads are saved here and never opened by CaseDesk.</p>
              )}
            </div>
          ) : (
            <TextField
              label="Download folder"
              value={folder}
              placeholder={settings.suggestedDownloadFolder}
              onChange={(event) => setFolder(event.target.value)}
              spellCheck={false}
              autoComplete="off"
              className="mono"
              hint={
                <>
                  The full path of an existing folder. Downloads are saved there and never opened by
                  CaseDesk.{' '}
                  {!settings.downloadFolder && 'Not set yet: CaseDesk asks at the first download.'}
                </>
              }
              error={fields.downloadFolder}
              data-testid="settings-download-folder"
              trailing={
                settings.downloadFolder ? (
                  <Button
                    className="field-addon"
                    busy={busy === 'clear'}
                    onClick={() => void save('clear', { downloadFolder: null })}
                    data-testid="settings-clear-folder"
                  >
                    Clear
                  </Button>
                ) : null
              }
            />
          )}
          <TextField
            label="Largest upload (MB)"
            type="number"
            inputMode="numeric"
            min={1}
            max={10_240}
            step={1}
            value={limit}
            onChange={(event) => setLimit(event.target.value)}
            hint="Larger files are refused before anything is sent."
            error={limitError ?? fields.maxUploadMb}
            className="file-settings-limit"
            data-testid="settings-upload-limit"
          />
          {otherError && (
            <Banner tone="danger" title="The file settings were not saved">
              {otherError}
            </Banner>
          )}
          <div className="form-actions">
            <Button
              type="submit"
              variant="primary"
              busy={busy === 'save'}
              data-testid="settings-save"
            >
              Save file settings
            </Button>
            {flash && (
              <span className="file-settings-flash" role="status" data-testid="settings-flash">
                {flash}
              </span>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
