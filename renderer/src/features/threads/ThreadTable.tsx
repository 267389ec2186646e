import { useEffect, useRef } from 'react';
import type { ThreadRow } from '../../../../preload/contract';
import { useNavigation } from '../../lib/navigation';
import { formatCount } from '../../lib/format';
import { DateText } from '../../components/DateText';
import { RecordLink } from '../../components/RecordLink';
import { senderName, statusLabel } from './thread-labels';
import { ServiceText } from '../../components/ServiceText';

function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <span className="thread-none">—</span>;
  return (
    <span className="thread-tags">
      {tags.map((tag) => (
        <span key={tag} className="tag" title={tag}>
          {tag}
        </span>
      ))}
    </span>
  );
}

/** Threads as rows: subject and people first, counts and the last update at the end. */
export function ThreadTable({
  rows,
  selectedIndex,
  onSelect,
  label,
  showCustomers = true,
}: {
  rows: ThreadRow[];
  /** The keyboard's row (j/k); absent where the table is not keyboard-driven. */
  selectedIndex?: number;
  onSelect?: (index: number) => void;
  label: string;
  showCustomers?: boolean;
}) {
  const selectedRow = useRef<HTMLTableRowElement>(null);
  const navigate = useNavigation((state) => state.navigate);
  useEffect(() => {
    selectedRow.current?.scrollIntoView({ block: 'nearest' });
  }, [selectedIndex]);

  return (
    <table className="data-table thread-table" aria-label={label} data-testid="thread-table">
      <colgroup>
        <col className="col-subject" />
        {showCustomers && <col className="col-customers" />}
        <col className="col-contacts" />
        <col className="col-tags" />
        <col className="col-count" />
        <col className="col-count col-files" />
        <col className="col-updated" />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">Subject</th>
          {showCustomers && <th scope="col">Customers</th>}
          <th scope="col">Contacts</th>
          <th scope="col">Tags</th>
          <th scope="col" className="num">
            Messages
          </th>
          <th scope="col" className="num">
            Files
          </th>
          <th scope="col">Updated</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => {
          const selected = index === selectedIndex;
          return (
            <tr
              key={row.id}
              ref={selected ? selectedRow : undefined}
              className={selected ? 'is-selected' : undefined}
              aria-selected={selectedIndex === undefined ? undefined : selected}
              data-testid="thread-row"
              data-thread-id={row.id}
              onMouseDown={onSelect ? () => onSelect(index) : undefined}
              onClick={(event) => {
                // Anywhere on the row opens the thread, as in the queue; its own links and
                // buttons (a customer) keep their meaning. The subject link serves the keyboard.
                if (event.target instanceof Element && event.target.closest('a, button')) return;
                navigate({ screen: 'thread', id: row.id });
              }}
            >
              <td className="thread-subject-cell">
                <RecordLink
                  to={{ screen: 'thread', id: row.id }}
                  className="thread-subject"
                  testId="thread-subject"
                >
                  <ServiceText text={row.subject || '(no subject)'} lines={2} />
                </RecordLink>
                <span className="thread-sub">
                  <span className="thread-status">{statusLabel(row.status, row.statusLabel)}</span>
                  {row.lastFrom && (
                    <span className="thread-last-from" title={row.lastFrom}>
                      Last from <ServiceText text={senderName(row.lastFrom)} />
                    </span>
                  )}
                </span>
              </td>
              {showCustomers && (
                <td className="thread-customers" data-testid="thread-customers">
                  {row.customers.length === 0 ? (
                    <span className="thread-none">—</span>
                  ) : (
                    row.customers.map((customer) => (
                      <RecordLink
                        key={customer.externalId}
                        to={{ screen: 'customer', externalId: customer.externalId }}
                        className="thread-customer"
                      >
                        <ServiceText text={customer.name || customer.externalId} />
                      </RecordLink>
                    ))
                  )}
                </td>
              )}
              <td className="thread-contacts" data-testid="thread-contacts">
                {row.contacts.length ? (
                  row.contacts.map((contact) => (
                    <ServiceText key={contact} text={contact} className="thread-contact" />
                  ))
                ) : (
                  <span className="thread-none">—</span>
                )}
              </td>
              <td>
                <Tags tags={row.tags} />
              </td>
              <td className="num" data-testid="thread-message-count">
                {formatCount(row.messageCount)}
              </td>
              <td className="num" data-testid="thread-attachment-count">
                {row.attachmentCount > 0 ? (
                  formatCount(row.attachmentCount)
                ) : (
                  <span className="thread-none">—</span>
                )}
              </td>
              <td className="thread-updated">
                <DateText value={row.updatedAt} style="date" />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
