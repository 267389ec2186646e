import type { UploadFiling } from '../uploads/upload-filing';
import type { DomainHandlers } from './handlers';

/**
 * A file is named by the handle its registration gave (the desktop app's preload, or the browser
 * host's POST /files), never by a path: a script in the window can file only what the
 * investigator dropped or chose. CaseDesk's own files are refused at registration, by identity.
 */
export function createUploadsHandlers(filing: UploadFiling): DomainHandlers<'uploads'> {
  return {
    inspect: ({ source }) => filing.inspect(source),
    file: (input) => filing.file(input),
  };
}
