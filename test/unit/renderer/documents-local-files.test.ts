import { beforeAll, describe, expect, it, vi } from 'vitest';
// The renderer's window (window.casedesk, window.casedeskFiles), for the types of lib/api.
import type {} from '../../../renderer/src/env';
import type * as LocalFiles from '../../../renderer/src/lib/local-files';

// local-files asks lib/api which transport runs, which reads window at import: give it one.
let readStagedAnswer: typeof LocalFiles.readStagedAnswer;
let LocalFileError: typeof LocalFiles.LocalFileError;

beforeAll(async () => {
  vi.stubGlobal('window', {});
  ({ readStagedAnswer, LocalFileError } = await import('../../../renderer/src/lib/local-files'));
});

const token = 'a'.repeat(32);

describe('the browser host’s answer to a staged file', () => {
  it('gives the staged file of a good answer', () => {
    expect(
      readStagedAnswer(
        200,
        JSON.stringify({ ok: true, value: { token, fileName: 'scan.pdf', size: 12 } }),
        'scan.pdf',
      ),
    ).toEqual({ token, fileName: 'scan.pdf', size: 12 });
  });

  it('shows the host’s own message for a refusal (too large, unreadable)', () => {
    const body = JSON.stringify({
      ok: false,
      error: { code: 'invalid_input', message: 'scan.pdf is 2 MB, over the limit of 1 MB.' },
    });
    expect(() => readStagedAnswer(413, body, 'scan.pdf')).toThrow(
      'scan.pdf is 2 MB, over the limit of 1 MB.',
    );
  });

  it('marks a refused file as final, and a signed-out tab or a failing host as worth a retry', () => {
    const refusal = JSON.stringify({
      ok: false,
      error: { code: 'invalid_input', message: 'The file could not be read.' },
    });
    const caught = (status: number, body: string) => {
      try {
        readStagedAnswer(status, body, 'a.pdf');
      } catch (error) {
        return error instanceof LocalFileError ? error.retryable : 'not a LocalFileError';
      }
      return 'no error';
    };
    expect(caught(413, refusal)).toBe(false);
    expect(caught(400, refusal)).toBe(false);
    expect(caught(401, '')).toBe(true);
    expect(caught(502, 'Bad gateway')).toBe(true);
  });

  it('says what to do for a bare 413 and for a signed-out tab', () => {
    expect(() => readStagedAnswer(413, '', 'big.pdf')).toThrow(/larger than this profile accepts/);
    expect(() => readStagedAnswer(401, 'Unauthorized', 'a.pdf')).toThrow(/no longer signed in/);
  });

  it('never trusts a malformed answer, even with a 200', () => {
    for (const body of [
      '',
      'not json',
      JSON.stringify({ ok: true, value: { token: '../../etc/passwd', fileName: 'a', size: 1 } }),
      JSON.stringify({ ok: true, value: { token, fileName: 'a', size: -1 } }),
      JSON.stringify({ ok: true }),
    ]) {
      expect(() => readStagedAnswer(200, body, 'a.pdf')).toThrow(LocalFileError);
    }
  });
});
