import {
  formatDate,
  formatDateTime,
  formatDateTimeShort,
  formatRelative,
  isoDate,
  rawDateText,
  type DateInput,
} from '../lib/format';

/** `short`: the time always, the year only when it is not this year (dense lists). */
export type DateStyle = 'date' | 'dateTime' | 'short' | 'relative';

const FORMATS: Record<DateStyle, (value: DateInput) => string> = {
  date: formatDate,
  dateTime: formatDateTime,
  short: formatDateTimeShort,
  relative: (value) => formatRelative(value),
};

/**
 * A date from the service or the cache, the one way every screen shows one: a <time> with the full
 * date and time in its tooltip; a value that cannot be read is "—" with the value as received in
 * the tooltip (and read out by assistive technology), never the first of January 1970.
 */
export function DateText({
  value,
  style = 'dateTime',
  className,
  testId,
}: {
  value: DateInput;
  style?: DateStyle;
  className?: string;
  testId?: string;
}) {
  const iso = isoDate(value);
  if (iso === undefined) {
    const raw = `Unreadable date: ${rawDateText(value)}`;
    return (
      <span
        className={className ? `date-unreadable ${className}` : 'date-unreadable'}
        title={raw}
        data-testid={testId}
        data-unreadable-date=""
      >
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{raw}</span>
      </span>
    );
  }
  return (
    <time dateTime={iso} title={formatDateTime(value)} className={className} data-testid={testId}>
      {FORMATS[style](value)}
    </time>
  );
}
