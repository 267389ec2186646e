import type { CasedeskApi } from '../../preload/contract';

declare global {
  interface Window {
    /** Present in the Electron window (the preload script); absent in the browser host. */
    casedesk?: CasedeskApi;
  }
}

export {};
