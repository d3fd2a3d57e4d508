// What every label says (the pharmacy) and where each document prints are an admin's to change, like the service.
import { documentSettingNames } from '../../../contract/ipc/document-settings.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import { capabilityRefusal } from '../session/capability.ts';
import type { SessionState } from '../session/index.ts';

export function checkDocumentSettingsChange(patch: object, session: SessionState): void {
  const fields = Object.keys(patch).filter((field) => documentSettingNames.includes(field));
  if (fields.length === 0) return;
  const refusal =
    session.status === 'signed_in'
      ? capabilityRefusal(
          session,
          'change_printing',
          'change the pharmacy printed on labels, the label stock or the printers',
        )
      : 'Only an admin may change the pharmacy printed on labels, the label stock or the printers.';
  if (!refusal) return;
  throw new StationError(
    'forbidden',
    refusal,
    fields.map((field) => ({ field, message: 'needs an admin to change' })),
  );
}
