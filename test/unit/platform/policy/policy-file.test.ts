// The machine policy file: where IT puts it, what a good one sets, and that a bad one stops the start naming the file
// and the field (never quoting a value).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  machinePolicyPath,
  NO_POLICY,
  PolicyError,
  readMachinePolicy,
} from '../../../../main/platform/policy/policy-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'station-policy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let count = 0;
function policyFile(content: string): string {
  const file = join(dir, `policy-${count++}.json`);
  writeFileSync(file, content);
  return file;
}
const json = (value: unknown) => policyFile(JSON.stringify(value));

function refusal(file: string): PolicyError {
  try {
    readMachinePolicy(file);
  } catch (error) {
    if (error instanceof PolicyError) return error;
    throw error;
  }
  throw new Error('the policy was accepted');
}

describe('where the policy lives', () => {
  it('is /etc on Linux, ProgramData on Windows, /Library on macOS', () => {
    expect(machinePolicyPath('linux')).toBe('/etc/fulfillment-station/policy.json');
    expect(machinePolicyPath('win32', { ProgramData: 'D:\\ProgramData' })).toBe(
      'D:\\ProgramData\\Fulfillment Station\\policy.json',
    );
    expect(machinePolicyPath('win32', {})).toBe('C:\\ProgramData\\Fulfillment Station\\policy.json');
    expect(machinePolicyPath('darwin')).toBe('/Library/Application Support/Fulfillment Station/policy.json');
  });
});

describe('reading the policy', () => {
  it('no file: no policy, nothing locked', () => {
    expect(readMachinePolicy(join(dir, 'absent.json'))).toBe(NO_POLICY);
  });

  it('reads every field IT may set, normalising addresses as the settings do', () => {
    const everyField = {
      serviceUrl: 'https://fulfillment.pharmacy.example/api',
      updateFeedUrl: 'https://updates.pharmacy.example/station',
      printers: { prescription_label: 'Zebra ZD421', packing_slip: 'HP LaserJet 4250' },
      maxIdleLockMinutes: 5,
      scannerPrefix: '~',
      scannerSuffix: null,
      eventsRelayUrl: 'https://relay.pharmacy.example',
      disableHardwareAcceleration: true,
    };
    // Written with a trailing slash (and spaces), read as the settings store a service address.
    const file = json({ ...everyField, serviceUrl: ' https://fulfillment.pharmacy.example/api/ ' });
    expect(readMachinePolicy(file)).toEqual({ file, policy: everyField });
  });

  it('a file saved by Notepad with a byte-order mark is read', () => {
    expect(readMachinePolicy(policyFile('\uFEFF{"maxIdleLockMinutes": 3}')).policy).toEqual({ maxIdleLockMinutes: 3 });
  });

  it.each([
    [{ maxIdleLockMinutes: 0 }, 'maxIdleLockMinutes', 'must be a whole number from 1 to 240'],
    [{ serviceUrl: 'http://fulfillment.pharmacy.example' }, 'serviceUrl', 'must use https://'],
    [{ updateFeedUrl: 'https://user:secret@updates.example' }, 'updateFeedUrl', 'must not contain a user name'],
    [{ printers: { receipt: 'HP' } }, 'printers.receipt', 'is not a policy field'],
    [{ printers: { packing_slip: '' } }, 'printers.packing_slip', 'must not be empty'],
    [{ scannerPrefix: '~' }, 'scannerSuffix', 'is needed with scannerPrefix'],
    [{ idleLockMinutes: 5 }, 'idleLockMinutes', 'is not a policy field'],
    [{ disableHardwareAcceleration: 'yes' }, 'disableHardwareAcceleration', 'must be true or false'],
  ])('%j stops the start naming the file and %s', (policy, field, problem) => {
    const file = json(policy);
    const error = refusal(file);
    expect(error.field).toBe(field);
    expect(error.message).toContain(file);
    expect(error.message).toContain(`${field} ${problem}`);
    expect(error.message).not.toContain('secret');
  });

  it('a file that is not JSON, or not an object, or not readable stops the start too', () => {
    expect(refusal(policyFile('{ serviceUrl: nope')).message).toMatch(
      /policy-\d+\.json cannot be used: \(the file\) is not valid JSON/,
    );
    expect(refusal(json([1, 2])).message).toContain('(the file) must be a JSON object');
    expect(refusal(dir).message).toContain('(the file) cannot be read (EISDIR)');
  });

  it('never crashes on hostile content: every file is a policy or a PolicyError', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.json(),
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify({ printers: v })),
        ),
        (text) => {
          const file = policyFile(text);
          try {
            readMachinePolicy(file);
          } catch (error) {
            expect(error).toBeInstanceOf(PolicyError);
            expect((error as PolicyError).message).toContain(file);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
