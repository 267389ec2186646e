import { parseServiceDate } from '../lib/service-date';

/** A customer's timeline event, as the cache or the service gives it. */
export interface TimelineEvent {
  eventType: string;
  url: string;
  createdAt: string | null;
}

// The interface does not say how a forced report reaches the client: the sandbox (its README)
// writes a press_report_generated event on the customer's timeline whose Url names the report body.
const REPORT_BODY = /\/api\/v1\/press\/reportbody\/([^/?#\s]+)/;

/** The report body id an event links to, if any. */
export function reportIdOf(event: TimelineEvent): string | null {
  const match = REPORT_BODY.exec(event.url);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

const timeOf = (event: TimelineEvent) =>
  event.createdAt === null ? null : parseServiceDate(event.createdAt);

/** Report ids the events name, each once, newest event first. */
export function reportIdsNamedBy(events: ReadonlyArray<TimelineEvent>): string[] {
  const ordered = [...events].sort((a, b) => (timeOf(b) ?? 0) - (timeOf(a) ?? 0));
  return [...new Set(ordered.flatMap((event) => reportIdOf(event) ?? []))];
}
