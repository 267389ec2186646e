import type { QueueRow, TimelineEventView } from '../../../../preload/contract';
import { CategoryTag, ScoreBar, StatePill } from '../../components/Pills';
import { EmptyState } from '../../components/StateViews';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { DateText } from '../../components/DateText';
import { ServiceText } from '../../components/ServiceText';
import { agentLabel } from '../../lib/alert-states';
import type { DroppedFile } from '../../lib/local-files';
import { CustomerDocuments } from '../documents';
import { RecordLink } from '../../components/RecordLink';
import { timelineLink } from './timeline-link';

export function AlertsTab({ alerts }: { alerts: QueueRow[] }) {
  if (alerts.length === 0)
    return (
      <EmptyState title="No alerts for this customer" testId="alerts-empty">
        Alerts appear here once a sync brings them into the cache.
      </EmptyState>
    );
  return (
    <div className="table-frame">
      <table
        className="data-table customer-table"
        aria-label="Alerts"
        data-testid="customer-alerts"
      >
        <thead>
          <tr>
            <th scope="col">Alert</th>
            <th scope="col">Category</th>
            <th scope="col">Score</th>
            <th scope="col">State</th>
            <th scope="col">Assigned to</th>
            <th scope="col">Created</th>
            <th scope="col">Updated</th>
          </tr>
        </thead>
        <tbody>
          {alerts.map((alert) => (
            <tr key={alert.id} data-testid="customer-alert" data-alert-id={alert.id}>
              <td>
                <RecordLink
                  to={{ screen: 'alert', id: alert.id }}
                  className="mono"
                  testId="alert-link"
                >
                  <ServiceText text={alert.id} />
                </RecordLink>
              </td>
              <td>
                <CategoryTag category={alert.category} />
              </td>
              <td>
                <ScoreBar score={alert.score} />
              </td>
              <td>
                <StatePill state={alert.state} />
              </td>
              <td data-testid="customer-alert-agent">{agentLabel(alert.agentId)}</td>
              <td className="customer-date">
                <DateText value={alert.createdAt} />
              </td>
              <td className="customer-date">
                <DateText value={alert.updatedAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TimelineUrl({
  url,
  title,
  onOpenLink,
}: {
  url: string;
  title: string;
  onOpenLink: (url: string, text: string) => void;
}) {
  const link = timelineLink(url);
  return (
    <p className="timeline-link" data-link-kind={link.kind} data-testid="timeline-link">
      <ServiceText text={url} className="mono timeline-url" />
      {link.kind === 'screen' && (
        <RecordLink to={link.route} className="timeline-open" testId="timeline-open-screen">
          {link.label}
        </RecordLink>
      )}
      {link.kind === 'browser' && (
        <Button
          variant="ghost"
          className="timeline-open"
          onClick={() => onOpenLink(link.url, title)}
          data-testid="timeline-open"
        >
          Open in browser
        </Button>
      )}
    </p>
  );
}

export function TimelineTab({
  events,
  mayBeCut,
  onOpenLink,
}: {
  events: TimelineEventView[];
  /** The count the service returned when it stopped at a round one. */
  mayBeCut: number | null;
  onOpenLink: (url: string, text: string) => void;
}) {
  const cut = mayBeCut !== null && (
    <Banner tone="warning" testId="timeline-may-be-cut">
      This list may be cut: the service returned exactly {mayBeCut.toLocaleString()} events.
    </Banner>
  );
  if (events.length === 0)
    return (
      <EmptyState title="No timeline events" testId="timeline-empty">
        The service has recorded no event for this customer, or none has been synced yet.
      </EmptyState>
    );
  return (
    <>
      {cut}
      <ol className="timeline" data-testid="timeline">
        {events.map((event) => (
          <li key={event.id} className="timeline-event" data-testid="timeline-event">
            <span className="timeline-dot" aria-hidden="true" />
            <div className="timeline-body">
              <div className="timeline-head">
                <ServiceText
                  text={event.eventType || 'event'}
                  className="tag"
                  testId="timeline-type"
                />
                <DateText value={event.createdAt} className="customer-date" />
              </div>
              <p className="timeline-title" data-testid="timeline-title">
                <ServiceText text={event.title || 'Untitled event'} lines={2} />
              </p>
              {event.description && (
                <p className="timeline-description" data-testid="timeline-description">
                  <ServiceText text={event.description} lines={4} />
                </p>
              )}
              {event.url && (
                <TimelineUrl url={event.url} title={event.title} onOpenLink={onOpenLink} />
              )}
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}

/** The customer's documents, with filing: the documents feature's list for this customer. */
export function DocumentsTab({
  externalId,
  name,
  onFiles,
}: {
  externalId: string;
  name: string;
  onFiles: (files: DroppedFile[]) => void;
}) {
  return <CustomerDocuments externalId={externalId} name={name} onFiles={onFiles} />;
}
