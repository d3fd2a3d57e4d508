// IPC in main: exactly one handler per contract channel, each refusing foreign senders, and station events sent on.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { channelNames, eventNames, type IpcResult } from '../../../../contract/ipc.ts';
import { forwardStationEvents, registerIpcHandlers } from '../../../../main/shells/electron/ipc.ts';
import { electron, FakeBrowserWindow, FakeWebContents, fakeFrame, loadedAppWindow, resetElectron } from './stand-in.ts';

vi.mock('electron', async () => (await import('./stand-in.ts')).electron);

async function setUp() {
  const window = await loadedAppWindow();
  const invoke = vi.fn(async (channel: string, input: unknown) => ({ ok: true as const, value: { channel, input } }));
  const unregister = registerIpcHandlers({
    ipcMain: electron.ipcMain as never,
    station: async () => ({ invoke }),
    window: () => window as never,
  });
  const call = (channel: string, event: object, input: unknown = undefined) => {
    const handler = electron.ipcMain.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    // Main's IPC handler answers an IpcResult (main/shells/electron/ipc.ts), never throwing across.
    return handler(event, input) as Promise<IpcResult<unknown>>;
  };
  const fromApp = () => ({ sender: window.webContents, senderFrame: window.webContents.mainFrame });
  return { window, invoke, unregister, call, fromApp };
}

beforeEach(() => resetElectron());

