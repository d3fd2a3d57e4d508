// The pharmacist's final check by scan (tech-check-tech not allowed): the stock bottle the technician filled from and
// the prescription label are scanned, and both must be what the order's verification counted. Pure: main reads the
// order, its prescriptions, the catalogue and what the label's code names, and passes them in; a mismatch is a hard stop.

/** A prescription line of a verified order, as main read it, with what the verification recorded of it. */
export interface FinalCheckLine {
  prescriptionId: string;
  productId: string;
  /** The drug as people name it, for the words. */
  drug: string;
  /** The lot numbers the verification counted from (empty: none recorded, e.g. a UPC scan names no lot). */
  lots: readonly string[];
  /** A final check already passed for this line. */
  checked: boolean;
}

/** What the bottle's code names in the catalogue main read: products (and the lot number it carried); null: nothing. */
export interface BottleReading {
  productIds: readonly string[];
  lotNumber: string | null;
}

/** What the label's code names at the service (barcodes.verify); null when the service does not know it. */
export interface LabelReading {
  type: string;
  id: string;
}

export type FinalCheckVerdict =
  | { outcome: 'passed'; line: FinalCheckLine; orderDone: boolean }
  | { outcome: 'stopped'; stop: 'product' | 'lot' | 'label'; line: FinalCheckLine | null; message: string };

const sameBatch = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** The final check of one line: the bottle names the line's product (and a counted lot), the label names its prescription. */
export function judgeFinalCheck(
  lines: readonly FinalCheckLine[],
  bottle: BottleReading | null,
  label: LabelReading | null,
): FinalCheckVerdict {
  const line = bottle ? (lines.find((each) => bottle.productIds.includes(each.productId)) ?? null) : null;
  if (!bottle || !line) {
    const counted = lines.map((each) => each.drug).join(', ') || 'no prescription line';
    const what = bottle ? 'a product this order’s verification did not count' : 'no product in the catalogue';
    return {
      outcome: 'stopped',
      stop: 'product',
      line: null,
      message: `Wrong product: the bottle scanned is ${what}. The order’s prescription lines are ${counted}. Do not release the label; return the order to the technician.`,
    };
  }
  if (bottle.lotNumber && line.lots.length > 0 && !line.lots.some((lot) => sameBatch(lot, bottle.lotNumber ?? ''))) {
    const counted = line.lots.join(', ');
    return {
      outcome: 'stopped',
      stop: 'lot',
      line,
      message: `Wrong lot: the bottle scanned is lot ${bottle.lotNumber} of ${line.drug}, and the verification counted lot ${counted}. Do not release the label until the vial is checked against the lot counted.`,
    };
  }
  if (label?.type !== 'prescription' || label.id !== line.prescriptionId) {
    const other = label?.type === 'prescription' ? lines.find((each) => each.prescriptionId === label.id) : undefined;
    const what = !label
      ? 'a code the service does not know (or a label replaced since)'
      : other
        ? `the label of another prescription on this order (${other.drug})`
        : label.type === 'prescription'
          ? 'the label of a prescription that is not on this order'
          : `not a prescription label (it labels a ${label.type.replaceAll('_', ' ')})`;
    return {
      outcome: 'stopped',
      stop: 'label',
      line,
      message: `Wrong label: the code scanned is ${what}, not the label of ${line.drug}. Do not release it.`,
    };
  }
  const orderDone = lines.every((each) => each.checked || each.prescriptionId === line.prescriptionId);
  return { outcome: 'passed', line, orderDone };
}
