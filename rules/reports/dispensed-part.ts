// What an order verified dispensed, as the pharmacy's record keeps it (contract/pharmacy-record.ts dispensedPart): the
// patient and each line's drug, schedule, quantity and the prescription it fills, from what main read for the run.
import type { z } from 'zod';
import type { dispensedPart } from '../../contract/pharmacy-record.ts';
import type { PrescriptionForGate } from '../verification/fill-gate.ts';
import type { VerifyLine } from '../verification/lines.ts';

export type DispensedPart = z.infer<typeof dispensedPart>;

const cut = (text: string | null | undefined, length: number) => (text ? text.slice(0, length) : null);

/** The dispensed part of an order's verification; a line's prescription is the first of the order's naming it. */
export function dispensedOf(
  order: { patientId: string | null; patient?: { name: string | null; dateOfBirth: string | null } },
  lines: readonly VerifyLine[],
  prescriptions: readonly PrescriptionForGate[] | null,
): DispensedPart {
  const birth = order.patient?.dateOfBirth ?? null;
  return {
    patient: {
      id: cut(order.patientId, 200),
      name: cut(order.patient?.name, 200),
      date_of_birth: birth && /^\d{4}-\d{2}-\d{2}$/.test(birth) ? birth : null,
    },
    lines: lines.slice(0, 100).map((line) => ({
      product_id: line.productId.slice(0, 200),
      kind: line.kind,
      drug: cut(line.name, 200),
      code: cut(line.sku ?? line.productCode, 200),
      controlled: line.controlled,
      schedule: cut(line.schedule, 10),
      quantity: line.expected,
      prescription_id: cut((prescriptions ?? []).find((p) => p.prescription_product_id === line.productId)?.id, 200),
    })),
  };
}
