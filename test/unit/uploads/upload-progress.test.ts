import { describe, expect, it } from 'vitest';
import type { UploadProgress } from '../../../preload/contract';
import {
  createUploadProgressReporter,
  uploadStateProgress,
} from '../../../main/uploads/upload-progress';
import type { OutboxItem } from '../../../main/outbox/outbox-store';

describe('upload progress events', () => {
  it('go out at most every 100 ms per upload and phase, with phase changes and last figures always', () => {
    let clock = 0;
    const sent: UploadProgress[] = [];
    const reporter = createUploadProgressReporter((progress) => sent.push(progress), {
      now: () => clock,
    });
    const copying = (done: number, requestId = 'a') => ({
      requestId,
      phase: 'copying' as const,
      done,
      total: 100,
      error: null,
    });
    reporter.report(copying(10));
    clock = 50;
    reporter.report(copying(20));
    reporter.report(copying(5, 'b'));
    clock = 100;
    reporter.report(copying(30));
    clock = 120;
    reporter.report(copying(100), true);
    reporter.report({ requestId: 'a', phase: 'queued', done: 0, total: 100, error: null });
    expect(
      sent.map((progress) => `${progress.requestId}:${progress.phase}:${progress.done}`),
    ).toEqual(['a:copying:10', 'b:copying:5', 'a:copying:30', 'a:copying:100', 'a:queued:0']);
  });

  it('follow an upload’s outbox state; other writes have none', () => {
    const upload = (state: OutboxItem['state'], lastError: string | null = null): OutboxItem => ({
      id: 'u1',
      seq: 1,
      payload: {
        kind: 'document.upload',
        customer_external_id: 'C1',
        display_name: 'Passport',
        file_name: 'passport.pdf',
        tag_codes: [],
        source: { type: 'file', path: '/x', size: 500, sha256: 'f' },
      },
      state,
      attempts: 1,
      lastError,
      result: null,
      bodyStarted: false,
      createdAt: '',
      updatedAt: '',
    });
    expect(uploadStateProgress(upload('queued', 'unreachable'))).toEqual({
      requestId: 'u1',
      phase: 'queued',
      done: 0,
      total: 500,
      error: 'unreachable',
    });
    expect(uploadStateProgress(upload('done'))).toMatchObject({ phase: 'done', done: 500 });
    expect(uploadStateProgress(upload('failed', 'HTTP 413'))).toMatchObject({
      phase: 'failed',
      error: 'HTTP 413',
    });
    expect(
      uploadStateProgress({ ...upload('queued'), payload: { kind: 'document.delete', id: 'd' } }),
    ).toBeNull();
  });
});
