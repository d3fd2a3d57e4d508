// The nats-server configuration `relay -- init` writes: where it listens, JetStream's store, the monitoring port,
// the pharmacy's TLS and one nkey user per station, one for the relay and one for IT's admin step, each with the
// permissions of contract/pharmacy-link.ts. Only public keys go in it: the server holds no secret of a client.
import { type Permissions, relayPermissions, stationPermissions } from '../../contract/pharmacy-link.ts';

export interface LinkUser {
  /** The user's name, for the comment beside it. */
  name: string;
  role: 'station' | 'relay' | 'admin';
  /** The nkey user public key (`U…`). */
  publicKey: string;
}

export interface ServerConfigOptions {
  /** `host:port` clients dial (default `0.0.0.0:4222`). */
  listen: string;
  /** `host:port` of the monitoring endpoint (/varz, /jsz, /healthz); keep it on loopback or the admin LAN. */
  monitor: string;
  storeDir: string;
  /** Largest JetStream file store, e.g. `20GB`. */
  maxFileStore: string;
  /** Absolute paths of the server's certificate, its key and the pharmacy's CA; null: no TLS (a test only). */
  tls: { certFile: string; keyFile: string; caFile: string } | null;
  users: readonly LinkUser[];
}

const quote = (text: string) => JSON.stringify(text);
const list = (items: readonly string[]) => `[${items.map(quote).join(', ')}]`;

export function permissionsOf(user: LinkUser): Permissions | null {
  if (user.role === 'station') return stationPermissions(user.name);
  if (user.role === 'relay') return relayPermissions(user.name);
  return null;
}

function userBlock(user: LinkUser): string {
  const permissions = permissionsOf(user);
  const head = `    # ${user.role} ${user.name}\n    { nkey: ${quote(user.publicKey)}`;
  if (!permissions) return `${head} }`;
  return [
    `${head}, permissions: {`,
    `        publish: { allow: ${list(permissions.publish)} }`,
    `        subscribe: { allow: ${list(permissions.subscribe)} }`,
    '      } }',
  ].join('\n');
}

export function renderServerConfig(options: ServerConfigOptions): string {
  const lines = [
    '# The pharmacy link: written by `npm run relay -- init`. Public keys only; every client signs the',
    "# server's challenge with its own seed, which never leaves the client's machine.",
    `listen: ${quote(options.listen)}`,
    `http: ${quote(options.monitor)}`,
    `jetstream { store_dir: ${quote(options.storeDir)}, max_file_store: ${options.maxFileStore} }`,
  ];
  if (options.tls) {
    const { certFile, keyFile, caFile } = options.tls;
    lines.push(
      `tls { cert_file: ${quote(certFile)}, key_file: ${quote(keyFile)}, ca_file: ${quote(caFile)}, timeout: 2 }`,
    );
  }
  lines.push('authorization {', '  users = [', options.users.map(userBlock).join('\n'), '  ]', '}', '');
  return lines.join('\n');
}
