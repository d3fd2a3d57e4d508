// The pharmacy-wide settings as the pharmacy's record changes them: an admin's change at this station or at another
// arrives as a `setting_changed` fact, and main tells the screens once per new fact (pharmacy.settingsChanged), so they
// read settings:get and settings:pharmacy again (the "Pharmacy details missing" note at another station goes at once).
import type { PharmacyWideRecord } from './pharmacy-wide.ts';

/** What of the record is watched: its settings' facts, and its word that something in it changed. */
export interface WatchedRecord extends Pick<PharmacyWideRecord, 'factsOf'> {
  onChange(listener: () => void): () => void;
}

/** Calls `told` after each change of the record that brought a new setting fact; answers the function that stops. */
export function watchPharmacySettings(record: WatchedRecord, told: () => void): () => void {
  // Facts are never taken back: a new one is a longer list (an own fact published later stays the one row).
  let known = record.factsOf('setting_changed').length;
  return record.onChange(() => {
    const now = record.factsOf('setting_changed').length;
    if (now === known) return;
    known = now;
    told();
  });
}
