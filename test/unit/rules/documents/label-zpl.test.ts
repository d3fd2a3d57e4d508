// The prescription label as ZPL: rendered back to an image with zpl-renderer-js (zebrash, a ZPL emulator) and its
// DataMatrix decoded with @zxing/library, on both label stocks and at 203 and 300 dpi; hostile text in any field stays
// text (fast-check), and a name written to inject commands prints as a name, not as a black box over the label; a label
// awaiting the pharmacist's final check carries its band and still scans.
import zxing from '@zxing/library';
import fc from 'fast-check';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { ready } from 'zpl-renderer-js';
import { LABEL_STOCK_SIZES } from '../../../../contract/documents.ts';
import {
  type DotsPerMm,
  fitToBlock,
  prescriptionLabelZpl,
  type ZplLabelFields,
  zplBarcodePlace,
} from '../../../../rules/documents/label-zpl.ts';
import { zplFieldData, zplFieldText } from '../../../../rules/documents/zpl-text.ts';

const label: ZplLabelFields = {
  stock: '4x6',
  pharmacy: { name: 'Corner Pharmacy', address: '12 Main St, Springfield', phone: '555-0100' },
  rxNumber: '6000123',
  filledOn: 'Nov 27, 2026',
  patient: 'Zoë Müller-O’Brien',
  drug: 'Amoxicillin 500 mg capsule',
  quantity: '30 capsules',
  directions: 'Take 1 capsule by mouth three times daily for 10 days.',
  prescriber: 'Dr. A. Smith',
  refills: 'No refills',
  discardAfter: 'Nov 27, 2027',
  warnings: ['Finish all of this medication', 'May cause diarrhea'],
  barcode: 'RX-6000123_~^a',
};

async function render(fields: ZplLabelFields, dotsPerMm: DotsPerMm): Promise<PNG> {
  const { api } = await ready;
  const page = LABEL_STOCK_SIZES[fields.stock];
  const png = await api.zplToBase64Async(
    prescriptionLabelZpl(fields, dotsPerMm),
    page.width * 25.4,
    page.height * 25.4,
    dotsPerMm,
  );
  return PNG.sync.read(Buffer.from(png, 'base64'));
}

/** The DataMatrix read from the image, cropped around where the label puts it (zxing looks from the centre). */
function decodeDataMatrix(image: PNG, x0: number, y0: number, size: number): string {
  const w = Math.min(size, image.width - x0);
  const h = Math.min(size, image.height - y0);
  const luminance = new Uint8ClampedArray(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = ((y + y0) * image.width + (x + x0)) * 4;
      const alpha = (image.data[i + 3] ?? 255) / 255;
      const grey =
        ((image.data[i] ?? 0) * 299 + (image.data[i + 1] ?? 0) * 587 + (image.data[i + 2] ?? 0) * 114) / 1000;
      luminance[y * w + x] = Math.round(grey * alpha + 255 * (1 - alpha));
    }
  const bitmap = new zxing.BinaryBitmap(new zxing.HybridBinarizer(new zxing.RGBLuminanceSource(luminance, w, h)));
  return new zxing.DataMatrixReader().decode(bitmap).getText();
}

const darkShare = (image: PNG) => {
  let dark = 0;
  for (let i = 0; i < image.data.length; i += 4) if ((image.data[i] ?? 255) < 128) dark++;
  return dark / (image.data.length / 4);
};

