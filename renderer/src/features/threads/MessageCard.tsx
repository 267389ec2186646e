import { useMemo, useState } from 'react';
import type { MessageView } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { DateText } from '../../components/DateText';
import { AttachmentList } from './AttachmentList';
import type { MailScheme } from './mail-frame-document';
import { MessageFrame } from './MessageFrame';
import { useAppScheme } from './use-app-scheme';
import { sanitizeMail, type MailLink } from './sanitize-mail';
import { plural, priorityLabel } from './thread-labels';
import { ServiceText } from '../../components/ServiceText';

function AddressLine({ label, value }: { label: string; value: string }) {
  if (!value) return null;
  return (
    <div className="message-address">
      <dt>{label}</dt>
      <dd data-testid={`message-${label.toLowerCase()}`}>
        <ServiceText text={value} lines={2} />
      </dd>
    </div>
  );
}

function MessageLinks({
  links,
  onOpen,
}: {
  links: MailLink[];
  onOpen: (url: string, text: string) => void;
}) {
  if (links.length === 0) return null;
  return (
    <section className="message-links" aria-label="Links in this message">
      <h3 className="message-section-title">
        Links <span className="item-count">{links.length}</span>
      </h3>
      <ol className="message-link-list">
        {links.map((link, index) => (
          <li key={index} className="message-link" data-testid="message-link">
            <span className="message-link-number" aria-hidden="true">
              [{index + 1}]
            </span>
            <span className="message-link-text">
              <span className="message-link-label">
                {link.text ? <ServiceText text={link.text} /> : 'Untitled link'}
              </span>
              <span className="message-link-target mono" data-testid="message-link-target">
                <ServiceText text={link.url} />
              </span>
            </span>
            <Button
              variant="ghost"
              className="message-link-open"
              onClick={() => onOpen(link.url, link.text)}
              aria-label={`Open link ${index + 1} in browser`}
            >
              Open in browser
            </Button>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function MessageCard({
  message,
  position,
  onOpenLink,
}: {
  message: MessageView;
  position: number;
  onOpenLink: (url: string, text: string) => void;
}) {
  const [allowRemote, setAllowRemote] = useState(false);
  // Follows the app's theme unless this message was switched, as mail clients offer for mail
  // written for a light page.
  const appScheme = useAppScheme();
  const [chosenScheme, setChosenScheme] = useState<MailScheme | null>(null);
  const scheme = chosenScheme ?? appScheme;
  const otherScheme: MailScheme = scheme === 'dark' ? 'light' : 'dark';
  const blocked = useMemo(() => sanitizeMail(message.html, false), [message.html]);
  const shown = useMemo(
    () => (allowRemote ? sanitizeMail(message.html, true) : blocked),
    [allowRemote, blocked, message.html],
  );
  const priority = priorityLabel(message.priority);
  const subject = message.subject || '(no subject)';

  return (
    <article
      className="message"
      data-testid="message"
      data-message-id={message.id}
      aria-label={`Message ${position}: ${subject}`}
    >
      <header className="message-head">
        <div className="message-head-main">
          <h2 className="message-subject" data-testid="message-subject">
            <ServiceText text={subject} lines={3} />
          </h2>
          <dl className="message-addresses">
            <AddressLine label="From" value={message.from} />
            <AddressLine label="To" value={message.to} />
            <AddressLine label="Cc" value={message.cc} />
            <AddressLine label="Bcc" value={message.bcc} />
          </dl>
        </div>
        <div className="message-head-side">
          <span className="message-date" data-testid="message-date">
            <DateText value={message.createdAt} />
          </span>
          <Button
            variant="ghost"
            className="message-scheme"
            data-testid="message-scheme"
            aria-pressed={chosenScheme !== null}
            onClick={() => setChosenScheme(chosenScheme === null ? otherScheme : null)}
          >
            {otherScheme === 'light' ? 'Light background' : 'Dark background'}
          </Button>
          {priority && (
            <span
              className={`message-priority message-priority-${priority.level}`}
              data-testid="message-priority"
            >
              {priority.text}
            </span>
          )}
        </div>
      </header>

      {(blocked.remoteBlocked > 0 || blocked.activeRemoved > 0) && (
        <div className="message-notices">
          {blocked.activeRemoved > 0 && (
            <p className="message-notice message-notice-danger" data-testid="active-removed">
              <span className="message-notice-icon" aria-hidden="true">
                !
              </span>
              {plural(blocked.activeRemoved, 'active element')} removed (scripts, handlers, forms or
              frames).
            </p>
          )}
          {blocked.remoteBlocked > 0 && (
            <p className="message-notice" data-testid="remote-notice">
              <span className="message-notice-icon" aria-hidden="true">
                i
              </span>
              {allowRemote ? (
                <span data-testid="remote-loaded">
                  Remote content loaded for this message
                  {shown.remoteBlocked > 0 &&
                    ` (${plural(shown.remoteBlocked, 'insecure item')} still blocked)`}
                  .
                </span>
              ) : (
                <>
                  <span data-testid="remote-blocked">
                    {plural(blocked.remoteBlocked, 'remote image')} blocked
                  </span>
                  <span className="message-notice-hint">
                    Loading them tells the sender the message was opened.
                  </span>
                  <Button
                    variant="secondary"
                    className="message-notice-action"
                    data-testid="load-remote"
                    onClick={() => setAllowRemote(true)}
                  >
                    Load remote content
                  </Button>
                </>
              )}
            </p>
          )}
        </div>
      )}

      <MessageFrame
        body={shown.html}
        measureBody={blocked.html}
        allowRemote={allowRemote}
        scheme={scheme}
        title={`Message body: ${subject}`}
      />

      <MessageLinks links={shown.links} onOpen={onOpenLink} />
      <AttachmentList attachments={message.attachments} />
    </article>
  );
}
