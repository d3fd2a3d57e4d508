// What a scanned code names, asked of main: scan:resolve (an order, a lot, a badge… read through offline) and the
// service's own answer for one of its labels (barcodes.verify).
import { station, unwrap } from './station.ts';

export function resolveCode(code: string) {
  return unwrap(station().scan.resolve({ code }));
}

export function verifyServiceLabel(code: string) {
  return unwrap(station().barcodes.verify({ body: { barcode_value: code } }));
}
