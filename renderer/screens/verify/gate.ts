// Whether this order may be verified now, and by whom (the rules live in rules/verification/who-may-verify.ts, which main
// enforces too): past verification it opens read-only; the picker may not verify it. Also the Rx numbers of the lines.
export {
  isPastVerification,
  PAST_VERIFICATION,
  type Picker,
  pickerOf,
} from '../../../rules/verification/who-may-verify.ts';

interface PrescriptionLike {
  reference_number?: string | null;
  /** The items as the service answers them (`prescriptions`); `medications` as a create body names them. */
  prescriptions?: readonly { product_code?: string | null }[] | null;
  medications?: readonly { product_code?: string | null }[] | null;
}

const digits = (code: string | null | undefined) => (code ?? '').replace(/\D/g, '');

/**
 * The Rx numbers (reference numbers) of the order's electronic prescriptions by the product code (NDC) they name, so
 * each prescription line shows its own; `all` lists every one for the header.
 */
export function rxNumbersOf(prescriptions: readonly (PrescriptionLike | undefined)[]): {
  all: string[];
  byProductCode: Map<string, string[]>;
} {
  const all: string[] = [];
  const byProductCode = new Map<string, string[]>();
  for (const prescription of prescriptions) {
    const rx = prescription?.reference_number?.trim();
    if (!rx) continue;
    if (!all.includes(rx)) all.push(rx);
    for (const medication of prescription?.prescriptions ?? prescription?.medications ?? []) {
      const code = digits(medication.product_code);
      if (!code) continue;
      byProductCode.set(code, [...(byProductCode.get(code) ?? []), rx]);
    }
  }
  return { all, byProductCode };
}

export const rxOfLine = (rx: ReturnType<typeof rxNumbersOf>, productCode: string | null) =>
  rx.byProductCode.get(digits(productCode)) ?? [];
