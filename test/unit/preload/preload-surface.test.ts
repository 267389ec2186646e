import { beforeAll, describe, expect, it, vi } from 'vitest';
import { contract, eventNames } from '../../../preload/contract';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../../preload/channels';

const electron = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoke: vi.fn((..._args: unknown[]) => Promise.resolve({ ok: true, value: null })),
  eventHandler: null as null | ((event: unknown, name: unknown, payload: unknown) => void),
  // As webUtils does: a path for a File, an exception for anything else.
  pathForFile: vi.fn((file: unknown) => {
    if (!(file instanceof File)) throw new TypeError('Expected a File');
    return `/home/analyst/Desktop/${file.name}`;
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

  it('exposes only window.casedesk and the dropped-file path helper', () => {
    expect([...electron.exposed.keys()]).toEqual(['casedesk', 'casedeskFiles']);
    const files = electron.exposed.get('casedeskFiles') as Record<string, unknown>;
    expect(Object.keys(files)).toEqual(['pathForFile']);
  });

  it('turns a dropped File into its path through webUtils, and passes its refusals on', () => {
    const files = electron.exposed.get('casedeskFiles') as {
      pathForFile: (file: unknown) => string;
    };
    const dropped = new File(['x'], 'passport.pdf');
    expect(files.pathForFile(dropped)).toBe('/home/analyst/Desktop/passport.pdf');
    expect(electron.pathForFile).toHaveBeenLastCalledWith(dropped);
    expect(() => files.pathForFile('/etc/passwd')).toThrow(TypeError);
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
