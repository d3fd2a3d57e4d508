// The print channels: check, print or save (gated and recorded in the audit log before the copy goes out), the copies
// printed so far, and the service barcode a label or badge carries.
import type { z } from 'zod';
import { DOCUMENT_TITLES, pageSizeOf } from '../../contract/documents.ts';
import type { AuditPerson } from '../../contract/ipc/audit-shapes.ts';
import type { labelBarcodeInput, PrintResult, printDocumentInput } from '../../contract/ipc/print.ts';
import { StationError } from '../station/errors.ts';
import { activeOrIssuedBarcode } from './label-barcode.ts';
import { decidePrint, missingPharmacy, signedInUser } from './print-gate.ts';
import type { PrintParts } from './print-parts.ts';

type PrintInput = z.output<typeof printDocumentInput>;

const nameOf = (user: { firstName: string | null; lastName: string | null }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || null;

/** The pharmacist who allows an unverified label: one who confirmed at this station, or the one signed in. */
function overridePerson(input: PrintInput, parts: PrintParts): AuditPerson {
  const { user, role } = signedInUser(parts);
  const confirmationId = input.override?.confirmationId ?? null;
  if (confirmationId) return parts.takeConfirmation(confirmationId);
  if (role !== 'pharmacist') {
    throw new StationError('forbidden', 'Only a pharmacist may allow a label before its line is verified.');
  }
  return { id: user.id, email: user.email, name: nameOf(user) };
}

export const printChannels = {
  check: async ({ document }: { document: PrintInput['document'] }, parts: PrintParts) =>
    (await decidePrint(document, await parts.settings(), parts)).check,

  history: ({ document }: { document: PrintInput['document'] }, parts: PrintParts) => parts.audit.prints(document),

  document: async (input: PrintInput, parts: PrintParts): Promise<PrintResult> => {
    const settings = await parts.settings();
    const { check } = await decidePrint(input.document, settings, parts);
    const { user } = signedInUser(parts);
    const pharmacy = input.document.kind === 'prescription_label' ? missingPharmacy(settings) : null;
    if (pharmacy) throw new StationError('not_allowed', pharmacy);
    let override = null;
    if (!check.allowed) {
      if (!input.override) throw new StationError('not_verified', check.reason ?? 'This label may not print yet.');
      override = { by: overridePerson(input, parts), note: input.override.note };
    }
    if (check.copies > 0 && !input.reprint) {
      throw new StationError(
        'invalid_input',
        `This ${DOCUMENT_TITLES[input.document.kind].toLowerCase()} was printed here before (copy ${check.copies}): say why it is printed again.`,
        [{ field: 'reprint', message: 'a reprint needs a reason' }],
      );
    }
    const printer = settings.printers[input.document.kind];
    // Kept before the copy goes out: a label never leaves the station without its record.
    const record = parts.audit.recordPrint(
      {
        document: input.document,
        output: input.output,
        grounds: override ? 'pharmacist' : input.document.kind === 'prescription_label' ? 'verified' : 'not_gated',
        reprint: check.copies > 0 && input.reprint ? input.reprint : null,
        override,
        printer: input.output === 'print' ? printer : null,
      },
      user,
    );
    const port = parts.printer;
    const result = { recordId: record.id, copy: record.copy };
    if (!port) return { ...result, handledBy: 'renderer', savedTo: null, problem: null };
    const job = {
      pageSize: pageSizeOf(input.document.kind, settings.labelStock),
      printer,
    };
    if (input.output === 'pdf') {
      const suggestedName = `${input.document.kind.replaceAll('_', '-')}-copy-${record.copy}.pdf`;
      const saved = await port.savePdf({ ...job, suggestedName });
      return { ...result, handledBy: 'station', savedTo: saved.savedTo, problem: null };
    }
    const printed = await port.print(job);
    return { ...result, handledBy: 'station', savedTo: null, problem: printed.problem };
  },

  barcode: ({ entityType, entityId }: z.output<typeof labelBarcodeInput>, parts: PrintParts) => {
    const { user, role } = signedInUser(parts);
    if (entityType === 'user' && entityId !== user.id && role !== 'admin') {
      throw new StationError('forbidden', 'A staff badge is printed by its owner or an admin.');
    }
    return activeOrIssuedBarcode(entityType, entityId, parts);
  },
};
