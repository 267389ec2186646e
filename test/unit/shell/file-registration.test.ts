import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REGISTER_FILE_CHANNEL } from '../../../preload/channels';
import { silentLogger } from '../../../main/lib/logger';
import { createStagingArea } from '../../../main/uploads/staging-area';
import { makeTempDir } from '../../support/temp-dir';

type Handler = (event: unknown, ...args: unknown[]) => Promise<unknown>;
const electron = vi.hoisted(() => ({ handlers: new Map<string, Handler>() }));

vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, handler: Handler) => electron.handlers.set(channel, handler),
    removeHandler: (channel: string) => electron.handlers.delete(channel),
  },
}));

// A window as the shell sees it: its contents and top frame, at CaseDesk's own address.
function fakeWindow(url = 'casedesk://app/index.html') {
  const mainFrame = { url };
  const webContents = { mainFrame };
  return { isDestroyed: () => false, webContents };
}

describe('registering a dropped file over the preload’s own message', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let dataDir = '';
  let dispose: () => void = () => undefined;
  const window = fakeWindow();
  const fromApp = { sender: window.webContents, senderFrame: window.webContents.mainFrame };
  const register = (event: unknown, path: unknown) => {
    const handler = electron.handlers.get(REGISTER_FILE_CHANNEL);
    if (!handler) throw new Error('no handler');
    return handler(event, path);
  };

  beforeEach(async () => {
    temp = makeTempDir();
    dataDir = join(temp.path, 'data');
    mkdirSync(dataDir);
    const { registerFileRegistration } = await import('../../../main/shell/file-registration');
    const staging = createStagingArea({
      folder: join(dataDir, 'staging'),
      dataDir,
      limitBytes: () => Promise.resolve(1024 * 1024),
      logger: silentLogger,
    });
    dispose = registerFileRegistration({
      staging,
      // The shell's window type; the handler reads only what the fake has.
      getWindow: () => window as never,
      logger: silentLogger,
    });
  });
  afterEach(() => {
    dispose();
    temp.remove();
  });

  it('answers a handle, not a path, for a file from the app’s own top frame', async () => {
    const path = join(temp.path, 'passport.pdf');
    writeFileSync(path, '%PDF-1.7');
    const answer = (await register(fromApp, path)) as { ok: boolean; value: { token: string } };
    expect(answer).toMatchObject({ ok: true, value: { fileName: 'passport.pdf', size: 8 } });
    expect(answer.value.token).toMatch(/^[a-f0-9]{32}$/);
    expect(JSON.stringify(answer)).not.toContain(temp.path);
  });

  it('refuses a subframe, another window and a page that navigated away', async () => {
    const path = join(temp.path, 'passport.pdf');
    writeFileSync(path, '%PDF-1.7');
    const other = fakeWindow();
    const navigated = fakeWindow('https://evil.example/');
    for (const event of [
      { sender: window.webContents, senderFrame: { url: 'casedesk://app/index.html' } },
      { sender: other.webContents, senderFrame: other.webContents.mainFrame },
      { sender: window.webContents, senderFrame: navigated.webContents.mainFrame },
    ])
      expect(await register(event, path)).toMatchObject({
        ok: false,
        error: { code: 'forbidden_sender' },
      });
  });

  it('refuses CaseDesk’s own files and anything that is not a path', async () => {
    const own = join(dataDir, 'profiles.json');
    writeFileSync(own, '{}');
    expect(await register(fromApp, own)).toMatchObject({
      ok: false,
      error: {
        code: 'invalid_input',
        message: expect.stringMatching(/CaseDesk's own files/) as string,
      },
    });
    for (const path of [42, '', { path: '/etc/passwd' }])
      expect(await register(fromApp, path)).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
  });

  it('is gone once disposed', () => {
    dispose();
    expect(electron.handlers.has(REGISTER_FILE_CHANNEL)).toBe(false);
  });
});
