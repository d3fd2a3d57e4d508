// Barcode images: a Code 128 PNG of the value (bwip-js), as the data URL the contract's `image` field carries.
import bwipjs from 'bwip-js';

/** Recently drawn values: a list page of images redraws nothing it drew a moment ago. */
const drawn = new Map<string, string>();
const KEEP = 500;

/** The PNG of a barcode value as `data:image/png;base64,…`. */
export async function barcodeImage(value: string): Promise<string> {
  const known = drawn.get(value);
  if (known) return known;
  const png = await bwipjs.toBuffer({
    bcid: 'code128',
    text: value,
    scale: 2,
    height: 12,
    includetext: true,
    textxalign: 'center',
    textsize: 8,
    paddingwidth: 10,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  });
  const url = `data:image/png;base64,${png.toString('base64')}`;
  if (drawn.size >= KEEP) drawn.delete(drawn.keys().next().value as string);
  drawn.set(value, url);
  return url;
}
