import type { ReactNode } from 'react';
import { useNavigation } from '../lib/navigation';
import { routeToHash, type Route } from '../lib/routes';

/** A link to another CaseDesk place: a real link (focusable, addressable) that navigates in-app. */
export function RecordLink({
  to,
  children,
  className,
  testId,
}: {
  to: Route;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const navigate = useNavigation((state) => state.navigate);
  return (
    <a
      href={routeToHash(to)}
      className={['record-link', className].filter(Boolean).join(' ')}
      data-testid={testId}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
          return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
