import { plainServiceText, serviceTextParts, SHOWN_UP_TO } from '../lib/service-text';

/**
 * A string from the service (a name, a subject, a comment, a header): isolated from the text
 * around it, its direction controls shown rather than applied, clamped to `lines` lines with an
 * ellipsis (the whole text in the tooltip), so a 10,000-character name neither grows its row
 * hundreds of lines tall nor runs under the buttons beside it.
 */
export function ServiceText({
  text,
  lines = 1,
  className,
  testId,
}: {
  text: string;
  /** Lines shown before the ellipsis; 0 shows every line (still isolated and wrapped). */
  lines?: number;
  className?: string;
  testId?: string;
}) {
  const plain = plainServiceText(text);
  const cut = lines > 0 && text.length > SHOWN_UP_TO;
  const classes = ['service-text', lines === 1 ? 'clamp-1' : lines > 1 ? 'clamp-n' : '', className]
    .filter(Boolean)
    .join(' ');
  return (
    <bdi
      dir="auto"
      className={classes}
      style={lines > 1 ? { WebkitLineClamp: lines } : undefined}
      title={lines > 0 ? plain : undefined}
      data-testid={testId}
      data-full-length={cut ? text.length : undefined}
    >
      <ServiceTextParts text={cut ? text.slice(0, SHOWN_UP_TO) : text} />
      {cut && '…'}
    </bdi>
  );
}

/**
 * The text's runs with each direction control shown as a labelled mark, for a caller that
 * isolates and clamps itself (a search title with its matches marked inside one <bdi>).
 */
export function ServiceTextParts({ text }: { text: string }) {
  return (
    <>
      {serviceTextParts(text).map((part, index) =>
        'text' in part ? (
          part.text
        ) : (
          <abbr
            key={index}
            className="bidi-control"
            title={`Direction control ${part.control} (${part.codePoint}), shown, not applied`}
          >
            {part.control}
          </abbr>
        ),
      )}
    </>
  );
}
