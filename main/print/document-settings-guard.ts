// What every label says (the pharmacy) and where each document prints are an admin's to change, like the service.
import { documentSettingNames } from '../../contract/ipc/document-settings.ts';
import { StationError } from '../station/errors.ts';

export function checkDocumentSettingsChange(patch: object, session: { status: string; role: string | null }): void {
  const fields = Object.keys(patch).filter((field) => documentSettingNames.includes(field));
  if (fields.length === 0 || (session.status === 'signed_in' && session.role === 'admin')) return;
  throw new StationError(
    'forbidden',
    'Only an admin may change the pharmacy printed on labels, the label stock or the printers.',
    fields.map((field) => ({ field, message: 'needs an admin to change' })),
  );
}
