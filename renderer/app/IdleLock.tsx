// The signed-in station's idle lock: locks after the configured minutes without activity, and a palette command
// opens a small dialog to change the minutes.
import { useState } from 'react';
import { DEFAULT_IDLE_LOCK_MINUTES } from '../../contract/ipc/settings.ts';
import { useCommands } from '../commands/command-store.ts';
import { useLock } from '../queries/session.ts';
import { useWorkstationSettings } from '../queries/workstation-settings.ts';
import { focusScanField } from '../scan/focus.ts';
import { IdleLockSetting } from '../screens/settings/IdleLockSetting.tsx';
import { useIdleLock } from './use-idle-lock.ts';

function IdleLockDialog({ onClose }: { onClose: () => void }) {
  function close() {
    onClose();
    setTimeout(() => focusScanField(true), 0);
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is not a control; Escape is the keyboard path.
    <div className="palette-backdrop" onMouseDown={close}>
      <div
        className="card settings-dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Idle lock"
        onMouseDown={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          close();
        }}
      >
        <IdleLockSetting autoFocus />
        <button type="button" className="button" onClick={close}>
          Close <kbd className="key-hint">Esc</kbd>
        </button>
      </div>
    </div>
  );
}

/** Mounted with the signed-in (unlocked) station. */
export function IdleLock() {
  const settings = useWorkstationSettings();
  const lock = useLock();
  const [open, setOpen] = useState(false);
  useIdleLock(settings.data?.idleLockMinutes ?? DEFAULT_IDLE_LOCK_MINUTES, () => lock.mutate());
  useCommands([
    {
      id: 'station.idleLockMinutes',
      title: 'Set the idle lock minutes',
      group: 'Station',
      keywords: 'idle lock timeout minutes settings inactivity',
      run: () => setOpen(true),
    },
  ]);
  return open ? <IdleLockDialog onClose={() => setOpen(false)} /> : null;
}
