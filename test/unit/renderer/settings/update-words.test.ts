// The admin's update card says where the update is and what its install waits for, in one line each.
import { describe, expect, it } from 'vitest';
import { type UpdateState, updateStatuses } from '../../../../contract/ipc/updates.ts';
import { updateStatusLine, WAITS_FOR } from '../../../../renderer/screens/settings/update-words.ts';

const state = (change: Partial<UpdateState>): UpdateState => ({
  version: '0.1.0',
  feed: 'https://updates.pharmacy.example/station',
  status: 'idle',
  offReason: null,
  available: null,
  checkedAt: null,
  problem: null,
  installWaitsFor: null,
  ...change,
});

describe('updateStatusLine', () => {
  it('says each status in a sentence', () => {
    expect(updateStatusLine(state({ status: 'ready', available: '0.2.0' }))).toBe(
      'Version 0.2.0 is downloaded and verified; it installs when the station is closed or at sign-out.',
    );
    expect(updateStatusLine(state({ status: 'failed', problem: 'net::ERR_CONNECTION_REFUSED' }))).toBe(
      'The last check failed (net::ERR_CONNECTION_REFUSED); it is tried again later.',
    );
    const refused = 'The update was refused: its signature does not verify with the update key built into this app.';
    expect(updateStatusLine(state({ status: 'failed', problem: refused }))).toBe(
      `${refused} The feed is checked again later.`,
    );
    expect(updateStatusLine(state({ status: 'off', offReason: 'Updates apply to the installed app only.' }))).toBe(
      'Updates are off. Updates apply to the installed app only.',
    );
    for (const status of updateStatuses) expect(updateStatusLine(state({ status })).length).toBeGreaterThan(5);
  });

  it('names what the install waits for', () => {
    expect(WAITS_FOR.verification_run).toContain('verification is in progress');
    expect(WAITS_FOR.task_writes).toContain('task writes');
  });
});
