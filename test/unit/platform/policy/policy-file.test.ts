// The machine policy file: where IT puts it, what a good one sets, that a bad one stops the start naming the file and
// the field (never quoting a value), that one a non-administrator could have written is refused, and that a field this
// station does not know is named and ignored. The content cases trust this test's own user too (it may not be root);
// the ownership cases trust root only and run as root (chown needs it).
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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
const thisUser = { owners: [0, process.getuid?.() ?? 0] };
const read = (file: string) => readMachinePolicy(file, thisUser);
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
    read(file);
  } catch (error) {
    if (error instanceof PolicyError) return error;
    throw error;
  }
  throw new Error('the policy was accepted');
}

describe('where the policy lives', () => {
  it('is /etc on Linux, the HKLM policy key on Windows, /Library on macOS', () => {
    expect(machinePolicyPath('linux')).toBe('/etc/fulfillment-station/policy.json');
    expect(machinePolicyPath('win32')).toBe('HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\Fulfillment Station');
    expect(machinePolicyPath('darwin')).toBe('/Library/Application Support/Fulfillment Station/policy.json');
  });
});

describe('reading the policy', () => {
  it('no file: no policy, nothing locked', () => {
    expect(read(join(dir, 'absent.json'))).toBe(NO_POLICY);
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
      eventsRelayServers: 'tls://nats.pharmacy.lan:4222',
      eventsRelayStation: 'pharmacy-{hostname}',
      eventsRelayCa: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
      eventsRelayTlsRequired: true,
      disableHardwareAcceleration: true,
      kioskMode: true,
      acceptUnsignedUpdates: false,
      zplLabelPrinter: { target: 'tcp://zebra-bench-2.pharmacy.example:9100', dotsPerMm: 12 },
    };
    // Written with a trailing slash (and spaces), read as the settings store a service address.
    const file = json({ ...everyField, serviceUrl: ' https://fulfillment.pharmacy.example/api/ ' });
    expect(read(file)).toEqual({ file, policy: everyField, ignoredFields: [] });
  });

  it('a file saved by Notepad with a byte-order mark is read', () => {
    expect(read(policyFile('\uFEFF{"maxIdleLockMinutes": 3}')).policy).toEqual({ maxIdleLockMinutes: 3 });
  });

  it.each([
    [{ maxIdleLockMinutes: 0 }, 'maxIdleLockMinutes', 'must be a whole number from 1 to 240'],
    [{ serviceUrl: 'http://fulfillment.pharmacy.example' }, 'serviceUrl', 'must use https://'],
    [{ updateFeedUrl: 'https://user:secret@updates.example' }, 'updateFeedUrl', 'must not contain a user name'],
    [{ printers: { packing_slip: '' } }, 'printers.packing_slip', 'must not be empty'],
    [{ scannerPrefix: '~' }, 'scannerSuffix', 'is needed with scannerPrefix'],
    [{ disableHardwareAcceleration: 'yes' }, 'disableHardwareAcceleration', 'must be true or false'],
    [{ zplLabelPrinter: { target: '-o raw;rm' } }, 'zplLabelPrinter.target', 'must be a CUPS queue name or tcp://'],
    [{ zplLabelPrinter: { target: 'Zebra', dotsPerMm: 10 } }, 'zplLabelPrinter.dotsPerMm', 'must be 8 (203 dpi) or 12'],
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
            read(file);
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

describe('a policy written for a newer station', () => {
  it('names the fields this station does not know, ignores them, and starts with the rest', () => {
    const file = json({
      maxIdleLockMinutes: 5,
      labelTemplate: 'zpl-v2',
      printers: { receipt: 'HP', packing_slip: 'HP' },
    });
    expect(read(file)).toEqual({
      file,
      policy: { maxIdleLockMinutes: 5, printers: { packing_slip: 'HP' } },
      ignoredFields: ['labelTemplate', 'printers.receipt'],
    });
  });

  it('still stops the start when a field it knows is wrong', () => {
    expect(refusal(json({ labelTemplate: 'zpl-v2', maxIdleLockMinutes: 0 })).field).toBe('maxIdleLockMinutes');
  });

  it("an idle station's probe: IT may shorten it to 5 seconds or lengthen it to an hour, and nothing else", () => {
    expect(read(json({ idleProbeSeconds: 5 })).policy.idleProbeSeconds).toBe(5);
    expect(read(json({ idleProbeSeconds: 3600 })).policy.idleProbeSeconds).toBe(3600);
    for (const wrong of [4, 3601, 2.5, '60', null]) {
      const refused = refusal(json({ idleProbeSeconds: wrong }));
      expect(refused.field).toBe('idleProbeSeconds');
      expect(refused.message).toContain('5 to 3600');
    }
  });
});

describe.runIf(process.getuid?.() === 0)('a policy only an administrator can have written', () => {
  const root = mkdtempSync(join(tmpdir(), 'station-policy-owner-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let folders = 0;
  /** A root-owned folder (0755) with a root-owned policy.json (0644) inside. */
  function placed(): { folder: string; file: string } {
    const folder = join(root, `etc-${folders++}`);
    mkdirSync(folder, { mode: 0o755 });
    chmodSync(folder, 0o755);
    const file = join(folder, 'policy.json');
    writeFileSync(file, '{"maxIdleLockMinutes": 5}', { mode: 0o644 });
    chmodSync(file, 0o644);
    return { folder, file };
  }
  const refused = (file: string) => {
    try {
      readMachinePolicy(file);
    } catch (error) {
      if (error instanceof PolicyError) return error.message;
    }
    throw new Error('the policy was accepted');
  };

  it('reads a file root owns in folders root owns, none writable by a group or other users', () => {
    expect(readMachinePolicy(placed().file).policy).toEqual({ maxIdleLockMinutes: 5 });
  });

  it('refuses a file another user owns (nobody, 65534), naming the file', () => {
    const { file } = placed();
    chownSync(file, 65534, 65534);
    expect(refused(file)).toMatch(
      /could have been written by someone other than an administrator: .*policy\.json is owned by uid 65534/,
    );
  });

  it('refuses a file its group or every user may write', () => {
    const { file: groupWritable } = placed();
    chmodSync(groupWritable, 0o664);
    expect(refused(groupWritable)).toContain('policy.json is writable by its group');
    const { file: worldWritable } = placed();
    chmodSync(worldWritable, 0o646);
    expect(refused(worldWritable)).toContain('policy.json is writable by every user');
  });

  it('refuses a good file in a folder another user owns or every user may write (it could be swapped)', () => {
    const owned = placed();
    chownSync(owned.folder, 65534, 65534);
    expect(refused(owned.file)).toContain(`${owned.folder} is owned by uid 65534`);
    const open = placed();
    chmodSync(open.folder, 0o777);
    expect(refused(open.file)).toContain(`${open.folder} is writable by every user`);
  });

  it('follows a link to where the file really is, and refuses it there', () => {
    const open = placed();
    chmodSync(open.folder, 0o777);
    const { folder } = placed();
    const link = join(folder, 'linked.json');
    symlinkSync(open.file, link);
    expect(refused(link)).toContain(`${open.folder} is writable by every user`);
  });

  it('a folder every user may write but only its owner may rename in (sticky, like /tmp) passes', () => {
    const sticky = placed();
    chmodSync(sticky.folder, 0o1777);
    expect(readMachinePolicy(sticky.file).policy).toEqual({ maxIdleLockMinutes: 5 });
  });
});
