// The prescription label as ZPL, for a Zebra (or ZPL-speaking) thermal printer sent raw: the same content the PDF path
// draws (contract/document-content.ts, built by label.ts), laid out for the label's stock, with its service barcode as
// an ECC 200 DataMatrix. Written here from Zebra's ZPL II reference (no GPL template library). Only the fields named
// below are read, so a field added to the label's content later changes nothing here until it is placed.
import type { LabelContent } from '../../contract/document-content.ts';
import { LABEL_STOCK_SIZES } from '../../contract/documents.ts';
import { zplFieldData } from './zpl-text.ts';

/** What the ZPL label reads of the label's content. */
export type ZplLabelFields = Pick<
  LabelContent,
  | 'stock'
  | 'pharmacy'
  | 'rxNumber'
  | 'filledOn'
  | 'patient'
  | 'drug'
  | 'quantity'
  | 'directions'
  | 'prescriber'
  | 'refills'
  | 'discardAfter'
  | 'warnings'
  | 'barcode'
  | 'band'
>;

/** Printer resolution in dots per millimetre: 8 (203 dpi, the common one) or 12 (300 dpi). */
export type DotsPerMm = 8 | 12;

/** Where the DataMatrix sits and how big it is, in dots (tests crop there to decode it). */
export interface ZplBarcodePlace {
  x: number;
  y: number;
  size: number;
}

interface Layout {
  /** Dots at 8 dpmm; scaled for 12. */
  rows: { name: number; address: number; rx: number; patient: number; drug: number; details: number };
  directions: { y: number; lines: number; font: number };
  warnings: { y: number; lines: number; font: number };
  discard: number;
  barcode: { x: number; y: number; module: number };
  textWidth: number;
  fonts: { name: number; small: number; rx: number; patient: number; drug: number };
}

const FOUR_BY_TWO_AND_A_HALF: Layout = {
  rows: { name: 14, address: 46, rx: 78, patient: 106, drug: 146, details: 180 },
  directions: { y: 210, lines: 3, font: 26 },
  warnings: { y: 312, lines: 4, font: 20 },
  discard: 470,
  barcode: { x: 620, y: 300, module: 6 },
  textWidth: 580,
  fonts: { name: 30, small: 20, rx: 24, patient: 34, drug: 28 },
};
/** 4 × 2-1/8 and 4 × 2-5/16 in (the DYMO sizes, on a Zebra too): fewer warning lines, the discard line higher. */
const FOUR_BY_TWO: Layout = {
  ...FOUR_BY_TWO_AND_A_HALF,
  warnings: { y: 300, lines: 3, font: 20 },
  discard: 396,
  barcode: { x: 630, y: 296, module: 5 },
};

const LAYOUTS: Record<LabelContent['stock'], Layout> = {
  '4x2.5': FOUR_BY_TWO_AND_A_HALF,
  '4x2.125': FOUR_BY_TWO,
  '4x2.3125': FOUR_BY_TWO,
  '4x6': {
    rows: { name: 30, address: 82, rx: 170, patient: 225, drug: 300, details: 348 },
    directions: { y: 410, lines: 5, font: 40 },
    warnings: { y: 640, lines: 10, font: 28 },
    discard: 1120,
    barcode: { x: 580, y: 640, module: 8 },
    textWidth: 520,
    fonts: { name: 44, small: 26, rx: 34, patient: 56, drug: 40 },
  },
};

/**
 * A printer does not wrap past a field block's last line (it overprints it), so the text is fitted here: the average
 * glyph of font 0 is taken as 0.6 of its height, and text longer than the block holds ends with "...". The label's
 * builder keeps directions short; this is the guard, not the layout.
 */
export function fitToBlock(text: string, width: number, font: number, lines: number): string {
  const perLine = Math.max(1, Math.floor(width / (font * 0.6)));
  const budget = perLine * lines;
  return text.length <= budget ? text : `${text.slice(0, budget - 3).trimEnd()}...`;
}

/** Where the DataMatrix is printed on this stock at this resolution. */
export function zplBarcodePlace(fields: Pick<LabelContent, 'stock'>, dotsPerMm: DotsPerMm = 8): ZplBarcodePlace {
  const { barcode } = LAYOUTS[fields.stock];
  const k = dotsPerMm / 8;
  return { x: Math.round(barcode.x * k), y: Math.round(barcode.y * k), size: Math.round(barcode.module * k) };
}

/** The label as one ZPL format (^XA…^XZ). */
export function prescriptionLabelZpl(fields: ZplLabelFields, dotsPerMm: DotsPerMm = 8): string {
  const layout = LAYOUTS[fields.stock];
  const page = LABEL_STOCK_SIZES[fields.stock];
  const k = dotsPerMm / 8;
  const d = (dots: number) => Math.round(dots * k);
  const left = d(24);
  const fullWidth = d(812 - 48);
  const text = (y: number, value: string, font: number, x = left) =>
    `^FO${x},${d(y)}^A0N,${d(font)},${d(font)}^FH_^FD${zplFieldData(value)}^FS`;
  const block = (y: number, value: string, font: number, lines: number, width: number) =>
    `^FO${left},${d(y)}^A0N,${d(font)},${d(font)}^FB${width},${lines},${d(4)},L,0^FH_^FD${zplFieldData(
      fitToBlock(value, width, d(font), lines),
    )}^FS`;
  // Not final yet: the band in white on a black bar, beside the discard line and below the code.
  const band = (words: string) => [
    `^FO${d(330)},${d(layout.discard - 6)}^GB${d(460)},${d(fonts.small + 12)},${d(fonts.small + 12)}^FS`,
    `^FO${d(338)},${d(layout.discard)}^A0N,${d(fonts.small)},${d(fonts.small)}^FR^FH_^FD${zplFieldData(words)}^FS`,
  ];
  const rule = (y: number) => `^FO${left},${d(y)}^GB${fullWidth},${d(2)},${d(2)}^FS`;
  const { rows, fonts } = layout;
  const barcode = zplBarcodePlace(fields, dotsPerMm);
  const { pharmacy } = fields;
  return [
    '^XA',
    '^CI28',
    `^PW${Math.round(page.width * 25.4 * dotsPerMm)}`,
    `^LL${Math.round(page.height * 25.4 * dotsPerMm)}`,
    '^LH0,0',
    text(rows.name, pharmacy.name, fonts.name),
    text(rows.address, `${pharmacy.address}  Tel ${pharmacy.phone}`, fonts.small),
    rule(rows.rx - 8),
    text(rows.rx, `Rx# ${fields.rxNumber}`, fonts.rx),
    text(rows.rx, `Filled ${fields.filledOn}`, fonts.rx, d(470)),
    text(rows.patient, fields.patient, fonts.patient),
    text(rows.drug, fields.drug, fonts.drug),
    text(rows.details, `Qty ${fields.quantity}   Refills ${fields.refills}   ${fields.prescriber}`, fonts.small),
    block(layout.directions.y, fields.directions, layout.directions.font, layout.directions.lines, fullWidth),
    block(
      layout.warnings.y,
      fields.warnings.join('. '),
      layout.warnings.font,
      layout.warnings.lines,
      d(layout.textWidth),
    ),
    text(layout.discard, `Discard after ${fields.discardAfter}`, fonts.small),
    ...(fields.band ? band(fields.band) : []),
    // ^BXo,h,s: normal orientation, module size in dots, quality 200 (ECC 200; a printer's default is ECC 0).
    `^FO${barcode.x},${barcode.y}^BXN,${barcode.size},200^FH_^FD${zplFieldData(fields.barcode)}^FS`,
    '^XZ',
  ].join('\n');
}
