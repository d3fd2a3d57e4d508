// The bridge answers only this run's page: its session cookie (from a one-time address), a loopback Host and the shell's own Origin, JSON within a limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoke, type ShellRig, send, startShellRig } from './harness.ts';

let rig: ShellRig;
beforeAll(async () => {
  rig = await startShellRig();
});
afterAll(async () => {
  await rig.close();
});

describe('the browser shell bridge', () => {
  it('answers a call that carries this run’s page session, as an IpcResult', async () => {
    const answer = await invoke(rig, 'app:info');
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ ok: true, value: { shell: 'browser', training: true } });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('refuses a call without the page session, or with a wrong one, with 401', async () => {
    const without = await invoke(rig, 'app:info', undefined, { cookie: '' });
    expect(without.status).toBe(401);
    expect(without.json()).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    const wrong = await invoke(rig, 'app:info', undefined, {
      cookie: `${rig.cookie.slice(0, -1)}${rig.cookie.endsWith('A') ? 'B' : 'A'}`,
    });
    expect(wrong.status).toBe(401);
    const events = await send(rig.port, { path: '/bridge/events' });
    expect(events.status).toBe(401);
  });

  it('opens the page once per printed address: the code sets an HttpOnly, SameSite=Strict cookie and is then void', async () => {
    const address = new URL(rig.app.shell.newAddress());
    expect(address.search).toMatch(/^\?code=[\w-]{20,}$/);
    expect(address.href).not.toContain(rig.cookie.split('=')[1]);
    const first = await send(rig.port, { path: `/${address.search}` });
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/');
    expect(first.headers['set-cookie']?.[0]).toMatch(
      /^station-session-\d+=[\w-]+; HttpOnly; SameSite=Strict; Path=\/$/,
    );
    expect(String(first.headers['set-cookie']?.[0]).split(';')[0]).toBe(rig.cookie);
    // Read from a process list and tried again by someone else: it opens nothing.
    const again = await send(rig.port, { path: `/${address.search}` });
    expect(again.status).toBe(401);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.json().error?.message).toContain('each address opens it once');
    // The page that holds the session may open the spent address again (a reload): it just goes to the station.
    const reload = await send(rig.port, { path: `/${address.search}`, headers: { cookie: rig.cookie } });
    expect([reload.status, reload.headers.location]).toEqual([303, '/']);
    expect((await send(rig.port, { path: '/?code=guess' })).status).toBe(401);
  });

  it('refuses a foreign Host (a DNS-rebinding page) even with the page session', async () => {
    for (const host of ['evil.example', `evil.example:${rig.port}`, '127.0.0.1:1', `192.168.1.5:${rig.port}`]) {
      const answer = await invoke(rig, 'app:info', undefined, { host });
      expect([host, answer.status]).toEqual([host, 403]);
    }
    const page = await send(rig.port, { path: '/', headers: { host: 'evil.example' } });
    expect(page.status).toBe(403);
  });

  it('refuses a call from another page’s Origin, even another port on this computer', async () => {
    for (const origin of [
      'https://evil.example',
      'http://127.0.0.1:1',
      'null',
      `http://127.0.0.1:${rig.port}.evil.example`,
    ]) {
      const answer = await invoke(rig, 'app:info', undefined, { origin });
      expect([origin, answer.status, answer.json().error?.code]).toEqual([origin, 403, 'forbidden_origin']);
    }
    const localhost = await invoke(rig, 'app:info', undefined, {
      origin: `http://localhost:${rig.port}`,
      host: `localhost:${rig.port}`,
    });
    expect(localhost.status).toBe(200);
  });

  it('takes JSON only, within its size limit, as { input }', async () => {
    const form = await invoke(rig, 'app:info', undefined, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const base = { 'content-type': 'application/json', cookie: rig.cookie };
    const broken = await send(rig.port, {
      method: 'POST',
      path: '/bridge/invoke/app:info',
      headers: base,
      body: '{"input":',
    });
    expect(broken.status).toBe(400);
    const extra = await send(rig.port, {
      method: 'POST',
      path: '/bridge/invoke/app:info',
      headers: base,
      body: '{"input":null,"x":1}',
    });
    expect(extra.status).toBe(400);
    const huge = await send(rig.port, {
      method: 'POST',
      path: '/bridge/invoke/session:signIn',
      headers: base,
      body: JSON.stringify({ input: { email: 'a@b.example', password: 'x'.repeat(2 * 1024 * 1024) } }),
    });
    expect(huge.status).toBe(413);
    const get = await send(rig.port, { path: '/bridge/invoke/app:info', headers: { cookie: rig.cookie } });
    expect(get.status).toBe(405);
  });

  it('passes unknown channels and bad input on to the station’s own refusals', async () => {
    expect((await invoke(rig, 'orders:destroy')).json()).toMatchObject({
      ok: false,
      error: { code: 'unknown_channel' },
    });
    const bad = await invoke(rig, 'session:signIn', { email: 'nope', password: 'x' });
    expect(bad.json()).toMatchObject({ ok: false, error: { code: 'invalid_input', details: [{ field: 'email' }] } });
    expect((await invoke(rig, 'orders:list')).json()).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
  });
});
