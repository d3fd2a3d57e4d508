// What every screen says about the station's signing key for the pharmacy record: that it is kept in memory for this
// run only when the OS keychain could not keep it, and nothing while the keychain keeps it.
import { describe, expect, it } from 'vitest';
import { recordKeyWords } from '../../../../renderer/app/record-key-words.ts';

describe('recordKeyWords', () => {
  it('says the key is kept in memory for this run only, and that a restart brings a new one', () => {
    const words = recordKeyWords({ kept: 'memory' });
    expect(words).toMatch(/kept in memory for this run only/);
    expect(words).toMatch(/after a restart the station signs its records with a new key/);
  });

  it('says nothing while the OS keychain keeps it, or before main has answered', () => {
    expect(recordKeyWords({ kept: 'keychain' })).toBeNull();
    expect(recordKeyWords(undefined)).toBeNull();
  });
});
