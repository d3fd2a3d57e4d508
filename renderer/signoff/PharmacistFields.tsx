// The fields a pharmacist fills at a technician's station (badge or email, then password) and the call that checks
// them in main. Nothing here keeps the password: the caller clears it after each try.
import type { ConfirmationPurpose, PharmacistConfirmation } from '../../contract/ipc/sign-off.ts';
import { checkPharmacist } from '../queries/session.ts';
import { messageOf, StationCallError } from '../queries/station.ts';

export type ConfirmResult = { ok: true; confirmation: PharmacistConfirmation } | { ok: false; message: string };

/** Asks main to check the pharmacist; a refusal comes back as words for the person (wrong password, wait, not a pharmacist). */
export async function confirmPharmacist(
  who: string,
  password: string,
  purpose: ConfirmationPurpose,
): Promise<ConfirmResult> {
  if (who.trim() === '') return { ok: false, message: 'The pharmacist scans their badge or types their email.' };
  if (password === '') return { ok: false, message: 'The pharmacist types their password.' };
  try {
    return { ok: true, confirmation: await checkPharmacist({ who, password, purpose }) };
  } catch (error) {
    if (error instanceof StationCallError && error.code === 'invalid_credentials') {
      return { ok: false, message: 'Not confirmed: that password is not right for that pharmacist.' };
    }
    return { ok: false, message: `Not confirmed: ${messageOf(error)}` };
  }
}

export function PharmacistFields({
  idPrefix,
  who,
  password,
  onWho,
  onPassword,
  confirmedBy,
}: {
  idPrefix: string;
  who: string;
  password: string;
  onWho: (value: string) => void;
  onPassword: (value: string) => void;
  /** The pharmacist's name once confirmed (then the fields are done). */
  confirmedBy: string | null;
}) {
  return (
    <fieldset className="signoff-fields">
      <legend>A pharmacist confirms here</legend>
      {confirmedBy ? (
        <p className="signoff-confirmed" role="status">
          Confirmed by {confirmedBy}
        </p>
      ) : (
        <>
          <label className="field" htmlFor={`${idPrefix}-who`}>
            Pharmacist’s badge or email
          </label>
          <input
            id={`${idPrefix}-who`}
            className="signoff-input"
            value={who}
            autoComplete="off"
            spellCheck={false}
            maxLength={254}
            onChange={(event) => onWho(event.target.value)}
          />
          <label className="field" htmlFor={`${idPrefix}-password`}>
            Pharmacist’s password
          </label>
          <input
            id={`${idPrefix}-password`}
            className="signoff-input"
            type="password"
            value={password}
            autoComplete="off"
            maxLength={1024}
            onChange={(event) => onPassword(event.target.value)}
          />
        </>
      )}
    </fieldset>
  );
}
