import type { AttachmentView } from '../../../../preload/contract';
import { formatBytes } from '../../lib/format';
import { DownloadButton } from '../downloads';

function SafetyMark({ safety }: { safety: AttachmentView['safety'] }) {
  if (safety === 'dangerous')
    return (
      <span className="safety safety-dangerous" data-testid="attachment-safety">
        Marked dangerous
      </span>
    );
  if (safety === 'unverified')
    return (
      <span className="safety safety-unverified" data-testid="attachment-safety">
        Not verified
      </span>
    );
  return (
    <span className="safety safety-safe" data-testid="attachment-safety">
      Checked safe
    </span>
  );
}

export function AttachmentList({
  attachments,
  label = 'Attachments',
}: {
  attachments: AttachmentView[];
  label?: string;
}) {
  if (attachments.length === 0) return null;
  return (
    <section className="attachments" aria-label={label}>
      <h3 className="attachments-title">
        {label} <span className="item-count">{attachments.length}</span>
      </h3>
      <ul className="attachment-list">
        {attachments.map((attachment) => (
          <li
            key={attachment.id}
            className={`attachment attachment-${attachment.safety}`}
            data-testid="attachment"
            data-attachment-id={attachment.id}
            data-safety={attachment.safety}
          >
            <span className="attachment-icon" aria-hidden="true">
              {(attachment.fileType || attachment.fileName.split('.').pop() || '?')
                .slice(0, 4)
                .toUpperCase()}
            </span>
            <span className="attachment-text">
              <span className="attachment-name" data-testid="attachment-name">
                {attachment.fileName || 'Unnamed file'}
              </span>
              <span className="attachment-meta">
                {[attachment.fileMime, formatBytes(attachment.fileSize)]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              <SafetyMark safety={attachment.safety} />
            </span>
            <span className="attachment-download">
              <DownloadButton
                target={{ kind: 'attachment', id: attachment.id }}
                name={attachment.fileName || 'Unnamed file'}
                compact
              />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
