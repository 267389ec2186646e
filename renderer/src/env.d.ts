import type { CasedeskApi, Result, StagedFile } from '../../preload/contract';

declare global {
  interface Window {
    /** Present in the Electron window (the preload script); absent in the browser host. */
    casedesk?: CasedeskApi;
    /**
     * Electron only: registers a dropped or chosen File with main and answers its handle (null when
     * it is not a file on disk). The renderer never sees a path nor reads file contents.
     */
    casedeskFiles?: { register(file: File): Promise<Result<StagedFile> | null> };
  }
}

export {};
