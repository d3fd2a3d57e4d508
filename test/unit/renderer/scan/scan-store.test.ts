// The last scan's state, who gets the next scan, and the two scan sounds.
import { describe, expect, it } from 'vitest';
import { BAD_SOUND, GOOD_SOUND } from '../../../../renderer/feedback/sounds.ts';
import { isBannerCurrent } from '../../../../renderer/scan/scan-banner.ts';
import { useScanTargetStore } from '../../../../renderer/scan/scan-target-store.ts';
import { useScanStore } from '../../../../renderer/state/scan-store.ts';

describe('the last scan', () => {
  it('keeps how the last code was entered for the screens that claim scans', () => {
    useScanStore.getState().entered('scanner');
    expect(useScanStore.getState().lastEntry).toBe('scanner');
    useScanStore.getState().entered('typed');
    expect(useScanStore.getState().lastEntry).toBe('typed');
  });

  it('lets a slow answer to an older scan not overwrite a newer one', () => {
    const store = useScanStore.getState();
    const first = store.started('1000001');
    const second = useScanStore.getState().started('1000002');
    useScanStore.getState().finished(second, 'good', 'Opened order 1000002');
    useScanStore.getState().finished(first, 'bad', 'No order found for 1000001.');
    expect(useScanStore.getState()).toMatchObject({
      code: '1000002',
      outcome: 'good',
      message: 'Opened order 1000002',
    });
  });

  it('offers to switch user only until the next scan', () => {
    const sequence = useScanStore.getState().started('USER-…');
    useScanStore.getState().finished(sequence, 'good', 'Another badge', { userId: 'u-2', name: null });
    expect(useScanStore.getState().switchOffer).toEqual({ userId: 'u-2', name: null });
    useScanStore.getState().started('1000003');
    expect(useScanStore.getState().switchOffer).toBeNull();
  });

  it('forgets everything about the last scan when the station is left', () => {
    useScanStore.getState().entered('scanner');
    useScanStore.getState().clear();
    expect(useScanStore.getState()).toMatchObject({ code: null, outcome: 'idle', lastEntry: null, switchOffer: null });
  });
});

describe('a screen that claims the scans', () => {
  it('gets the code and how it was entered, and a handler that wants only the code still works', () => {
    const seen: string[] = [];
    const withEntry = (code: string, entry: 'scanner' | 'typed') => seen.push(`${code}:${entry}`);
    const codeOnly = (code: string) => seen.push(code);
    useScanTargetStore.setState({ handler: withEntry, label: 'Scan a product' });
    useScanTargetStore.getState().handler?.('A1', 'scanner');
    useScanTargetStore.setState({ handler: codeOnly, label: 'Scan a product' });
    useScanTargetStore.getState().handler?.('B2', 'typed');
    expect(seen).toEqual(['A1:scanner', 'B2']);
  });
});

describe('the scan sounds', () => {
  it('makes a good scan and a bad scan sound different without looking: pitch, rhythm and length', () => {
    const lowest = (tones: typeof GOOD_SOUND) => Math.min(...tones.map((tone) => tone.frequency));
    const length = (tones: typeof GOOD_SOUND) => Math.max(...tones.map((tone) => tone.startAt + tone.seconds));
    expect(lowest(GOOD_SOUND)).toBeGreaterThan(2 * Math.max(...BAD_SOUND.map((tone) => tone.frequency)));
    expect(GOOD_SOUND).toHaveLength(1);
    expect(BAD_SOUND.length).toBeGreaterThan(1);
    expect(length(BAD_SOUND)).toBeGreaterThan(length(GOOD_SOUND));
    // Short enough never to hold up the next scan.
    expect(length(BAD_SOUND)).toBeLessThan(0.5);
  });
});

describe('a scan banner belongs to its moment', () => {
  it('stays on the screen the scan left the person on, and goes once they move on', () => {
    expect(isBannerCurrent({ shownOn: 7, offlineAnswer: false }, 7, false)).toBe(true);
    expect(isBannerCurrent({ shownOn: 7, offlineAnswer: false }, 8, false)).toBe(false);
  });

  it('shows while it is looked up (not tied to a screen yet)', () => {
    expect(isBannerCurrent({ shownOn: null, offlineAnswer: false }, 3, true)).toBe(true);
  });

  it('an answer the station gave alone while offline goes once the service answers again', () => {
    expect(isBannerCurrent({ shownOn: 7, offlineAnswer: true }, 7, true)).toBe(true);
    expect(isBannerCurrent({ shownOn: 7, offlineAnswer: true }, 7, false)).toBe(false);
  });

  it('a new scan unties the last one from its screen', () => {
    const store = useScanStore.getState();
    const first = store.started('1000001');
    useScanStore.getState().settle(first, 4, true);
    expect(useScanStore.getState()).toMatchObject({ shownOn: 4, offlineAnswer: true });
    useScanStore.getState().started('1000002');
    expect(useScanStore.getState()).toMatchObject({ shownOn: null, offlineAnswer: false });
    // A late settle of the older scan changes nothing.
    useScanStore.getState().settle(first, 9, true);
    expect(useScanStore.getState()).toMatchObject({ shownOn: null, offlineAnswer: false });
  });
});
