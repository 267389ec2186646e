import { useMemo, useRef } from 'react';
import { frameDocument, type MailScheme } from './mail-frame-document';
import { useContentHeight } from './use-content-height';

/**
 * A sanitized message body in a frame with every sandbox restriction (no scripts, no same
 * origin, no forms, no popups, no navigation of the app) and its own Content-Security-Policy.
 */
export function MessageFrame({
  body,
  measureBody,
  allowRemote,
  scheme,
  title,
}: {
  /** From sanitizeMail, with remote content when `allowRemote`. */
  body: string;
  /** The same body without remote content, to size the frame. */
  measureBody: string;
  allowRemote: boolean;
  scheme: MailScheme;
  title: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const height = useContentHeight(container, measureBody);
  const srcDoc = useMemo(
    () => frameDocument(body, allowRemote, scheme),
    [body, allowRemote, scheme],
  );
  return (
    <div ref={container} className="message-body">
      <iframe
        className="message-frame"
        data-testid="message-frame"
        data-scheme={scheme}
        title={title}
        sandbox=""
        referrerPolicy="no-referrer"
        srcDoc={srcDoc}
        style={{ height }}
      />
    </div>
  );
}
