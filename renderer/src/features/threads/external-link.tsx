import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ServiceText } from '../../components/ServiceText';
import { api, errorMessage, unwrap } from '../../lib/api';

/** Hands a link to the system browser; the browser host leaves opening it to this page. */
async function openExternal(url: string): Promise<void> {
  const result = await unwrap(api.app.openExternal({ url }));
  if (!result.handled) window.open(result.url, '_blank', 'noopener');
}

/**
 * The address as the browser will use it: direction-changing and other non-ASCII characters
 * percent-encoded, the host in its ASCII form, so what is shown is what opens.
 */
function canonical(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

function targetParts(url: string): { scheme: string; host: string } | null {
  try {
    const parsed = new URL(url);
    return { scheme: parsed.protocol.replace(/:$/, ''), host: parsed.host || parsed.pathname };
  } catch {
    return null;
  }
}

interface Pending {
  url: string;
  text: string;
}

/**
 * Opening a link from a message or the service always shows its real target first: a link's text
 * can name one site and lead to another.
 */
export function useExternalLinks(): {
  request: (url: string, text?: string) => void;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setPending(null);
    setError(null);
    setBusy(false);
  };
  const confirm = () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    openExternal(pending.url).then(close, (failure: unknown) => {
      setBusy(false);
      setError(errorMessage(failure));
    });
  };
  const parts = pending ? targetParts(pending.url) : null;

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title="Open this link in your browser?"
      confirmLabel="Open in browser"
      onConfirm={confirm}
      onCancel={close}
      busy={busy}
    >
      {pending && (
        <div className="link-confirm" data-testid="link-confirm">
          {pending.text && pending.text !== pending.url && (
            <>
              <p>The link reads:</p>
              <p className="link-confirm-text" data-testid="link-confirm-text">
                <ServiceText text={pending.text} lines={3} />
              </p>
            </>
          )}
          <p>It leads to:</p>
          <p className="subject-box mono" data-testid="link-confirm-target">
            {pending.url}
          </p>
          {parts && (
            <p>
              Site: <strong data-testid="link-confirm-host">{parts.host}</strong>
              {parts.scheme !== 'https' && parts.scheme !== 'mailto' && (
                <span className="link-confirm-scheme"> ({parts.scheme}: links are not opened)</span>
              )}
            </p>
          )}
          {error && (
            <p className="link-confirm-error" role="alert" data-testid="link-confirm-error">
              {error}
            </p>
          )}
        </div>
      )}
    </ConfirmDialog>
  );

  return {
    request: (url, text = '') => {
      setError(null);
      setPending({ url: canonical(url), text });
    },
    dialog,
  };
}
