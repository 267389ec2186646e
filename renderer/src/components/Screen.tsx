import type { ReactNode } from 'react';

/** Every screen's frame: a heading row (title, context, actions) over a scrolling body. */
export function Screen({
  title,
  subtitle,
  actions,
  children,
  testId,
  flush = false,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
  /** The body fills the screen without padding (tables that scroll themselves). */
  flush?: boolean;
}) {
  return (
    <section className="screen" data-testid={testId} aria-labelledby="screen-title">
      <header className="screen-head">
        <div className="screen-titles">
          <h1 id="screen-title" className="screen-title" tabIndex={-1}>
            {title}
          </h1>
          {subtitle && <div className="screen-subtitle">{subtitle}</div>}
        </div>
        {actions && <div className="screen-actions">{actions}</div>}
      </header>
      <div className={flush ? 'screen-body screen-body-flush' : 'screen-body'}>{children}</div>
    </section>
  );
}
