import { z } from 'zod';
import { method } from './define';

export type Transport = 'electron' | 'browser';

export interface AppInfo {
  name: string;
  version: string;
  transport: Transport;
  platform: string;
  dataDir: string;
}

export interface OpenExternalResult {
  /** False where the renderer itself must open the link (the browser host). */
  handled: boolean;
  url: string;
}

/** Only links CaseDesk is willing to hand to the operating system. */
export const ExternalUrl = z
  .string()
  .max(2048)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        if (url.protocol === 'mailto:') return url.pathname.length > 0;
        return (
          url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password
        );
      } catch {
        return false;
      }
    },
    { message: 'Only https: links (without credentials) and mailto: addresses can be opened.' },
  );

export const appMethods = {
  info: method<AppInfo>()(z.undefined()),
  openExternal: method<OpenExternalResult>()(z.object({ url: ExternalUrl }).strict()),
};
