// How the station connects to the pharmacy's NATS: the options built once from what IT gave it. The secret from the
// keychain is either a password (a named user) or the station's nkey seed (`relay -- init`'s `stations/<id>.nk`),
// which signs the server's challenge and never travels. A `tls://` server in `eventsRelayServers` demands TLS: the
// client is given `tls` (a `tls://` URL alone connects in plaintext), and a server that does not offer it is refused
// with a message naming the setting. Replies come to the station's own inbox prefix, all its permissions allow.
import { type ConnectionOptions, connect, type NatsConnection, nkeyAuthenticator } from '@nats-io/transport-node';
import { inboxPrefixOf } from '../../contract/pharmacy-link.ts';

export interface NatsLogin {
  servers: string[];
  /** The station's id on the link (its user name, its inbox prefix). */
  stationId: string;
  /** The keychain's secret: a password, or an nkey user seed (`SU…`). */
  secret: string | null;
  /** The pharmacy's CA (PEM) the server's certificate is checked against; absent: Node's own list. */
  tlsCa?: string;
}

const NKEY_USER_SEED = /^SU[A-Z2-7]{56}$/;
const TLS_SETTING = 'eventsRelayServers (tls://)';

/** Whether the keychain's secret is an nkey user seed (IT's link, `relay -- init`) rather than a password. */
export function isNkeySeed(secret: string | null): boolean {
  return NKEY_USER_SEED.test(secret?.trim() ?? '');
}

/** The connect options, or an Error naming the setting when they are not coherent. */
export function natsConnectOptions(login: NatsLogin, name: string): ConnectionOptions {
  const wantsTls = login.servers.map((server) => server.trim().toLowerCase().startsWith('tls://'));
  if (wantsTls.some(Boolean) && !wantsTls.every(Boolean))
    throw new Error(`${TLS_SETTING}: either every NATS server is tls:// or none is`);
  const secret = login.secret?.trim() ?? '';
  const auth: Partial<ConnectionOptions> = NKEY_USER_SEED.test(secret)
    ? { authenticator: nkeyAuthenticator(new TextEncoder().encode(secret)) }
    : { user: login.stationId, ...(secret !== '' ? { pass: secret } : {}) };
  return {
    servers: login.servers,
    name,
    ...auth,
    ...(wantsTls[0] ? { tls: login.tlsCa ? { ca: login.tlsCa } : {} } : {}),
    inboxPrefix: inboxPrefixOf(login.stationId),
  };
}

/** Connects with `natsConnectOptions` plus `extra`; a plaintext server where TLS is demanded is named as such. */
export async function connectStationNats(
  login: NatsLogin,
  name: string,
  extra: Partial<ConnectionOptions>,
): Promise<NatsConnection> {
  const options = { ...natsConnectOptions(login, name), ...extra };
  try {
    return await connect(options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (options.tls && /does not support 'tls'/.test(message))
      throw new Error(`the NATS server does not offer TLS, which ${TLS_SETTING} demands: not connected`);
    throw error;
  }
}
