// The listener's request checks: loopback Host names, the bearer secret in constant time, JSON only, declared lengths.
import { describe, expect, it } from 'vitest';
import {
  allowedHosts,
  bearerToken,
  declaredLength,
  hostAllowed,
  isJsonContentType,
  secretMatches,
} from '../../../main/events/guard.ts';

describe('the Host check', () => {
  const hosts = allowedHosts(8123);
  it('accepts the three loopback names with the listener’s port, in any case', () => {
    for (const host of ['127.0.0.1:8123', 'localhost:8123', 'LocalHost:8123', '[::1]:8123']) {
      expect(hostAllowed(host, hosts)).toBe(true);
    }
  });
  it('refuses other names, other ports, a missing port and a missing header', () => {
    for (const host of ['evil.example:8123', '127.0.0.1', '127.0.0.1:8124', '127.0.0.2:8123', '[::1]', '', undefined]) {
      expect(hostAllowed(host, hosts)).toBe(false);
    }
  });
  it('also accepts the host of a configured public URL (a tunnel that keeps its Host)', () => {
    const tunnel = allowedHosts(8123, 'https://station-7.tunnel.example/webhooks/fulfillment');
    expect(hostAllowed('station-7.tunnel.example', tunnel)).toBe(true);
    expect(hostAllowed('other.tunnel.example', tunnel)).toBe(false);
    expect(allowedHosts(8123, 'not a url').size).toBe(3);
  });
});

describe('the bearer secret', () => {
  it('is read from `Bearer <token>` only', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('bearer abc')).toBe('abc');
    for (const header of [undefined, '', 'Bearer', 'Bearer ', 'Basic abc', 'abc', 'Bearer a b']) {
      expect(bearerToken(header)).toBeNull();
    }
  });
  it('matches only the exact secret, whatever the lengths', () => {
    expect(secretMatches('s3cret-value', 's3cret-value')).toBe(true);
    for (const wrong of ['s3cret-valu', 's3cret-value ', 'S3cret-value', '', 'x'.repeat(10_000)]) {
      expect(secretMatches(wrong, 's3cret-value')).toBe(false);
    }
    expect(secretMatches('', '')).toBe(false);
  });
});

describe('the content type', () => {
  it('is application/json, optionally in UTF-8', () => {
    for (const type of [
      'application/json',
      'Application/JSON',
      'application/json; charset=utf-8',
      'application/json;charset=UTF-8',
    ]) {
      expect(isJsonContentType(type)).toBe(true);
    }
    for (const type of [
      undefined,
      '',
      'text/json',
      'application/json-patch+json',
      'application/json; charset=latin1',
      'text/plain',
    ]) {
      expect(isJsonContentType(type)).toBe(false);
    }
  });
});

describe('the declared length', () => {
  it('is a number only when the header is plain digits', () => {
    expect(declaredLength('65536')).toBe(65_536);
    expect(declaredLength(undefined)).toBeNull();
    expect(declaredLength('-1')).toBeNull();
    expect(declaredLength('1e9')).toBeNull();
  });
});
