import type { ThreadView } from '../../../../preload/contract';
import { Screen } from '../../components/Screen';
import { EmptyState, ErrorState, LoadingState } from '../../components/StateViews';
import { api, unwrap } from '../../lib/api';
import { DateText } from '../../components/DateText';
import { StaleNotice } from '../../components/StaleNotice';
import { useCached } from '../../lib/use-cached';
import { AttachmentList } from './AttachmentList';
import { useExternalLinks } from './external-link';
import { MessageCard } from './MessageCard';
import { RecordLink } from '../../components/RecordLink';
import { plural, statusLabel } from './thread-labels';
import './threads.css';
import { ServiceText } from '../../components/ServiceText';
import { NotesPanel } from '../workbench';

function ThreadFacts({ view }: { view: ThreadView }) {
  const { thread, reminder } = view;
  return (
    <dl className="thread-facts" data-testid="thread-facts">
      <div>
        <dt>Customers</dt>
        <dd>
          {thread.customers.length === 0 ? (
            <span className="muted">None linked</span>
          ) : (
            <ul className="thread-inline-list">
              {thread.customers.map((customer) => (
                <li key={customer.externalId}>
                  <RecordLink
                    to={{ screen: 'customer', externalId: customer.externalId }}
                    testId="thread-customer"
                  >
                    <ServiceText text={customer.name || customer.externalId} />
                  </RecordLink>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
      <div>
        <dt>Contacts</dt>
        <dd data-testid="thread-contacts">
          {thread.contacts.length ? (
            thread.contacts.join(', ')
          ) : (
            <span className="muted">None</span>
          )}
        </dd>
      </div>
      <div>
        <dt>Tags</dt>
        <dd>
          {thread.tags.length ? (
            <span className="thread-tags">
              {thread.tags.map((tag) => (
                <span key={tag} className="tag">
                  {tag}
                </span>
              ))}
            </span>
          ) : (
            <span className="muted">None</span>
          )}
        </dd>
      </div>
      <div>
        <dt>Review groups</dt>
        <dd>
          {thread.reviewGroups.length ? (
            thread.reviewGroups.join(', ')
          ) : (
            <span className="muted">None</span>
          )}
        </dd>
      </div>
      <div>
        <dt>Created</dt>
        <dd>
          <DateText value={thread.createdAt} />
        </dd>
      </div>
      <div>
        <dt>Updated</dt>
        <dd>
          <DateText value={thread.updatedAt} />
        </dd>
      </div>
      {reminder && (reminder.nextDate || reminder.numberLeft) ? (
        <div>
          <dt>Reminder</dt>
          <dd>
            {reminder.nextDate ? (
              <>
                Next <DateText value={reminder.nextDate} style="date" />
              </>
            ) : (
              'No date'
            )}
            {reminder.numberLeft !== null && ` · ${plural(reminder.numberLeft, 'reminder')} left`}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

export function ThreadScreen({ id }: { id: string }) {
  const read = useCached(`thread:${id}`, () => unwrap(api.threads.get({ id })));
  const links = useExternalLinks();
  const view = read.data;

  if (!view) {
    return (
      <Screen title="Thread" testId="thread-screen">
        {read.status === 'loading' ? (
          <LoadingState label="Loading the thread…" />
        ) : read.status === 'error' ? (
          <ErrorState error={read.error} onRetry={read.reload} />
        ) : (
          <EmptyState title="This thread is not in the cache" testId="thread-not-found">
            It may belong to a review group this profile does not sync, or it has not been synced
            yet.
          </EmptyState>
        )}
      </Screen>
    );
  }

  const { thread, messages } = view;
  const missing = Math.max(0, thread.messageCount - messages.length);
  return (
    <Screen
      title={<ServiceText text={thread.subject || '(no subject)'} lines={2} />}
      testId="thread-screen"
      subtitle={
        <span className="thread-subtitle">
          <span className="badge" data-testid="thread-status">
            {statusLabel(thread.status, thread.statusLabel)}
          </span>
          <span>{plural(thread.messageCount, 'message')}</span>
          {thread.attachmentCount > 0 && (
            <span>{plural(thread.attachmentCount, 'attachment')}</span>
          )}
        </span>
      }
    >
      <div className="thread-view">
        <ThreadFacts view={view} />
        {read.status === 'error' && <StaleNotice error={read.error} onRetry={read.reload} />}
        {missing > 0 && (
          <p className="thread-gap" data-testid="thread-gap">
            {messages.length === 0
              ? 'No message of this thread has been synced yet.'
              : `Showing the ${plural(messages.length, 'message')} synced so far; ${missing} earlier ${missing === 1 ? 'one is' : 'ones are'} not available offline (the service sends only a thread’s latest message).`}
          </p>
        )}
        <ol className="message-list">
          {messages.map((message, index) => (
            <li key={message.id}>
              <MessageCard message={message} position={index + 1} onOpenLink={links.request} />
            </li>
          ))}
        </ol>
        <AttachmentList attachments={view.attachments} label="Other attachments of the thread" />
        <NotesPanel target={{ kind: 'thread', id: thread.id }} shortcutGroup="Thread" />
      </div>
      {links.dialog}
    </Screen>
  );
}
