import { useEffect, useState } from 'react';
import type { MailScheme } from './mail-frame-document';

function current(): MailScheme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

/** The app's theme as applied (after "system" is resolved), followed as it changes. */
export function useAppScheme(): MailScheme {
  const [scheme, setScheme] = useState(current);
  useEffect(() => {
    const observer = new MutationObserver(() => setScheme(current()));
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme'],
    });
    return () => observer.disconnect();
  }, []);
  return scheme;
}
