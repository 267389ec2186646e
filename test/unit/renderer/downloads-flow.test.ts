import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DownloadView, Result } from '../../../preload/contract';

// The download flow's questions, driven by what main answers: the store alone, with the bridge
// replaced by a scripted one.

type StartInput = {
  requestId: string;
  target: { kind: string; id: string };
  acknowledged: boolean;
};

const bridge = vi.hoisted(() => ({
  answers: [] as Array<(input: StartInput) => unknown>,
  calls: [] as StartInput[],
  listeners: [] as Array<(view: unknown) => void>,
}));

vi.mock('../../../renderer/src/lib/api', () => {
  const ok = <T>(value: T): Promise<Result<T>> => Promise.resolve({ ok: true, value });
  return {
    api: {
      downloads: {
        start: (input: StartInput) => {
          bridge.calls.push(input);
          const answer = bridge.answers.shift();
          if (!answer) throw new Error('no answer scripted');
          return ok(answer(input));
        },
        list: () => ok([]),
        onChanged: (listener: (view: unknown) => void) => {
          bridge.listeners.push(listener);
          return () => undefined;
        },
      },
      profiles: { onChanged: () => () => undefined },
    },
    unwrap: async <T>(pending: Promise<Result<T>>) => {
      const result = await pending;
      if (result.ok) return result.value;
      throw new Error(result.error.message);
    },
    errorMessage: (error: unknown) => (error instanceof Error ? error.message : 'failed'),
  };
});

const { useDownloads } = await import('../../../renderer/src/features/downloads/downloads-store');

const target = { kind: 'attachment' as const, id: 'att-1' };

const view = (input: StartInput, patch: Partial<DownloadView>): DownloadView => ({
  id: input.requestId,
  target: { kind: 'attachment', id: input.target.id },
  name: 'Rechnung.pdf.exe',
  state: 'running',
  warnings: [],
  received: 0,
  total: 135,
  path: null,
  externalUrl: null,
  error: null,
  startedAt: new Date().toISOString(),
  ...patch,
});

beforeEach(() => {
  bridge.answers = [];
  bridge.calls = [];
  useDownloads.setState({ downloads: [], starting: [], followed: [], prompt: null });
});

describe('the download flow', () => {
  it('warns first, then asks for a folder, then saves: each question once, in that order', async () => {
    const store = useDownloads.getState();
    bridge.answers.push(
      (input) =>
        view(input, { state: 'needs_confirmation', warnings: ['dangerous', 'executable'] }),
      (input) => view(input, { state: 'needs_folder', warnings: ['dangerous', 'executable'] }),
      (input) => view(input, { state: 'running' }),
    );

    await store.start(target, 'Rechnung.pdf.exe');
    expect(useDownloads.getState().prompt).toMatchObject({
      kind: 'confirm',
      warnings: ['dangerous', 'executable'],
    });
    expect(useDownloads.getState().downloads).toEqual([]);

    useDownloads.getState().confirm();
    await vi.waitFor(() => expect(useDownloads.getState().prompt?.kind).toBe('folder'));
    expect(bridge.calls[1]?.acknowledged).toBe(true);

    useDownloads.getState().folderSaved();
    await vi.waitFor(() => expect(useDownloads.getState().downloads).toHaveLength(1));
    // The warnings stay acknowledged across the folder question; every start is a new request.
    expect(bridge.calls[2]?.acknowledged).toBe(true);
    expect(new Set(bridge.calls.map((call) => call.requestId)).size).toBe(3);
    expect(useDownloads.getState().prompt).toBeNull();
    expect(useDownloads.getState().starting).toEqual([]);
  });

  it('cancelling the warning starts nothing', async () => {
    bridge.answers.push((input) =>
      view(input, { state: 'needs_confirmation', warnings: ['unverified'] }),
    );
    await useDownloads.getState().start(target, 'scan.pdf');
    useDownloads.getState().dismiss();
    expect(useDownloads.getState().prompt).toBeNull();
    expect(bridge.calls).toHaveLength(1);
    expect(useDownloads.getState().downloads).toEqual([]);
  });

  it('shows an external address that arrives after the start, and drops it from the tray', async () => {
    const { connectDownloads } =
      await import('../../../renderer/src/features/downloads/downloads-store');
    connectDownloads();
    let started: DownloadView | null = null;
    bridge.answers.push((input) => (started = view(input, { state: 'running' })));
    await useDownloads.getState().start({ kind: 'attachment', id: 'doc-9' }, 'report.pdf');
    expect(useDownloads.getState().downloads).toHaveLength(1);
    if (!started) throw new Error('not started');
    for (const listener of bridge.listeners)
      listener({
        ...(started as DownloadView),
        state: 'external',
        externalUrl: 'https://files.example.com/r.pdf',
      });
    expect(useDownloads.getState().prompt).toMatchObject({
      kind: 'external',
      url: 'https://files.example.com/r.pdf',
    });
    expect(useDownloads.getState().downloads).toEqual([]);
  });

  it('ignores an answer older than the changes that already arrived', async () => {
    const { connectDownloads } =
      await import('../../../renderer/src/features/downloads/downloads-store');
    connectDownloads();
    bridge.answers.push((input) => {
      // main reports the download saved before the start call's answer is read
      const saved = view(input, { state: 'saved', received: 135, path: '/tmp/x' });
      for (const listener of bridge.listeners) listener(saved);
      return view(input, { state: 'running' });
    });
    await useDownloads.getState().start(target, 'Rechnung.pdf.exe');
    expect(useDownloads.getState().downloads.map((entry) => entry.state)).toEqual(['saved']);
  });

  it('says why a download could not start', async () => {
    bridge.answers.push(() => {
      throw new Error('This attachment is not in the offline cache; sync, then download it.');
    });
    await useDownloads.getState().start(target, 'scan.pdf');
    expect(useDownloads.getState().prompt).toMatchObject({
      kind: 'error',
      message: expect.stringContaining('not in the offline cache') as unknown,
    });
  });
});
