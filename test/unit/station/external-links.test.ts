// The system browser opens carrier tracking pages over https and nothing else.
import { describe, expect, it } from 'vitest';
import { isAllowedExternalUrl } from '../../../main/platform/web/external-links.ts';

describe('the external link allowlist', () => {
  it('allows https tracking pages of usps.com and ups.com and their subdomains', () => {
    for (const url of [
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      'https://ups.com/track',
      'https://USPS.com/',
    ]) {
      expect([url, isAllowedExternalUrl(url)]).toEqual([url, true]);
    }
  });

  it('refuses plain http, other hosts, look-alikes, credentials, other ports and other schemes', () => {
    for (const url of [
      'http://www.ups.com/track',
      'https://evil.example/www.ups.com',
      'https://ups.com.evil.example/',
      'https://notups.com/',
      'https://www.ups.com@evil.example/',
      'https://user:pass@www.ups.com/',
      'https://www.ups.com:8443/',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://fedex.com/',
      'not a url',
      '',
    ]) {
      expect([url, isAllowedExternalUrl(url)]).toEqual([url, false]);
    }
  });
});
