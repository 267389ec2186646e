/** A thin bar for bytes moved: `share` 0 to 1, or null when the size is not known (indeterminate). */
export function ProgressBar({
  share,
  label,
  testId,
}: {
  share: number | null;
  label: string;
  testId?: string;
}) {
  return (
    <span
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      {...(share === null ? {} : { 'aria-valuenow': Math.round(share * 100) })}
      data-testid={testId}
    >
      <span
        className={`progress-fill${share === null ? ' is-indeterminate' : ''}`}
        style={share === null ? undefined : { width: `${share * 100}%` }}
      />
    </span>
  );
}