describe('the prescription label in ZPL', () => {
  it.each([
    ['4x6', 8],
    ['4x6', 12],
    ['4x2.5', 8],
    ['4x2.5', 12],
    ['4x2.125', 8],
    ['4x2.3125', 8],
  ] as const)(
    'on %s stock at %i dots/mm renders at the stock’s size and its DataMatrix reads back the barcode',
    async (stock, dotsPerMm) => {
      const fields = { ...label, stock };
      const image = await render(fields, dotsPerMm);
      const page = LABEL_STOCK_SIZES[stock];
      expect(image.width).toBe(Math.ceil(page.width * 25.4 * dotsPerMm));
      expect(image.height).toBe(Math.ceil(page.height * 25.4 * dotsPerMm));
      // A square around the symbol (about 20 modules for this barcode), so that its centre, where zxing starts, is on it.
      const place = zplBarcodePlace(fields, dotsPerMm);
      const text = decodeDataMatrix(image, place.x - 6 * place.size, place.y - 6 * place.size, 32 * place.size);
      expect(text).toBe('RX-6000123_~^a');
    },
    30_000,
  );

  it.each(['4x2.5', '4x2.125', '4x6'] as const)(
    'on %s stock a label awaiting the pharmacist’s final check prints its band, and its DataMatrix still reads back',
    async (stock) => {
      const fields = { ...label, stock, band: 'AWAITING PHARMACIST FINAL CHECK' };
      const zpl = prescriptionLabelZpl(fields);
      expect(zpl).toContain('^FR^FH_^FDAWAITING PHARMACIST FINAL CHECK^FS');
      expect(prescriptionLabelZpl({ ...label, stock })).not.toContain('AWAITING');
      const image = await render(fields, 8);
      const place = zplBarcodePlace(fields, 8);
      const text = decodeDataMatrix(image, place.x - 6 * place.size, place.y - 6 * place.size, 32 * place.size);
      expect(text).toBe('RX-6000123_~^a');
    },
    30_000,
  );

  it('a patient name written to inject ZPL prints as text, not as a black box over the label', async () => {
    const hostile = { ...label, patient: 'Bob^FS^FO0,0^GB812,1218,1218^FS~JA' };
    const image = await render(hostile, 8);
    expect(darkShare(image)).toBeLessThan(0.2);
  }, 30_000);

  it('reads only the fields it places: a field added to the label content later changes nothing', () => {
    const withMore = { ...label, counseling: 'Offer counselling', schedule: 'C-II' };
    expect(prescriptionLabelZpl(withMore)).toBe(prescriptionLabelZpl(label));
  });
});

describe('text in a ZPL field', () => {
  const command = /[\^~\\]/;
  it('whatever a field holds, its data has no command character, and reads back as the same text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        const data = zplFieldData(value);
        expect(data).not.toMatch(command);
        expect(data).toMatch(/^(?:[A-Za-z0-9 !"#$%&'()*+,\-./:;<=>?@[\]`{|}]|_[0-9A-F]{2})*$/);
        const printed = value.normalize('NFC').replace(/[\p{Cc}\u2028\u2029]+/gu, ' ');
        expect(zplFieldText(data)).toBe(printed);
      }),
      { numRuns: 300 },
    );
  });

  it('whatever the fields hold, the label is one format with exactly its own fields', () => {
    const anyText = fc.string({ unit: 'binary', maxLength: 80 });
    fc.assert(
      fc.property(
        anyText,
        anyText,
        anyText,
        fc.array(anyText, { maxLength: 4 }),
        (patient, drug, directions, warnings) => {
          const zpl = prescriptionLabelZpl({ ...label, patient, drug, directions, warnings });
          expect(zpl.match(/\^XA/g)).toHaveLength(1);
          expect(zpl.match(/\^XZ/g)).toHaveLength(1);
          expect(zpl.match(/\^FD/g)).toHaveLength(prescriptionLabelZpl(label).match(/\^FD/g)?.length ?? 0);
          expect(zpl).not.toMatch(/~/);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('text longer than a field block holds is cut with "..." (a printer would overprint its last line)', () => {
    expect(fitToBlock('short', 400, 20, 2)).toBe('short');
    const long = 'word '.repeat(100);
    const fitted = fitToBlock(long, 400, 20, 2);
    expect(fitted.endsWith('...')).toBe(true);
    expect(fitted.length).toBeLessThanOrEqual(2 * Math.floor(400 / 12));
  });
});
