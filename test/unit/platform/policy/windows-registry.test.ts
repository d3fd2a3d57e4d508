// The Windows machine policy under HKLM\SOFTWARE\Policies\Fulfillment Station, read from recorded `reg query` answers
// (no Windows here): the layout is Windows' own (a blank line, the key, `    Name    REG_TYPE    Data`, CRLF), the
// Winlogon lines verbatim from a public write-up; the policy key's answers are made in the same layout.
import { describe, expect, it } from 'vitest';
import { PolicyError, readWindowsPolicy } from '../../../../main/platform/policy/policy-file.ts';
import { parseRegQuery, policyFromRegistry } from '../../../../main/platform/policy/windows-registry.ts';

const crlf = (text: string) => text.replace(/\n/g, '\r\n');
const KEY = 'HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Fulfillment Station';

const WINLOGON = crlf(`
HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon
    ReportBootOk    REG_SZ    1
    AutoRestartShell    REG_DWORD    0x1
    LegalNoticeCaption    REG_SZ    
    ShutdownFlags    REG_DWORD    0x11

HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon\\GPExtensions
`);

const POLICY = crlf(`
${KEY}
    (Default)    REG_SZ    
    serviceUrl    REG_SZ    https://fulfillment.pharmacy.example/api/
    maxIdleLockMinutes    REG_DWORD    0x00000005
    kioskMode    REG_DWORD    0x1
    acceptUnsignedUpdates    REG_DWORD    0x0
    scannerPrefix    REG_SZ    ~
    scannerSuffix    REG_SZ    
    labelTemplate    REG_SZ    zpl-v2

${KEY}\\printers
    prescription_label    REG_SZ    Zebra ZD421
`);

describe('reading a reg query answer', () => {
  it('reads values, an empty text value and the subkey lines Windows prints', () => {
    const [winlogon, extensions] = parseRegQuery(WINLOGON);
    expect(winlogon?.values.AutoRestartShell).toEqual({ type: 'REG_DWORD', data: '0x1' });
    expect(winlogon?.values.LegalNoticeCaption).toEqual({ type: 'REG_SZ', data: '' });
    expect(extensions?.key).toMatch(/Winlogon\\GPExtensions$/);
  });

  it('a line in no known layout is an error naming it, never a guess', () => {
    expect(() => parseRegQuery(`${KEY}\r\nserviceUrl = https://x\r\n`)).toThrow(/an unreadable registry line/);
  });
});

describe('the policy key IT sets with Group Policy or reg add', () => {
  it('becomes the same policy a file would hold: numbers, true/false, null for an empty mark, printers from the subkey', () => {
    expect(policyFromRegistry(parseRegQuery(POLICY))).toEqual({
      serviceUrl: 'https://fulfillment.pharmacy.example/api/',
      maxIdleLockMinutes: 5,
      kioskMode: true,
      acceptUnsignedUpdates: false,
      scannerPrefix: '~',
      scannerSuffix: null,
      labelTemplate: 'zpl-v2',
      printers: { prescription_label: 'Zebra ZD421' },
    });
  });

  it('is read through the policy rules, naming the key and the unknown field it ignored', () => {
    const loaded = readWindowsPolicy(() => POLICY);
    expect(loaded.file).toBe(KEY);
    expect(loaded.policy).toMatchObject({ serviceUrl: 'https://fulfillment.pharmacy.example/api', kioskMode: true });
    expect(loaded.ignoredFields).toEqual(['labelTemplate']);
  });

  it('no key (reg exits 1) is no policy; a value of the wrong kind stops the start naming the key and field', () => {
    expect(readWindowsPolicy(() => null).file).toBeNull();
    const wrong = crlf(`\n${KEY}\n    kioskMode    REG_SZ    yes\n`);
    const error = (() => {
      try {
        readWindowsPolicy(() => wrong);
      } catch (caught) {
        return caught as PolicyError;
      }
    })();
    expect(error).toBeInstanceOf(PolicyError);
    expect(error?.message).toContain(`${KEY} cannot be used: kioskMode must be true or false`);
  });

  it('an answer it cannot read stops the start naming the key', () => {
    expect(() => readWindowsPolicy(() => `${KEY}\r\ngarbage\r\n`)).toThrow(
      /Fulfillment Station cannot be used: \(the key\) cannot be read/,
    );
  });
});
