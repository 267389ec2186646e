// Values whose shape the service leaves open, turned into text that reads well.

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const instantFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** A calendar day (date of birth, review date) is the same day everywhere: read in UTC. */
export function formatDay(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
}

/** Dates as the user's locale writes them; any other text as it is. */
export function readableText(value: string): string {
  if (DAY.test(value)) return formatDay(value);
  if (INSTANT.test(value)) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return instantFormat.format(date);
  }
  return value;
}
