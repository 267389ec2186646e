import type { CasedeskApi } from '../../preload/contract';

declare global {
  interface Window {
    /** Present in the Electron window (the preload script); absent in the browser host. */
    casedesk?: CasedeskApi;
    /** Electron only: a dropped File's path on disk (the renderer never reads file contents). */
    casedeskFiles?: { pathForFile(file: File): string };
  }
}

export {};
