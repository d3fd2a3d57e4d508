// "Pharmacy details missing", said where it matters: before the first label (a note in the station for as long as the
// pharmacy's name, address or phone is not set) and in the print preview of a label or slip main refused for it. An
// admin gets the way to Settings; anyone else is told who fixes it. No pharmacist's override is offered: none fixes it.
import { missingPharmacyDetails, PHARMACY_MISSING } from '../../rules/documents/pharmacy-details.ts';
import { useMay } from '../queries/session.ts';
import { useWorkstationSettings } from '../queries/workstation-settings.ts';
import { navigate } from '../state/navigation-store.ts';
import './documents.css';

/** The way to the Settings screen (an admin's), or who to ask. */
export function PharmacySettingsWay({ onOpen }: { onOpen?: () => void }) {
  const admin = useMay('change_printing');
  if (!admin) return <span>Ask an admin to enter them in Settings (Alt+Shift+S).</span>;
  return (
    <button
      type="button"
      className="button"
      onClick={() => {
        onOpen?.();
        navigate({ screen: 'settings' });
      }}
    >
      Enter the pharmacy details in Settings
    </button>
  );
}

/** Shown in the station while the pharmacy's details are incomplete: the station asks before the first label. */
export function PharmacyDetailsNote() {
  const settings = useWorkstationSettings().data;
  if (!settings || missingPharmacyDetails(settings).length === 0) return null;
  return (
    <div className="notice notice-warn pharmacy-details-note" role="note" aria-label={PHARMACY_MISSING}>
      <span>
        <strong>{PHARMACY_MISSING}.</strong> Labels and packing slips print the pharmacy’s name, address and phone, and
        this station has not been given them yet.
      </span>
      <PharmacySettingsWay />
    </div>
  );
}
