import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useModalDialog } from '../../components/use-modal-dialog';
import { api, errorMessage, fieldErrors, unwrap } from '../../lib/api';
import { chooseFolderWithPicker, hasFolderPicker } from '../settings';
import { CopyButton } from './CopyButton';
import { WARNING_TEXT, opensInBrowser } from './download-text';
import { useDownloads, type DownloadPrompt } from './downloads-store';
import './downloads.css';
import { ServiceText } from '../../components/ServiceText';

/**
 * A modal question of the download flow. The keyboard starts on the element marked
 * `data-autofocus`: the safe choice, or the field to fill.
 */
function PromptDialog({
  title,
  children,
  actions,
  onCancel,
  testId,
  onSubmit,
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  onCancel: () => void;
  testId: string;
  /** Makes the body a form: Enter in a field submits it. */
  onSubmit?: () => void;
}) {
  const titleId = useId();
  const ref = useModalDialog(true, {
    onShown: (dialog) => dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus(),
  });
  const inner = (
    <>
      <div className="dialog-body download-dialog-body">{children}</div>
      <div className="dialog-actions">{actions}</div>
    </>
  );
  return (
    <dialog
      ref={ref}
      className="dialog download-dialog"
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {onSubmit ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {inner}
        </form>
      ) : (
        inner
      )}
    </dialog>
  );
}

function FileName({ name }: { name: string }) {
  return (
    <p className="subject-box download-file-name" data-testid="download-file-name">
      {name || 'Unnamed file'}
    </p>
  );
}

function WarningPrompt({ prompt }: { prompt: Extract<DownloadPrompt, { kind: 'confirm' }> }) {
  const confirm = useDownloads((state) => state.confirm);
  const dismiss = useDownloads((state) => state.dismiss);
  return (
    <PromptDialog
      title="Save this file anyway?"
      testId="download-warning"
      onCancel={dismiss}
      actions={
        <>
          <Button data-autofocus onClick={dismiss} data-testid="download-warning-cancel">
            Cancel
          </Button>
          <Button
            variant={prompt.warnings.includes('dangerous') ? 'danger' : 'primary'}
            onClick={confirm}
            data-testid="download-save-anyway"
          >
            Save anyway
          </Button>
        </>
      }
    >
      <FileName name={prompt.name} />
      <ul className="download-warnings">
        {prompt.warnings.map((warning) => (
          <li
            key={warning}
            className={`download-warning download-warning-${warning}`}
            data-testid="download-warning-item"
            data-warning={warning}
          >
            <span className="download-warning-icon" aria-hidden="true">
              !
            </span>
            <span>
              <strong>{WARNING_TEXT[warning].title}.</strong> {WARNING_TEXT[warning].detail}
            </span>
          </li>
        ))}
      </ul>
      <p>The file is saved in your download folder and never opened by CaseDesk.</p>
    </PromptDialog>
  );
}

function FolderPrompt({ prompt }: { prompt: Extract<DownloadPrompt, { kind: 'folder' }> }) {
  const folderSaved = useDownloads((state) => state.folderSaved);
  const dismiss = useDownloads((state) => state.dismiss);
  const [path, setPath] = useState('');
  const [current, setCurrent] = useState<string | null>(null);
  const [typed, setTyped] = useState(!hasFolderPicker);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    unwrap(api.settings.get()).then(
      (settings) => {
        if (!live) return;
        setCurrent(settings.downloadFolder);
        setPath(settings.downloadFolder ?? settings.suggestedDownloadFolder);
        // Focus lands before the answer: select the whole suggestion, easy to replace.
        requestAnimationFrame(() => {
          const field = document.activeElement;
          if (field instanceof HTMLInputElement && field.dataset.testid === 'download-folder-path')
            field.select();
        });
      },
      (failure: unknown) => live && setError(failure),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    // The picker turned out not to exist here: the path field replaces it, and takes the keyboard.
    if (typed && hasFolderPicker)
      document.querySelector<HTMLInputElement>('[data-testid="download-folder-path"]')?.focus();
  }, [typed]);

  const save = async (folder: string) => {
    setBusy(true);
    setError(null);
    try {
      await unwrap(api.settings.save({ downloadFolder: folder }));
      folderSaved();
    } catch (failure) {
      setError(failure);
      setBusy(false);
      // Back to the path, to correct it (the busy button let go of the keyboard).
      document.querySelector<HTMLInputElement>('[data-testid="download-folder-path"]')?.focus();
    }
  };
  const choose = async () => {
    setError(null);
    try {
      const choice = await chooseFolderWithPicker();
      if (choice.kind === 'unsupported') setTyped(true);
      else if (choice.kind === 'chosen') await save(choice.folder);
    } catch (failure) {
      setError(failure);
    }
  };

  const fieldError = fieldErrors(error).downloadFolder;
  const otherError = error && !fieldError ? errorMessage(error) : null;
  return (
    <PromptDialog
      title="Where should downloads go?"
      testId="download-folder"
      onCancel={dismiss}
      onSubmit={typed ? () => void save(path.trim()) : undefined}
      actions={
        <>
          <Button onClick={dismiss} data-testid="download-folder-cancel">
            Cancel
          </Button>
          {typed ? (
            <Button
              type="submit"
              variant="primary"
              busy={busy}
              disabled={path.trim() === ''}
              data-testid="download-folder-save"
            >
              Save and download
            </Button>
          ) : (
            <Button
              data-autofocus
              variant="primary"
              busy={busy}
              onClick={() => void choose()}
              data-testid="download-folder-choose"
            >
              Choose folder…
            </Button>
          )}
        </>
      }
    >
      {current !== null && prompt.problem ? (
        <p className="download-dialog-error" data-testid="download-folder-problem">
          {prompt.problem}
        </p>
      ) : (
        <p>
          Downloads of this profile are saved in one folder, which CaseDesk remembers. You can
          change it later on the Connection screen.
        </p>
      )}
      {typed && (
        <TextField
          data-autofocus
          label="Download folder"
          value={path}
          onChange={(event) => setPath(event.target.value)}
          hint="The full path of an existing folder on this computer."
          error={fieldError}
          spellCheck={false}
          autoComplete="off"
          className="mono"
          data-testid="download-folder-path"
        />
      )}
      {otherError && (
        <p className="download-dialog-error" role="alert" data-testid="download-folder-error">
          {otherError}
        </p>
      )}
    </PromptDialog>
  );
}

