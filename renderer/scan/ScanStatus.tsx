// Under the scan field: what the last scan did, whether a scanner or a person entered it, and "Switch user" when
// another person's badge was scanned.

import { useCommands } from '../commands/command-store.ts';
import { useSignOut } from '../queries/session.ts';
import { messageOf } from '../queries/station.ts';
import { useScanStore } from '../state/scan-store.ts';
import { useSwitchUserStore } from '../state/switch-user-store.ts';
import { useScanBanner } from './scan-banner.ts';

const SWITCH_SHORTCUT = 'Alt+U';

function SwitchUserOffer() {
  const offer = useScanStore((state) => state.switchOffer);
  const signOut = useSignOut();

  function switchUser() {
    if (!offer) return;
    useSwitchUserStore.getState().expect(offer.userId);
    signOut.mutate();
  }

  useCommands([
    {
      id: 'scan.switchUser',
      title: 'Switch user to the badge just scanned',
      group: 'Station',
      shortcut: SWITCH_SHORTCUT,
      enabled: offer !== null,
      run: switchUser,
    },
  ]);

  if (!offer) return null;
  return (
    <div className="scan-offer">
      <button
        type="button"
        className="button button-primary"
        onClick={switchUser}
        disabled={signOut.isPending}
        aria-keyshortcuts="Alt+U"
      >
        Switch user <kbd className="key-hint">{SWITCH_SHORTCUT}</kbd>
      </button>
      <button type="button" className="button" onClick={() => useScanStore.getState().dismissSwitchOffer()}>
        Stay signed in
      </button>
      {signOut.isError ? <span className="field-error">{messageOf(signOut.error)}</span> : null}
    </div>
  );
}

export function ScanStatus({ claimed }: { claimed: boolean }) {
  const { code, outcome, message, lastEntry } = useScanBanner();
  // A screen that claims the scans (verify) tells the person about them itself.
  const summary =
    claimed || code === null
      ? null
      : outcome === 'looking'
        ? `Looking up ${code}…`
        : outcome === 'good'
          ? message
          : outcome === 'bad'
            ? `Not opened: ${code}`
            : null;
  return (
    <div className="scan-status-row">
      <p className="scan-status" role="status">
        {summary ? (
          <>
            {outcome === 'good' || outcome === 'bad' ? (
              <span className={`scan-mark scan-mark-${outcome}`} aria-hidden="true">
                {outcome === 'good' ? '✓' : '✕'}
              </span>
            ) : null}
            <span className="scan-summary">{summary}</span>
            {lastEntry && outcome !== 'looking' ? (
              <span className="scan-entry">{lastEntry === 'scanner' ? 'Scanned' : 'Typed'}</span>
            ) : null}
          </>
        ) : null}
      </p>
      {claimed ? null : <SwitchUserOffer />}
    </div>
  );
}
