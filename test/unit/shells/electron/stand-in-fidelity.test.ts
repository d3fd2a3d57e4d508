// The stand-in proves nothing only it believes: a page loads through the handler the app registered for its scheme
// (none: the load fails as Chromium's does), its origin comes from that scheme's registration, and IPC arguments and
// answers cross by structured clone, as Electron sends them.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { registerIpcHandlers } from '../../../../main/shells/electron/ipc.ts';
import { electron, FakeBrowserWindow, loadedAppWindow, resetElectron } from './stand-in.ts';

vi.mock('electron', async () => (await import('./stand-in.ts')).electron);

beforeEach(() => resetElectron());

describe('loading a page', () => {
  it('goes through the app protocol’s own handler, whose answer is the page (with its CSP)', async () => {
    const window = await loadedAppWindow();
    expect(window.webContents.page).toMatchObject({ status: 200, contentType: 'text/html; charset=utf-8' });
    expect(window.webContents.page?.body).toContain('<title>Fulfillment Station</title>');
    expect(window.webContents.mainFrame.origin).toBe('station://app');
  });

  it('a scheme nobody handles fails the load as Chromium does, and the frame keeps no app origin', async () => {
    electron.protocol.registerSchemesAsPrivileged([{ scheme: 'station', privileges: { standard: true } }]);
    await electron.app.becomeReady();
    const window = new FakeBrowserWindow({ show: false });
    const failed = vi.fn();
    window.webContents.on('did-fail-load', failed);
    await expect(window.loadURL('station://app/index.html')).rejects.toThrow(
      "ERR_UNKNOWN_URL_SCHEME (-302) loading 'station://app/index.html'",
    );
    expect(failed).toHaveBeenCalledWith({}, -302, expect.any(String), 'station://app/index.html', true);
    expect(window.webContents.mainFrame.origin).toBe('null');
  });

  it('a second handler for one scheme is refused, as Electron refuses it', async () => {
    await loadedAppWindow();
    expect(() => electron.protocol.handle('station', async () => new Response(''))).toThrow(
      'Failed to register protocol: station',
    );
  });
});

describe('IPC from the page', () => {
  async function boundPage() {
    const window = await loadedAppWindow();
    const received: unknown[] = [];
    const sent = { kept: new Date(0) };
    registerIpcHandlers({
      ipcMain: electron.ipcMain as never,
      station: async () => ({
        invoke: async (_channel: string, input: unknown) => {
          received.push(input);
          return { ok: true as const, value: sent };
        },
      }),
      window: () => window as never,
    });
    electron.bindPage(window);
    return { received, sent };
  }

  it('arrives in main as a structured clone: a copy, prototypes dropped, dates kept', async () => {
    const { received, sent } = await boundPage();
    class Forged {
      count = 3;
      get role() {
        return 'admin';
      }
    }
    const input = { params: { id: 'o-1' }, extra: new Forged(), at: new Date(0) };
    const answer = (await electron.ipcRenderer.invoke('orders:get', input)) as { value: unknown };
    expect(received).toHaveLength(1);
    expect(received[0]).not.toBe(input);
    expect(received[0]).toEqual({ params: { id: 'o-1' }, extra: { count: 3 }, at: new Date(0) });
    expect(Object.getPrototypeOf((received[0] as { extra: unknown }).extra)).toBe(Object.prototype);
    // The answer crosses back the same way.
    expect(answer.value).toEqual(sent);
    expect(answer.value).not.toBe(sent);
  });

  it('a value that cannot be cloned (a function) never reaches main', async () => {
    const { received } = await boundPage();
    await expect(electron.ipcRenderer.invoke('orders:get', { params: { id: () => 'o-1' } })).rejects.toThrow(
      'An object could not be cloned.',
    );
    expect(received).toEqual([]);
  });
});
