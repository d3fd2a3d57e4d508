// The relay's NATS login: its nkey seed read from its file, TLS demanded for tls:// servers or a CA (a tls:// URL alone
// would connect in plaintext), and its replies to its own inbox.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nkeys } from '@nats-io/transport-node';
import { afterAll, describe, expect, it } from 'vitest';
import { natsOptions } from '../../../relay/stream.ts';

const dir = mkdtempSync(join(tmpdir(), 'relay-login-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the relay's NATS login", () => {
  it('demands TLS for a tls:// server even without a CA, and checks the server against the CA when given', () => {
    expect(natsOptions({ servers: ['tls://nats.pharmacy.lan:4222'] }, 'r').tls).toEqual({});
    expect(natsOptions({ servers: ['nats://n:4222'], caFile: '/ca.pem' }, 'r').tls).toEqual({ caFile: '/ca.pem' });
    expect(natsOptions({ servers: ['nats://127.0.0.1:4222'] }, 'r')).not.toHaveProperty('tls');
  });

  it('signs in with its nkey seed from its file and hears only its own inbox', () => {
    const seedFile = join(dir, 'relay.nk');
    writeFileSync(seedFile, `${new TextDecoder().decode(nkeys.createUser().getSeed())}\n`, { mode: 0o600 });
    const options = natsOptions({ servers: ['tls://n:4222'], seedFile }, 'r');
    expect(options.authenticator).toBeTypeOf('function');
    expect(options).not.toHaveProperty('pass');
    expect(options.inboxPrefix).toBe('_INBOX_relay');
  });
});
