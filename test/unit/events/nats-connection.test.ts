// The station's NATS connect options: its nkey seed signs in (the seed is never sent as a password), a tls:// server
// demands TLS with the pharmacy's CA, and servers that disagree about TLS are refused naming the setting.
import { nkeys } from '@nats-io/transport-node';
import { describe, expect, it } from 'vitest';
import { newStationSeed, stationKeyFromSeed } from '../../../kits/signed-facts/signed-facts.ts';
import { natsConnectOptions, natsLoginOf } from '../../../main/events/nats-connection.ts';

const seed = () => new TextDecoder().decode(nkeys.createUser().getSeed());

describe("the station's NATS login", () => {
  it('signs in with its nkey seed, never sending it as a password, and hears only its own inbox', () => {
    const options = natsConnectOptions(
      { servers: ['nats://n:4222'], stationId: 'station-3', secret: `${seed()}\n` },
      'x',
    );
    expect(options.authenticator).toBeTypeOf('function');
    expect(options).not.toHaveProperty('pass');
    expect(options).not.toHaveProperty('tls');
    expect(options.inboxPrefix).toBe('_INBOX_station-3');
  });

  it('keeps a named user with a password for a server set up the older way', () => {
    const options = natsConnectOptions({ servers: ['nats://n:4222'], stationId: 's3', secret: 'pw' }, 'x');
    expect(options).toMatchObject({ user: 's3', pass: 'pw' });
    expect(options).not.toHaveProperty('authenticator');
  });

  it('demands TLS for tls:// servers, checked against the pharmacy CA when it has one', () => {
    const login = { servers: ['tls://a:4222', 'TLS://b:4222'], stationId: 's3', secret: null };
    expect(natsConnectOptions(login, 'x').tls).toEqual({});
    expect(natsConnectOptions({ ...login, tlsCa: 'PEM' }, 'x').tls).toEqual({ ca: 'PEM' });
  });

  it('refuses servers that disagree about TLS, naming the setting', () => {
    const login = { servers: ['tls://a:4222', 'nats://b:4222'], stationId: 's3', secret: null };
    expect(() => natsConnectOptions(login, 'x')).toThrow(
      'eventsRelayServers (tls://): either every NATS server is tls:// or none is',
    );
  });

  it('signs in with its record key where the policy set the link up: the server checks the signature, no secret sent', async () => {
    const key = stationKeyFromSeed(newStationSeed());
    const access = { servers: ['tls://n:4222'], user: 'pharmacy-ws1', password: async () => 'never read' };
    const login = await natsLoginOf({ ...access, stationKey: async () => key });
    expect(login.secret).toBeNull();
    const options = natsConnectOptions(login, 'x');
    const auth = (options.authenticator as (nonce?: string) => { nkey: string; sig: string })('server-nonce');
    expect(auth.nkey).toBe(key.publicKey);
    const sig = Buffer.from(auth.sig, 'base64url');
    expect(nkeys.fromPublic(key.publicKey).verify(new TextEncoder().encode('server-nonce'), sig)).toBe(true);
  });

  it("demands TLS of a nats:// server when the policy does, naming the policy's setting", () => {
    const login = { servers: ['nats://a:4222'], stationId: 's3', secret: null, tlsCa: 'PEM' };
    const demanded = natsConnectOptions(
      { ...login, tlsRequiredBy: 'eventsRelayTlsRequired (the machine policy)' },
      'x',
    );
    expect(demanded.tls).toEqual({ ca: 'PEM' });
    expect(natsConnectOptions(login, 'x')).not.toHaveProperty('tls');
  });
});
