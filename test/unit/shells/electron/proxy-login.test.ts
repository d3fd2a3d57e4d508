// A proxy asking for a password: the app's `login` event is answered from the keychain, else from a prompt whose form
// comes back through the app protocol, and what was typed goes to the keychain; refused credentials are asked again;
// a server (not a proxy) asking is left to Electron's default, which cancels.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import { createMemorySecretStore, type SecretStore } from '../../../../main/service/session/index.ts';
import { createProxyLogin } from '../../../../main/shells/electron/proxy-login.ts';
import { startProxyLogin } from '../../../../main/shells/electron/proxy-prompt.ts';
import { electron, FakeBrowserWindow, resetElectron } from './stand-in.ts';

vi.mock('electron', async () => (await import('./stand-in.ts')).electron);

const proxy = { isProxy: true, scheme: 'basic', host: 'proxy.pharmacy.example', port: 3128, realm: 'Pharmacy proxy' };
const log = createLogger({ scope: 'proxy', write: () => {} });
let secrets: SecretStore;
let prompts: { url: string; closed: () => void; open: boolean }[];

function login(handler: ReturnType<typeof createProxyLogin>, authInfo = proxy) {
  const event = { preventDefault: vi.fn() };
  const answered = new Promise<[string?, string?]>((resolve) => {
    handler.onLogin(event as never, null, {}, authInfo as never, (username, password) => resolve([username, password]));
  });
  return { event, answered };
}

function setUp() {
  return createProxyLogin({
    secrets: async () => secrets,
    openPrompt: (url, closed) => {
      const prompt = { url, closed, open: true };
      prompts.push(prompt);
      return { close: () => (prompt.open = false) };
    },
    log,
  });
}
const app404 = async () => new Response('app', { status: 404 });

beforeEach(() => {
  resetElectron();
  secrets = createMemorySecretStore();
  prompts = [];
});

describe('a proxy that asks for a password', () => {
  it('prompts, answers with what was typed and keeps it in the keychain', async () => {
    const handler = setUp();
    const { event, answered } = login(handler);
    expect(event.preventDefault).toHaveBeenCalled();
    await expect.poll(() => prompts.length).toBe(1);
    const serve = handler.withPrompt(app404);
    const page = await (await serve(new Request(prompts[0]!.url))).text();
    expect(page).toContain('The proxy proxy.pharmacy.example:3128 asks for a password');
    expect(page).not.toContain('<script');
    const posted = await serve(
      new Request(prompts[0]!.url, {
        method: 'POST',
        body: new URLSearchParams({ username: 'pharm', password: 'pw-1' }),
      }),
    );
    expect(posted.status).toBe(200);
    expect(await answered).toEqual(['pharm', 'pw-1']);
    expect(prompts[0]!.open).toBe(false);
    expect(JSON.parse((await secrets.get('proxy:proxy.pharmacy.example:3128'))!)).toEqual({
      username: 'pharm',
      password: 'pw-1',
    });
  });

  it('answers from the keychain without a prompt; asked again (refused), it prompts', async () => {
    await secrets.set('proxy:proxy.pharmacy.example:3128', JSON.stringify({ username: 'pharm', password: 'old' }));
    const handler = setUp();
    expect(await login(handler).answered).toEqual(['pharm', 'old']);
    expect(prompts).toHaveLength(0);
    login(handler);
    await expect.poll(() => prompts.length).toBe(1);
  });

  it('a keychain entry out of shape (not JSON, or no password) is not answered with: it prompts', async () => {
    for (const kept of ['{"username": "pharm"', JSON.stringify({ username: 'pharm' })]) {
      await secrets.set('proxy:proxy.pharmacy.example:3128', kept);
      prompts = [];
      login(setUp());
      await expect.poll(() => prompts.length).toBe(1);
    }
  });

  it('a prompt closed without an answer cancels the request; an unknown prompt id gets nothing', async () => {
    const handler = setUp();
    const { answered } = login(handler);
    await expect.poll(() => prompts.length).toBe(1);
    prompts[0]!.closed();
    expect(await answered).toEqual([undefined, undefined]);
    const forged = await handler.withPrompt(app404)(
      new Request('station://app/proxy-login?id=guess', { method: 'POST', body: 'username=a&password=b' }),
    );
    expect(forged.status).toBe(404);
    expect(await secrets.get('proxy:proxy.pharmacy.example:3128')).toBeNull();
  });

  it('a web server asking (not a proxy) is left to Electron’s default, which cancels', () => {
    const { event } = login(setUp(), { ...proxy, isProxy: false });
    expect(event.preventDefault).not.toHaveBeenCalled();
  });

  it('in the app: listens to app `login`, and the prompt is a sandboxed window without script over the station', async () => {
    await electron.app.becomeReady();
    const station = new FakeBrowserWindow({ show: true });
    startProxyLogin(() => station as never, log);
    const event = { preventDefault: vi.fn() };
    electron.app.fire('login', event, null, {}, proxy, () => {});
    await expect.poll(() => FakeBrowserWindow.created.length).toBe(2);
    const prompt = FakeBrowserWindow.created[1]!;
    expect(prompt.options).toMatchObject({
      parent: station,
      modal: true,
      webPreferences: { sandbox: true, javascript: false },
    });
    expect(prompt.loadedUrls[0]).toMatch(/^station:\/\/app\/proxy-login\?id=/);
  });
});
