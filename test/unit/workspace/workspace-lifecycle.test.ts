import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/lib/logger';
import type { Workspace } from '../../../main/workspace/workspace';
import {
  createWorkspaceLifecycle,
  type WorkspaceLifecycle,
} from '../../../main/workspace/workspace-lifecycle';
import { createTokenGate } from '../../../main/workspace/token-gate';
import { makeTempDir } from '../../support/temp-dir';
import { activeProfile, profileView } from './active-profile';

describe('the workspace lifecycle', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let lifecycle: WorkspaceLifecycle | null = null;
  let heard: string[];

  const start = (active: ReturnType<typeof activeProfile>) => {
    const opened = createWorkspaceLifecycle({
      dataDir: temp.path,
      profiles: active.profiles,
      tokens: createTokenGate({ profiles: active.profiles }),
      logger: silentLogger,
      hooks: { onAuthFailure: () => undefined, onOutboxChange: () => undefined },
    });
    opened.listen({
      leaving: () => {
        heard.push('leaving');
      },
      closed: () => heard.push('closed'),
      opened: (space) => heard.push(`opened ${space.profileId} ${space.baseUrl}`),
    });
    lifecycle = opened;
    return opened;
  };
  const isOpen = (space: Workspace) => space.db.open;

  beforeEach(() => {
    temp = makeTempDir('casedesk-lifecycle-');
    heard = [];
  });
  afterEach(async () => {
    await lifecycle?.close();
    lifecycle = null;
    temp.remove();
  });

  it('opens the active profile’s workspace once, however many ask at the same time', async () => {
    const workspaces = start(activeProfile());
    expect(workspaces.workspace()).toBeNull();
    const [first, second, third] = await Promise.all([
      workspaces.current(),
      workspaces.require(),
      workspaces.current(),
    ]);
    expect(first).not.toBeNull();
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(workspaces.workspace()).toBe(first);
    expect(heard).toEqual(['leaving', 'closed', 'opened p-1 http://127.0.0.1:9']);
  });

  it('opens the active profile’s cache without its token (kept in memory, before a restart), and calls nothing', async () => {
    const active = activeProfile();
    active.setToken(null);
    const workspaces = start(active);
    const space = await workspaces.require();
    expect(space.profileId).toBe('p-1');
    expect(isOpen(space)).toBe(true);
    expect(space.db.prepare('SELECT COUNT(*) AS n FROM alerts').get()).toEqual({ n: 0 });
    // A call needs the token: it fails as an authentication failure before anything is sent.
    await expect(space.client.alerts.search({ limit: 1 })).rejects.toMatchObject({
      kind: 'auth',
      status: null,
    });
    // The token entered again: the same workspace goes on with it.
    active.setToken('n3w-t0ken');
    expect(await workspaces.current()).toBe(space);
  });

  it('keeps the workspace while the profile, its address and its trust stay the same', async () => {
    const active = activeProfile();
    const workspaces = start(active);
    const first = await workspaces.current();
    // Another edit of the profile (its name, its scope) does not reopen it.
    active.choose(
      profileView({ name: 'Renamed', syncScope: { ...profileView().syncScope, states: [2] } }),
    );
    expect(await workspaces.current()).toBe(first);
    expect(heard.filter((event) => event.startsWith('opened'))).toHaveLength(1);
  });

  it('closes the workspace and opens it afresh when the address changes, or another profile is chosen', async () => {
    const active = activeProfile();
    const workspaces = start(active);
    const first = await workspaces.require();

    active.choose(profileView({ baseUrl: 'http://127.0.0.1:10' }));
    heard = [];
    const moved = await workspaces.require();
    expect(moved).not.toBe(first);
    expect(isOpen(first)).toBe(false);
    expect(isOpen(moved)).toBe(true);
    expect(heard).toEqual(['leaving', 'closed', 'opened p-1 http://127.0.0.1:10']);

    active.choose(profileView({ id: 'p-2', baseUrl: 'http://127.0.0.1:10' }));
    const other = await workspaces.require();
    expect(other.profileId).toBe('p-2');
    expect(other.folder).not.toBe(moved.folder);
    expect(isOpen(moved)).toBe(false);
  });

  it('waits for what runs on the workspace before closing it', async () => {
    const active = activeProfile();
    const workspaces = start(active);
    const first = await workspaces.require();
    let finish: () => void = () => undefined;
    const stillRunning = new Promise<void>((resolve) => {
      finish = resolve;
    });
    workspaces.listen({ leaving: () => stillRunning });

    active.choose(profileView({ id: 'p-2' }));
    const switching = workspaces.current();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isOpen(first)).toBe(true);
    // Asked again meanwhile: the same switch, not a second one.
    const again = workspaces.current();
    finish();
    const [next, same] = await Promise.all([switching, again]);
    expect(same).toBe(next);
    expect(next?.profileId).toBe('p-2');
    expect(isOpen(first)).toBe(false);
    expect(heard.filter((event) => event.startsWith('opened'))).toHaveLength(2);
  });

  it('with no active profile, closes what was open and says clearly that there is none', async () => {
    const active = activeProfile();
    const workspaces = start(active);
    const first = await workspaces.require();

    active.choose(null);
    expect(await workspaces.current()).toBeNull();
    expect(isOpen(first)).toBe(false);
    expect(workspaces.workspace()).toBeNull();
    await expect(workspaces.require()).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringMatching(/no active profile/) as unknown,
    });
  });

  it('closes for good: the workspace is closed and listeners hear it', async () => {
    const workspaces = start(activeProfile());
    const first = await workspaces.require();
    heard = [];
    await workspaces.close();
    expect(isOpen(first)).toBe(false);
    expect(workspaces.workspace()).toBeNull();
    expect(heard).toEqual(['leaving', 'closed']);
  });
});