/** Hands the address to the system browser; the browser host leaves that to this page. */
async function openInBrowser(url: string): Promise<void> {
  const result = await unwrap(api.app.openExternal({ url }));
  if (!result.handled) window.open(result.url, '_blank', 'noopener,noreferrer');
}

function ExternalPrompt({ prompt }: { prompt: Extract<DownloadPrompt, { kind: 'external' }> }) {
  const dismiss = useDownloads((state) => state.dismiss);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const openable = opensInBrowser(prompt.url);
  const open = () => {
    setBusy(true);
    setError(null);
    openInBrowser(prompt.url).then(dismiss, (failure: unknown) => {
      setBusy(false);
      setError(errorMessage(failure));
    });
  };
  return (
    <PromptDialog
      title="This document is held outside the service"
      testId="download-external"
      onCancel={dismiss}
      actions={
        <>
          <Button data-autofocus onClick={dismiss} data-testid="download-external-close">
            Close
          </Button>
          <CopyButton text={prompt.url} label="Copy address" testId="download-external-copy" />
          {openable && (
            <Button
              variant="primary"
              busy={busy}
              onClick={open}
              data-testid="download-external-open"
            >
              Open in browser
            </Button>
          )}
        </>
      }
    >
      <FileName name={prompt.name} />
      <p>The service keeps only its address; CaseDesk does not follow it:</p>
      <p className="subject-box download-url mono" data-testid="download-external-url">
        {prompt.url ? <ServiceText text={prompt.url} lines={0} /> : '(the service gave no address)'}
      </p>
      <p>
        {openable
          ? 'Open it in your browser only if you trust this address.'
          : 'CaseDesk opens only https addresses; copy this one if you need it.'}
      </p>
      {error && (
        <p className="download-dialog-error" role="alert" data-testid="download-external-error">
          {error}
        </p>
      )}
    </PromptDialog>
  );
}

function ErrorPrompt({ prompt }: { prompt: Extract<DownloadPrompt, { kind: 'error' }> }) {
  const dismiss = useDownloads((state) => state.dismiss);
  return (
    <PromptDialog
      title="This file could not be downloaded"
      testId="download-error"
      onCancel={dismiss}
      actions={
        <Button data-autofocus variant="primary" onClick={dismiss}>
          Close
        </Button>
      }
    >
      <FileName name={prompt.name} />
      <p className="download-dialog-error" data-testid="download-error-message">
        <ServiceText text={prompt.message} lines={0} />
      </p>
    </PromptDialog>
  );
}

/** The download flow's questions, mounted once for the whole app. */
export function DownloadPrompts() {
  const prompt = useDownloads((state) => state.prompt);
  const opener = useDownloads((state) => state.opener);
  const asked = prompt !== null;
  const wasAsked = useRef(false);
  useLayoutEffect(() => {
    // When the questions end, the keyboard goes back to what started them.
    if (wasAsked.current && !asked && opener?.isConnected) opener.focus();
    wasAsked.current = asked;
  }, [asked, opener]);

  if (!prompt) return null;
  const key = `${prompt.kind}:${prompt.target.kind}:${prompt.target.id}`;
  switch (prompt.kind) {
    case 'confirm':
      return <WarningPrompt key={key} prompt={prompt} />;
    case 'folder':
      return <FolderPrompt key={key} prompt={prompt} />;
    case 'external':
      return <ExternalPrompt key={key} prompt={prompt} />;
    case 'error':
      return <ErrorPrompt key={key} prompt={prompt} />;
  }
}
