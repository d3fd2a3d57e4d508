// The IPC surface: every channel and event is declared once, strict on input, and no secret can cross it.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  channelNames,
  channels,
  eventNames,
  isChannelName,
  rendererOperationNames,
  serviceChannels,
  stationChannels,
  stationEvents,
} from '../../../contract/ipc.ts';
import { operationList } from '../../../contract/service/operations.ts';

describe('the IPC contract', () => {
  it('lists its channels and events (a change to the surface shows in review)', () => {
    expect(channelNames).toMatchSnapshot();
    expect(eventNames).toMatchSnapshot();
  });

  it('never offers the renderer a token, a password store or the webhook secret', () => {
    for (const name of rendererOperationNames) {
      expect(name.startsWith('auth.')).toBe(false);
      expect(name).not.toBe('notifications.generateSecret');
    }
    const forbidden = /access_token|refresh_token|webhook_secret|password_hash/;
    for (const [name, channel] of Object.entries(stationChannels)) {
      expect([name, forbidden.test(JSON.stringify(z.toJSONSchema(channel.output, { io: 'input' })))]).toEqual([
        name,
        false,
      ]);
    }
  });

  it('names every service channel after a real operation, domain:verb', () => {
    const real = new Set(operationList.map((op) => op.name));
    for (const name of rendererOperationNames) expect(real.has(name)).toBe(true);
    for (const name of channelNames) expect(name).toMatch(/^[a-z][a-zA-Z]*:[a-z][a-zA-Z]*$/);
  });

  it('keys every channel and event by its own name, and each service channel by the operation it carries', () => {
    for (const [key, channel] of Object.entries(channels)) expect(channel.name).toBe(key);
    for (const [key, event] of Object.entries(stationEvents)) expect(event.name).toBe(key);
    for (const [key, channel] of Object.entries(serviceChannels)) expect(channel.operation.replace('.', ':')).toBe(key);
    expect(Object.keys(serviceChannels)).toHaveLength(rendererOperationNames.length);
    expect(channelNames).toHaveLength(Object.keys(serviceChannels).length + Object.keys(stationChannels).length);
  });

  it('knows its channel names and nothing else (inherited keys included)', () => {
    expect(isChannelName('orders:get')).toBe(true);
    expect(isChannelName('session:signIn')).toBe(true);
    for (const name of ['orders.get', 'toString', '__proto__', 'constructor', '', 42, null]) {
      expect([name, isChannelName(name)]).toEqual([name, false]);
    }
  });

  it('refuses unknown keys in every channel input that is an object', () => {
    for (const [name, channel] of Object.entries(channels)) {
      const probe = channel.input.safeParse({ __proto_pollution__: 1, unexpected: true });
      expect([name, probe.success]).toEqual([name, false]);
    }
  });

  it('checks a sign-in input and refuses a huge password', () => {
    const signIn = stationChannels['session:signIn'].input;
    expect(signIn.safeParse({ email: 'technician@training.local', password: 'x' }).success).toBe(true);
    expect(signIn.safeParse({ email: 'technician@training.local', password: 'x'.repeat(5000) }).success).toBe(false);
    expect(signIn.safeParse({ email: 'not an email', password: 'x' }).success).toBe(false);
  });
});
