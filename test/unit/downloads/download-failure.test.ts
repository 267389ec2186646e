import { describe, expect, it } from 'vitest';
import { ServiceError, type ServiceErrorKind } from '../../../main/api';
import { downloadFailureMessage } from '../../../main/downloads/download-failure';
import { DownloadSaveError } from '../../../main/downloads/safe-download';

const serviceError = (kind: ServiceErrorKind, status: number | null = null) =>
  new ServiceError({
    operation: 'documents.download',
    kind,
    status,
    retryable: false,
    outcomeUnknown: false,
  });
const errno = (code: string) => Object.assign(new Error(`${code}: it failed`), { code });
/** As saving reports it: the cause kept under its own message. */
const whileSaving = (cause: unknown) =>
  new DownloadSaveError('Could not save "a.pdf" in /home/inv/Downloads: it failed', { cause });

const document = { kind: 'document', folder: '/home/inv/Downloads', received: 0 } as const;

describe('downloadFailureMessage', () => {
  it('tells an offline investigator to try again when online', () => {
    expect(downloadFailureMessage(serviceError('network'), document)).toBe(
      'CaseDesk cannot reach the service; try again when online.',
    );
  });

  it('says the connection was lost when it broke off midway, even wrapped by the save', () => {
    const message = downloadFailureMessage(whileSaving(serviceError('network')), {
      ...document,
      received: 4096,
    });
    expect(message).toMatch(/connection to the service was lost during the download/);
    expect(message).toMatch(/nothing was saved/);
  });

  it('says which kind of record the service no longer has', () => {
    expect(downloadFailureMessage(serviceError('http', 404), document)).toMatch(
      /^The service no longer has this document; sync/,
    );
    expect(
      downloadFailureMessage(serviceError('http', 404), { ...document, kind: 'attachment' }),
    ).toMatch(/^The service no longer has this attachment/);
  });

  it('passes on what the service said about other refusals, and what to do', () => {
    const message = downloadFailureMessage(serviceError('http', 503), document);
    expect(message).toMatch(/HTTP 503/);
    expect(message).toMatch(/download again in a moment/);
    expect(downloadFailureMessage(serviceError('auth', 401), document)).toMatch(/token/);
    expect(downloadFailureMessage(serviceError('timeout'), document)).toMatch(/stopped answering/);
  });

  it.each([
    ['ENOSPC', /disk holding the download folder “Downloads” is full.*Free some space/],
    ['EDQUOT', /quota/],
    [
      'EACCES',
      /may not write into the download folder “Downloads”.*Choose another download folder/,
    ],
    ['EROFS', /may not write into/],
    ['ENOENT', /^The download folder “Downloads” is gone/],
  ])('explains the disk error %s', (code, expected) => {
    const message = downloadFailureMessage(whileSaving(errno(code)), document);
    expect(message).toMatch(expected);
    // Shown in the window: the folder by its name, never by its path.
    expect(message).not.toContain('/home/inv');
  });

  it('keeps what went wrong for other errors, and says what to do', () => {
    const message = downloadFailureMessage(
      new DownloadSaveError('The saved file "a.pdf" leads outside the download folder'),
      document,
    );
    expect(message).toBe(
      'The saved file "a.pdf" leads outside the download folder. Nothing was saved; check the download folder in settings, then download again.',
    );
  });
});
