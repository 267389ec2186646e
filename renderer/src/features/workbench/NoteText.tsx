import type { NoteSegment } from '../../../../preload/contract';
import { RecordLink } from '../../components/RecordLink';
import { ServiceTextParts } from '../../components/ServiceText';
import { linkRoute } from './note-routes';

/**
 * A note's text as text: never markup, its direction controls shown rather than applied (a note
 * pasted from a mail may hold them), isolated from the page around it. Words like `alert:42` are
 * links to that record.
 */
export function NoteText({ segments, testId }: { segments: NoteSegment[]; testId?: string }) {
  return (
    <bdi dir="auto" className="wb-note-text" data-testid={testId}>
      {segments.map((segment, index) => {
        const route = segment.link ? linkRoute(segment.link) : null;
        if (!route) return <ServiceTextParts key={index} text={segment.text} />;
        return (
          <RecordLink key={index} to={route} className="wb-note-link" testId="note-link">
            <ServiceTextParts text={segment.text} />
          </RecordLink>
        );
      })}
    </bdi>
  );
}
