import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentLike } from '../../../main/cache/records';
import { silentLogger } from '../../../main/log';
import { outboxCopyPath, removeOrphanCopies } from '../../../main/outbox/outbox-files';
import {
  createOutboxReplayer,
  type FailureFacts,
  type OutboxChange,
  type OutboxTransport,
  type UploadPayload,
} from '../../../main/outbox/outbox-replayer';
import { openOutbox, type Outbox, type OutboxItem } from '../../../main/outbox/outbox-store';
import { makeTempDir } from '../../support/temp-dir';

class Unreachable extends Error {}
class LostAnswer extends Error {}

/** A service in memory: what it was asked, and documents it holds. */
function fakeService() {
  const uploads: UploadPayload[] = [];
  const documents: Array<DocumentLike & { file_size: number }> = [];
  const sent: string[] = [];
  let down = false;
  let beforeUpload: () => void = () => undefined;
  const transport: OutboxTransport = {
    upload(payload, onSent) {
      if (down) return Promise.reject(new Unreachable('unreachable'));
      beforeUpload();
      uploads.push(payload);
      const size = payload.source.type === 'file' ? payload.source.size : payload.source.file_size;
      onSent?.(size);
      const document = {
        id: `doc-${uploads.length}`,
        customer_external_id: payload.customer_external_id,
        display_name: payload.display_name,
        file_name: payload.file_name,
        created_at: Math.floor(Date.now() / 1000),
        file_size: size,
      };
      documents.push(document);
      return Promise.resolve(document);
    },
    findDocuments: (customer, fileName) =>
      down
        ? Promise.reject(new Unreachable('unreachable'))
        : Promise.resolve(
            documents.filter(
              (doc) => doc.customer_external_id === customer && doc.file_name === fileName,
            ),
          ),
    update: (id) => {
      if (down) return Promise.reject(new Unreachable('unreachable'));
      sent.push(`update ${id}`);
      return Promise.resolve();
    },
    remove: (id) => {
      if (down) return Promise.reject(new Unreachable('unreachable'));
      sent.push(`delete ${id}`);
      return Promise.resolve();
    },
    saveCustomers: () => Promise.resolve(null),
  };
  return {
    transport,
    uploads,
    documents,
    sent,
    setDown: (value: boolean) => void (down = value),
    onUpload: (run: () => void) => void (beforeUpload = run),
  };
}

const classify = (error: unknown): FailureFacts => ({
  transient: error instanceof Unreachable || error instanceof LostAnswer,
  unreachable: error instanceof Unreachable,
  outcomeUnknown: error instanceof LostAnswer,
  notFound: false,
  message: error instanceof Error ? error.message : String(error),
});

