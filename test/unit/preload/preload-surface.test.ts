import { beforeAll, describe, expect, it, vi } from 'vitest';
import { contract, eventNames } from '../../../preload/contract';
import { EVENT_CHANNEL, INVOKE_CHANNEL, REGISTER_FILE_CHANNEL } from '../../../preload/channels';

const electron = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoke: vi.fn((...args: unknown[]) =>
    Promise.resolve(
      args[0] === REGISTER_FILE_CHANNEL
        ? { ok: true, value: { token: 'c'.repeat(32), fileName: 'passport.pdf', size: 1 } }
        : { ok: true, value: null },
    ),
  ),
  eventHandler: null as null | ((event: unknown, name: unknown, payload: unknown) => void),
  // As webUtils does: a path for a File on disk, empty for one a script made, an exception for
  // anything else.
  pathForFile: vi.fn((file: unknown) => {
    if (!(file instanceof File)) throw new TypeError('Expected a File');
    return file.name.startsWith('made-') ? '' : `/home/analyst/Desktop/${file.name}`;
  }),
}));

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, api: unknown) => electron.exposed.set(key, api),
  },
  webUtils: { getPathForFile: electron.pathForFile },
  ipcRenderer: {
    invoke: electron.invoke,
    on: (channel: string, handler: (event: unknown, name: unknown, payload: unknown) => void) => {
      if (channel === EVENT_CHANNEL) electron.eventHandler = handler;
    },
  },
}));

type Api = Record<string, Record<string, (...args: unknown[]) => unknown>>;

describe('preload script', () => {
  let api: Api;
  beforeAll(async () => {
    await import('../../../preload/index');
    api = electron.exposed.get('casedesk') as Api;
  });

  it('exposes only window.casedesk and the dropped-file registration', () => {
    expect([...electron.exposed.keys()]).toEqual(['casedesk', 'casedeskFiles']);
    const files = electron.exposed.get('casedeskFiles') as Record<string, unknown>;
    expect(Object.keys(files)).toEqual(['register']);
  });

  it('registers a dropped File with main by its path from webUtils, and gives the window only the handle', async () => {
    const files = electron.exposed.get('casedeskFiles') as {
      register: (file: unknown) => Promise<unknown>;
    };
    const dropped = new File(['x'], 'passport.pdf');
    const answer = await files.register(dropped);
    expect(electron.pathForFile).toHaveBeenLastCalledWith(dropped);
    expect(electron.invoke).toHaveBeenLastCalledWith(
      REGISTER_FILE_CHANNEL,
      '/home/analyst/Desktop/passport.pdf',
    );
    expect(answer).toEqual({
      ok: true,
      value: { token: 'c'.repeat(32), fileName: 'passport.pdf', size: 1 },
    });
    expect(JSON.stringify(answer)).not.toContain('/home/analyst');
    // A path is no File: webUtils refuses it, and nothing reaches main.
    electron.invoke.mockClear();
    await expect(files.register('/etc/passwd')).rejects.toThrow(TypeError);
    // A File a script made is on no disk: null, and nothing reaches main.
    expect(await files.register(new File(['x'], 'made-by-script.pdf'))).toBeNull();
    expect(electron.invoke).not.toHaveBeenCalled();
  });

  it('exposes exactly the contract: its methods and one subscription per event, nothing else', () => {
    const expected = Object.fromEntries(
      Object.entries(contract).map(([domain, methods]) => [
        domain,
        [
          ...Object.keys(methods),
          ...eventNames
            .filter((name) => name.startsWith(`${domain}.`))
            .map(
              (name) =>
                `on${name.slice(domain.length + 1, domain.length + 2).toUpperCase()}${name.slice(domain.length + 2)}`,
            ),
        ].sort(),
      ]),
    );
    const actual = Object.fromEntries(
      Object.entries(api).map(([domain, methods]) => [domain, Object.keys(methods).sort()]),
    );
    expect(actual).toEqual(expected);
    expect(JSON.stringify(actual)).not.toMatch(/invoke|ipcRenderer|send/i);
  });

  it('sends each method over the one invoke channel with its contract name', async () => {
    await api.profiles!.save!({ name: 'x' });
    await api.app!.info!();
    expect(electron.invoke).toHaveBeenCalledWith(INVOKE_CHANNEL, 'profiles.save', { name: 'x' });
    expect(electron.invoke).toHaveBeenCalledWith(INVOKE_CHANNEL, 'app.info', undefined);
  });

  it('delivers events to subscribers until they unsubscribe', () => {
    const seen: unknown[] = [];
    const unsubscribe = api.profiles!.onChanged!((payload: unknown) =>
      seen.push(payload),
    ) as () => void;
    electron.eventHandler?.({}, 'profiles.changed', { activeProfileId: 'a' });
    electron.eventHandler?.({}, 'other.event', { activeProfileId: 'x' });
    unsubscribe();
    electron.eventHandler?.({}, 'profiles.changed', { activeProfileId: 'b' });
    expect(seen).toEqual([{ activeProfileId: 'a' }]);
  });
});
