import type { ReactNode } from 'react';

export type Tone = 'info' | 'success' | 'warning' | 'danger';

const ICONS: Record<Tone, string> = { info: 'i', success: '✓', warning: '!', danger: '×' };

export function Banner({
  tone,
  title,
  children,
  testId,
}: {
  tone: Tone;
  title?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={`banner banner-${tone}`}
      role={tone === 'danger' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <span className="banner-icon" aria-hidden="true">
        {ICONS[tone]}
      </span>
      <div className="banner-body">
        {title && <p className="banner-title">{title}</p>}
        <div>{children}</div>
      </div>
    </div>
  );
}