describe('the outbox replayer', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let outbox: Outbox;
  let service: ReturnType<typeof fakeService>;
  let changes: OutboxChange[];
  let delivered: OutboxItem[];
  let progress: Array<[string, number, number]>;
  const replayerFor = () =>
    createOutboxReplayer({
      outbox,
      transport: service.transport,
      classify,
      logger: silentLogger,
      onChange: (change) => changes.push(change),
      onDelivered: (item) => delivered.push(item),
      onProgress: (item, sentBytes, total) => progress.push([item.id, sentBytes, total]),
    });
  /** An upload whose bytes are a copy kept in the outbox's own folder. */
  const keptUpload = (id: string, fileName = 'passport.pdf'): UploadPayload => {
    mkdirSync(outbox.filesDir, { recursive: true });
    const path = outboxCopyPath(outbox.filesDir, id);
    writeFileSync(path, 'bytes');
    return {
      kind: 'document.upload',
      customer_external_id: 'C1',
      display_name: 'Passport',
      file_name: fileName,
      tag_codes: [],
      source: { type: 'file', path, size: 5, sha256: 'f' },
    };
  };

  beforeEach(() => {
    temp = makeTempDir();
    outbox = openOutbox(join(temp.path, 'outbox.db'), silentLogger);
    service = fakeService();
    changes = [];
    delivered = [];
    progress = [];
  });
  afterEach(() => {
    outbox.close();
    temp.remove();
  });

  it('queues a request once, however often it is made', () => {
    const replayer = replayerFor();
    const id = randomUUID();
    const first = replayer.enqueue({ kind: 'document.delete', id: 'doc-1', label: 'Passport' }, id);
    const again = replayer.enqueue({ kind: 'document.delete', id: 'doc-1' }, id);
    expect(again).toEqual(first);
    expect(outbox.list()).toHaveLength(1);
    expect(changes).toEqual([{ id, item: first }]);
  });

  it('sends each write once, tells what was delivered, and removes the kept copy (never an original)', async () => {
    const replayer = replayerFor();
    const uploadId = randomUUID();
    replayer.enqueue(keptUpload(uploadId), uploadId);
    const original = join(temp.path, 'original.pdf');
    writeFileSync(original, 'bytes');
    replayer.enqueue({
      ...keptUpload('unused'),
      file_name: 'original.pdf',
      source: { type: 'file', path: original, size: 5, sha256: 'f' },
    });
    replayer.enqueue({ kind: 'document.update', id: 'doc-9', display_name: 'Renamed' });

    expect(await replayer.replay()).toEqual({
      delivered: 3,
      failed: 0,
      stoppedBy: null,
      unreachable: false,
    });
    expect(await replayer.replay()).toEqual({
      delivered: 0,
      failed: 0,
      stoppedBy: null,
      unreachable: false,
    });
    expect(service.uploads.map((upload) => upload.file_name)).toEqual([
      'passport.pdf',
      'original.pdf',
    ]);
    expect(service.sent).toEqual(['update doc-9']);
    expect(delivered.map((item) => item.payload.kind)).toEqual([
      'document.upload',
      'document.upload',
      'document.update',
    ]);
    expect(delivered[0]?.result).toMatchObject({ id: 'doc-1', file_name: 'passport.pdf' });
    expect(progress).toContainEqual([uploadId, 5, 5]);
    expect(existsSync(outboxCopyPath(outbox.filesDir, uploadId))).toBe(false);
    expect(existsSync(original)).toBe(true);
    const states = changes.filter((change) => change.id === uploadId).map((c) => c.item?.state);
    expect(states).toEqual(['queued', 'sending', 'done']);
  });

  it('keeps writes while the service is down, in order, and sends them when it is back', async () => {
    const replayer = replayerFor();
    service.setDown(true);
    const id = randomUUID();
    replayer.enqueue(keptUpload(id), id);
    replayer.enqueue({ kind: 'document.delete', id: 'doc-3' });
    const offline = await replayer.replay();
    expect(offline).toEqual({
      delivered: 0,
      failed: 0,
      stoppedBy: 'unreachable',
      unreachable: true,
    });
    expect(outbox.get(id)).toMatchObject({ state: 'queued', lastError: 'unreachable' });
    expect(existsSync(outboxCopyPath(outbox.filesDir, id))).toBe(true);
    service.setDown(false);
    expect(await replayer.replay()).toEqual({
      delivered: 2,
      failed: 0,
      stoppedBy: null,
      unreachable: false,
    });
    expect(service.uploads).toHaveLength(1);
    expect(service.sent).toEqual(['delete doc-3']);
  });

  it('finds an upload a crash left “sending” that had arrived, instead of sending it again', async () => {
    const id = randomUUID();
    const payload = keptUpload(id);
    outbox.enqueue(payload, id);
    outbox.markSending(id);
    service.documents.push({
      id: 'doc-arrived',
      customer_external_id: 'C1',
      file_name: 'passport.pdf',
      created_at: Math.floor(Date.now() / 1000),
      file_size: 5,
    });
    expect(await replayerFor().replay()).toEqual({
      delivered: 0,
      failed: 0,
      stoppedBy: null,
      unreachable: false,
    });
    expect(service.uploads).toEqual([]);
    expect(outbox.get(id)).toMatchObject({ state: 'done', result: { id: 'doc-arrived' } });
    expect(delivered.map((item) => item.id)).toEqual([id]);
  });

  it('sends again, once, an upload a crash left “sending” that never arrived', async () => {
    const id = randomUUID();
    outbox.enqueue(keptUpload(id), id);
    outbox.markSending(id);
    const replayer = replayerFor();
    expect(await replayer.replay()).toEqual({
      delivered: 1,
      failed: 0,
      stoppedBy: null,
      unreachable: false,
    });
    expect(await replayer.replay()).toEqual({
      delivered: 0,
      failed: 0,
      stoppedBy: null,
      unreachable: false,
    });
    expect(service.uploads).toHaveLength(1);
  });

  it('does not send what was discarded while a run was going', async () => {
    const replayer = replayerFor();
    const first = randomUUID();
    const second = randomUUID();
    replayer.enqueue(keptUpload(first, 'first.pdf'), first);
    replayer.enqueue(keptUpload(second, 'second.pdf'), second);
    service.onUpload(() => {
      if (service.uploads.length === 0) expect(replayer.discard(second)).toBe(true);
    });
    await replayer.replay();
    expect(service.uploads.map((upload) => upload.file_name)).toEqual(['first.pdf']);
    expect(outbox.get(second)).toBeNull();
    expect(existsSync(outboxCopyPath(outbox.filesDir, second))).toBe(false);
  });

  it('keeps an upload whose answer was lost “sending” with the reason; it may be discarded then, not while it goes out', async () => {
    const replayer = replayerFor();
    const id = randomUUID();
    replayer.enqueue(keptUpload(id), id);
    service.onUpload(() => {
      expect(replayer.discard(id)).toBe(false);
      throw new LostAnswer('the connection dropped before the answer');
    });
    const report = await replayer.replay();
    expect(report.stoppedBy).toBe('the connection dropped before the answer');
    expect(outbox.get(id)).toMatchObject({
      state: 'sending',
      lastError: 'the connection dropped before the answer',
    });
    expect(replayer.discard(id)).toBe(true);
    expect(outbox.get(id)).toBeNull();
    expect(existsSync(outboxCopyPath(outbox.filesDir, id))).toBe(false);
    expect(changes.at(-1)).toEqual({ id, item: null });
  });

  it('sends a write queued during a run in the run that follows it', async () => {
    const replayer = replayerFor();
    const late = randomUUID();
    service.onUpload(() => {
      if (service.uploads.length === 0) {
        replayer.enqueue({ kind: 'document.delete', id: 'doc-late' }, late);
        void replayer.replay();
      }
    });
    const first = randomUUID();
    replayer.enqueue(keptUpload(first), first);
    const running = replayer.replay();
    const following = replayer.replay();
    await running;
    await following;
    expect(outbox.get(late)?.state).toBe('done');
    expect(service.sent).toEqual(['delete doc-late']);
  });

  it('removes copies no change waits for when the outbox opens', () => {
    const waiting = randomUUID();
    outbox.enqueue(keptUpload(waiting), waiting);
    const delivered = randomUUID();
    outbox.enqueue(keptUpload(delivered), delivered);
    outbox.markDone(delivered, null);
    writeFileSync(outboxCopyPath(outbox.filesDir, delivered), 'left by a crash');
    writeFileSync(outboxCopyPath(outbox.filesDir, randomUUID()), 'never queued');
    writeFileSync(`${outboxCopyPath(outbox.filesDir, waiting)}.partial`, 'half written');
    const removed = removeOrphanCopies(
      outbox.filesDir,
      (id) => {
        const item = outbox.get(id);
        return item !== null && item.state !== 'done';
      },
      silentLogger,
    );
    expect(removed).toBe(3);
    expect(readdirSync(outbox.filesDir)).toEqual([waiting]);
  });
});
