// How the station connects to the pharmacy's NATS: the options built once from what IT gave it, for the record, the
// relay consumer and the audit check alike. The station signs in with its record key when the machine policy set the
// link up (the key its enrolment code shows: `relay -- enrol` makes it a NATS user too), else with the keychain's
// secret: a password (a named user) or an nkey seed from `relay -- init` (`stations/<id>.nk`). Either key signs the
// server's challenge and never travels. TLS is demanded by a `tls://` server in `eventsRelayServers` or by the machine
// policy (`tlsRequiredBy` names the setting): the client is given `tls` (a URL alone connects in plaintext), and a
// server that does not offer it is refused with a message naming the setting. Replies come to the station's own
// inbox prefix, all its permissions allow.
import {
  type ConnectionOptions,
  connect,
  type NatsConnection,
  nkeyAuthenticator,
  nkeys,
} from '@nats-io/transport-node';
import { inboxPrefixOf } from '../../contract/pharmacy-link.ts';
import type { StationKey } from '../../kits/signed-facts/signed-facts.ts';

export interface NatsLogin {
  servers: string[];
  /** The station's id on the link (its user name, its inbox prefix). */
  stationId: string;
  /** The keychain's secret: a password, or an nkey user seed (`SU…`). Unused when `signer` is given. */
  secret: string | null;
  /** The station's record key, its NATS login when the machine policy set the link up. */
  signer?: StationKey;
  /** The pharmacy's CA (PEM) the server's certificate is checked against; absent: Node's own list. */
  tlsCa?: string;
  /** The setting that demands TLS whatever the servers' URLs say (the machine policy's), named when refused. */
  tlsRequiredBy?: string;
}

/** What a station's relay settings give to sign in with (`RelayAccess`, relay-consumer.ts). */
export interface StationNatsAccess {
  servers: string[];
  user: string;
  password: () => Promise<string | null>;
  tlsCa?: string;
  tlsRequiredBy?: string;
  stationKey?: () => Promise<StationKey>;
}

/** The NATS login of `access`: the record key when the policy set the link up, else the keychain's secret. */
export async function natsLoginOf(access: StationNatsAccess): Promise<NatsLogin> {
  const { servers, user, tlsCa, tlsRequiredBy, stationKey } = access;
  return {
    servers,
    stationId: user,
    secret: stationKey ? null : await access.password(),
    ...(stationKey ? { signer: await stationKey() } : {}),
    ...(tlsCa ? { tlsCa } : {}),
    ...(tlsRequiredBy ? { tlsRequiredBy } : {}),
  };
}

const NKEY_USER_SEED = /^SU[A-Z2-7]{56}$/;
const TLS_SETTING = 'eventsRelayServers (tls://)';

/** Whether the keychain's secret is an nkey user seed (IT's link, `relay -- init`) rather than a password. */
export function isNkeySeed(secret: string | null): boolean {
  return NKEY_USER_SEED.test(secret?.trim() ?? '');
}

/** Signs the server's challenge with the station's key (its seed stays where the key keeps it). */
function keyAuthenticator(key: StationKey) {
  return (nonce?: string) => ({
    nkey: key.publicKey,
    sig: nonce ? nkeys.encode(key.sign(new TextEncoder().encode(nonce))) : '',
  });
}

function authOf(login: NatsLogin): Partial<ConnectionOptions> {
  if (login.signer) return { authenticator: keyAuthenticator(login.signer) };
  const secret = login.secret?.trim() ?? '';
  return NKEY_USER_SEED.test(secret)
    ? { authenticator: nkeyAuthenticator(new TextEncoder().encode(secret)) }
    : { user: login.stationId, ...(secret !== '' ? { pass: secret } : {}) };
}

/** The setting that demands TLS for this login, or null when none does. */
export function tlsDemandedBy(login: Pick<NatsLogin, 'servers' | 'tlsRequiredBy'>): string | null {
  const wantsTls = login.servers.map((server) => server.trim().toLowerCase().startsWith('tls://'));
  if (login.tlsRequiredBy) return login.tlsRequiredBy;
  if (wantsTls.some(Boolean) && !wantsTls.every(Boolean))
    throw new Error(`${TLS_SETTING}: either every NATS server is tls:// or none is`);
  return wantsTls[0] ? TLS_SETTING : null;
}

/** The connect options, or an Error naming the setting when they are not coherent. */
export function natsConnectOptions(login: NatsLogin, name: string): ConnectionOptions {
  const tls = tlsDemandedBy(login) !== null;
  return {
    servers: login.servers,
    name,
    ...authOf(login),
    ...(tls ? { tls: login.tlsCa ? { ca: login.tlsCa } : {} } : {}),
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
      throw new Error(`the NATS server does not offer TLS, which ${tlsDemandedBy(login)} demands: not connected`);
    throw error;
  }
}