describe('IPC handlers', () => {
  it('registers exactly one handler per contract channel and nothing else', async () => {
    await setUp();
    const registered = electron.ipcMain.handle.mock.calls.map((call) => call[0]);
    expect([...registered].sort()).toEqual([...channelNames]);
    expect(new Set(registered).size).toBe(registered.length);
    expect(electron.ipcMain.on).not.toHaveBeenCalled();
  });

  it('hands a call from the app window’s main frame to the station on the same channel', async () => {
    const { call, invoke, fromApp } = await setUp();
    const answer = await call('orders:get', fromApp(), { params: { id: 'o-1' } });
    expect(invoke).toHaveBeenCalledWith('orders:get', { params: { id: 'o-1' } });
    expect(answer).toEqual({ ok: true, value: { channel: 'orders:get', input: { params: { id: 'o-1' } } } });
  });

  it('refuses a message from a subframe without invoking the station', async () => {
    const { call, invoke, window } = await setUp();
    const subframe = fakeFrame('station://app/index.html', 'station://app', window.webContents.mainFrame);
    const answer = await call('session:state', { sender: window.webContents, senderFrame: subframe });
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(invoke).not.toHaveBeenCalled();
  });

  it('refuses a main frame showing a foreign origin without invoking the station', async () => {
    const { call, invoke, window } = await setUp();
    window.webContents.mainFrame = fakeFrame('https://evil.example/', 'https://evil.example');
    const event = { sender: window.webContents, senderFrame: window.webContents.mainFrame };
    const answer = await call('session:signIn', event, { email: 'a@b.c', password: 'x' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(invoke).not.toHaveBeenCalled();
  });

  it('refuses a frame whose URL and origin disagree (an opaque origin on the app URL)', async () => {
    const { call, invoke, window } = await setUp();
    window.webContents.mainFrame = fakeFrame('station://app/index.html', 'null');
    await call('session:state', { sender: window.webContents, senderFrame: window.webContents.mainFrame });
    expect(invoke).not.toHaveBeenCalled();
  });

  it('refuses another webContents, a detached frame, a gone frame and a closed window', async () => {
    const { call, invoke, window } = await setUp();
    const other = new FakeWebContents();
    await call('session:state', { sender: other, senderFrame: other.mainFrame });
    await call('session:state', { sender: window.webContents, senderFrame: null });
    const stale = fakeFrame('station://app/index.html', 'station://app');
    await call('session:state', { sender: window.webContents, senderFrame: stale });
    window.webContents.mainFrame.detached = true;
    await call('session:state', { sender: window.webContents, senderFrame: window.webContents.mainFrame });
    window.webContents.mainFrame.detached = false;
    window.destroyed = true;
    await call('session:state', { sender: window.webContents, senderFrame: window.webContents.mainFrame });
    expect(invoke).not.toHaveBeenCalled();
  });

  it('a frame disposed while its call was on the way is refused, not thrown on', async () => {
    const { call, invoke, fromApp, window } = await setUp();
    const event = fromApp();
    window.webContents.mainFrame.disposed = true;
    expect(() => window.webContents.mainFrame.url).toThrow('Render frame was disposed before WebFrameMain');
    await expect(call('session:state', event)).resolves.toMatchObject({
      ok: false,
      error: { code: 'forbidden_sender' },
    });
    expect(invoke).not.toHaveBeenCalled();
  });

  it('a page on the app scheme that was never registered standard has the origin "null" and is refused', async () => {
    await electron.app.becomeReady();
    // Handled (so the page loads through its handler), but never registered as a standard scheme before ready.
    electron.protocol.handle('station', async () => new Response('<!doctype html>', { status: 200 }));
    const window = new FakeBrowserWindow({ show: false });
    await window.loadURL('station://app/index.html');
    expect(window.webContents.mainFrame.origin).toBe('null');
    const invoke = vi.fn();
    registerIpcHandlers({
      ipcMain: electron.ipcMain as never,
      station: async () => ({ invoke }),
      window: () => window as never,
    });
    const handler = electron.ipcMain.handlers.get('session:state')!;
    const answer = await handler({ sender: window.webContents, senderFrame: window.webContents.mainFrame }, undefined);
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(invoke).not.toHaveBeenCalled();
  });

  it('the refusal carries a code and a message and nothing of the request', async () => {
    const { call } = await setUp();
    const other = new FakeWebContents();
    const answer = await call('session:signIn', { sender: other, senderFrame: other.mainFrame }, { password: 'pw' });
    expect(Object.keys(answer.ok ? {} : answer.error).sort()).toEqual(['code', 'message']);
    expect(JSON.stringify(answer)).not.toContain('pw');
  });

  it('a station that throws answers an internal error without its message or stack', async () => {
    const window = await loadedAppWindow();
    registerIpcHandlers({
      ipcMain: electron.ipcMain as never,
      station: async () => ({
        invoke: async () => {
          throw new Error('token abc.def.ghi leaked');
        },
      }),
      window: () => window as never,
    });
    const handler = electron.ipcMain.handlers.get('session:state')!;
    const answer = await handler({ sender: window.webContents, senderFrame: window.webContents.mainFrame }, undefined);
    expect(answer).toEqual({ ok: false, error: { code: 'internal', message: expect.any(String) } });
    expect(JSON.stringify(answer)).not.toContain('abc.def.ghi');
  });

  it('a station that could not start answers station_unavailable', async () => {
    const window = await loadedAppWindow();
    registerIpcHandlers({
      ipcMain: electron.ipcMain as never,
      station: () => Promise.reject(new Error('disk full')),
      window: () => window as never,
    });
    const handler = electron.ipcMain.handlers.get('app:info')!;
    const answer = await handler({ sender: window.webContents, senderFrame: window.webContents.mainFrame }, undefined);
    expect(answer).toMatchObject({ ok: false, error: { code: 'station_unavailable' } });
  });

  it('unregistering removes every handler', async () => {
    const { unregister } = await setUp();
    unregister();
    expect(electron.ipcMain.handlers.size).toBe(0);
  });
});

describe('station events', () => {
  function stationWithEvents() {
    let listener: ((event: string, payload: unknown) => void) | null = null;
    const unsubscribe = vi.fn();
    const station = {
      onEvent: (l: (event: string, payload: unknown) => void) => {
        listener = l;
        return unsubscribe;
      },
    };
    return { station, emit: (event: string, payload: unknown) => listener?.(event, payload), unsubscribe };
  }

  it('each contract event reaches the window’s page on the channel named after it', async () => {
    const window = await loadedAppWindow();
    const { station, emit } = stationWithEvents();
    forwardStationEvents(station, () => window as never);
    for (const event of eventNames) emit(event, { about: event });
    expect(window.webContents.sent).toEqual(eventNames.map((event) => ({ channel: event, payload: { about: event } })));
  });

  it('an event not in the contract is not sent', async () => {
    const window = await loadedAppWindow();
    const { station, emit } = stationWithEvents();
    forwardStationEvents(station, () => window as never);
    emit('tokens.leaked', { token: 'x' });
    expect(window.webContents.sent).toEqual([]);
  });

  it('nothing is sent while there is no window or after it is gone', async () => {
    const window = await loadedAppWindow();
    const { station, emit } = stationWithEvents();
    let current: FakeBrowserWindow | null = null;
    forwardStationEvents(station, () => current as never);
    emit('outbox.changed', {});
    current = window;
    window.webContents.destroyed = true;
    emit('outbox.changed', {});
    expect(window.webContents.sent).toEqual([]);
  });

  it('answers the station’s unsubscribe', () => {
    const { station, unsubscribe } = stationWithEvents();
    forwardStationEvents(station, () => null)();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });
});
