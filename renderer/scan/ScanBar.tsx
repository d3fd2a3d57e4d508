// The scan field, on every signed-in screen: a claimed scan goes to the open screen, any other opens what it names.
// It tells a scanner's burst from typing, and catches a burst that starts while the focus is elsewhere.
import './scan.css';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { settingsNow, useWorkstationSettings } from '../queries/workstation-settings.ts';
import { useScanStore } from '../state/scan-store.ts';
import { focusScanField, SCAN_FIELD_ID } from './focus.ts';
import { createKeystrokeLog, readMarks, useScanKeys } from './keystroke-timing.ts';
import { openScanned } from './open-scanned.ts';
import { ScanStatus } from './ScanStatus.tsx';
import { useScanTargetStore } from './scan-target-store.ts';

/** Long enough for a click on another control to land, short enough that the next scan is never lost. */
const REFOCUS_DELAY_MS = 250;
const MAX_CODE_LENGTH = 200;

export function ScanBar() {
  const [text, setText] = useState('');
  const [log] = useState(createKeystrokeLog);
  const queryClient = useQueryClient();
  const outcome = useScanStore((state) => state.outcome);
  const clear = useScanStore((state) => state.clear);
  const claimedLabel = useScanTargetStore((state) => state.label);
  const settings = useWorkstationSettings().data;
  const insert = useCallback((character: string) => setText((now) => (now + character).slice(0, MAX_CODE_LENGTH)), []);
  useScanKeys(log, insert);

  useEffect(() => {
    // On arrival the field takes the focus, unless a dialog opened first (the palette right after signing in) has it:
    // the keys typed there must stay there.
    focusScanField();
    // Leaving the station (sign-out, lock) forgets the last scan: the next person starts from an empty screen.
    return clear;
  }, [clear]);

  function refocusLater() {
    setTimeout(() => {
      const active = document.activeElement;
      // Someone who moved to a control with the keyboard (Tab) keeps it; a scan still reaches the field (useScanKeys).
      if (active && active !== document.body && active.matches(':focus-visible')) return;
      focusScanField();
    }, REFOCUS_DELAY_MS);
  }

  function change(value: string) {
    if (value === '') log.reset();
    setText(value);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = text.trim();
    setText('');
    // Read before the settings arrived (a scan right after a reload): wait for them, or the marks would be read as code.
    const marks = settings ?? (await settingsNow(queryClient).catch(() => null));
    const marked = readMarks(typed, {
      prefix: marks?.scannerPrefix ?? null,
      suffix: marks?.scannerSuffix ?? null,
    });
    const code = marked?.code ?? typed;
    if (!code) {
      log.reset();
      return;
    }
    // The site's scanner marks decide when it has them; otherwise the timing of the keys does.
    const entry = marked ? marked.entry : log.finish(event.timeStamp, code.length);
    if (marked) log.reset();
    useScanStore.getState().entered(entry);
    const claimed = useScanTargetStore.getState().handler;
    if (claimed) {
      claimed(code, entry);
      return;
    }
    await openScanned(code, queryClient);
  }

  return (
    <form onSubmit={submit} className={`scan-form scan-${outcome}`} aria-label="Scan">
      <label id="scan-label" htmlFor={SCAN_FIELD_ID} className="scan-label">
        {claimedLabel ?? 'Scan or type an order number, order id, external id or a staff badge, then press Enter'}
      </label>
      <input
        id={SCAN_FIELD_ID}
        className="scan-field"
        value={text}
        onChange={(event) => change(event.target.value)}
        onBlur={refocusLater}
        autoComplete="off"
        spellCheck={false}
        maxLength={MAX_CODE_LENGTH}
      />
      <ScanStatus claimed={claimedLabel !== null} />
    </form>
  );
}
