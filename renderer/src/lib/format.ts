// One way to show dates, sizes and counts everywhere, in the user's locale.

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const number = new Intl.NumberFormat();

const parse = (value: string | number | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

export function formatDateTime(value: string | number | null | undefined): string {
  const date = parse(value);
  return date ? dateTime.format(date) : '—';
}

export function formatDate(value: string | number | null | undefined): string {
  const date = parse(value);
  return date ? dateOnly.format(date) : '—';
}

export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : number.format(value);
}

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** "3 days ago", "in 2 hours": for ages and due dates. */
export function formatRelative(
  value: string | number | null | undefined,
  now = Date.now(),
): string {
  const date = parse(value);
  if (!date) return '—';
  const seconds = Math.round((date.getTime() - now) / 1000);
  const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(seconds, 'second');
}

const shortDateTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * A date with its time where a list is tight: the year only when it is not this one ("Nov 24,
 * 3:08 PM"; "Nov 24, 2025, 3:08 PM").
 */
export function formatDateTimeShort(value: string | number | null | undefined): string {
  const date = parse(value);
  if (!date) return '—';
  return date.getFullYear() === new Date().getFullYear()
    ? shortDateTime.format(date)
    : dateTime.format(date);
}
