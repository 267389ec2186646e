import { realpath } from 'node:fs/promises';
import { sep } from 'node:path';
import { AppError } from '../lib/app-error';
import type { UploadFiling } from '../uploads/upload-filing';
import type { CallContext, DomainHandlers } from './handlers';

/**
 * A path on disk is what the Electron preload makes of a dropped file; a page in a browser has no
 * business naming one (it would make CaseDesk read any file and send it to the service), so there
 * the bytes must come through the host's staging. CaseDesk's own files (tokens, caches) are never
 * filed, whoever asks.
 */
async function checkLocalPath(
  source: { kind: 'path'; path: string } | { kind: string },
  context: CallContext,
  dataDir: string,
): Promise<void> {
  if (source.kind !== 'path' || !('path' in source)) return;
  if (context.transport !== 'electron')
    throw new AppError(
      'invalid_input',
      'A file is named by its path only in the desktop app; here, drop the file so its bytes are sent to CaseDesk.',
    );
  const real = await realpath(source.path).catch(() => null);
  const own = await realpath(dataDir).catch(() => dataDir);
  if (real && (real === own || real.startsWith(`${own}${sep}`)))
    throw new AppError(
      'invalid_input',
      `${source.path} is one of CaseDesk's own files, which are never filed. File a document from elsewhere.`,
    );
}

export function createUploadsHandlers(
  filing: UploadFiling,
  dataDir: string,
): DomainHandlers<'uploads'> {
  return {
    inspect: async ({ source }, context) => {
      await checkLocalPath(source, context, dataDir);
      return filing.inspect(source);
    },
    file: async (input, context) => {
      await checkLocalPath(input.source, context, dataDir);
      return filing.file(input);
    },
  };
}
