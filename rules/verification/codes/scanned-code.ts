// What one submission of the scan field holds: an optional count typed before it ("90*"), and every way the code may
// name a product (service barcode, GS1 DataMatrix, UPC/EAN/GTIN, NDC, or a plain SKU or product code).
import { type Gs1Data, parseGs1 } from './gs1.ts';
import { toGtin14 } from './gtin.ts';
import { ndcFromGtin14, readNdc } from './ndc.ts';

export interface ScannedCode {
  /** The code as scanned, without the count. */
  raw: string;
  /** Units the scan stands for: the count typed before `*`, else 1. */
  quantity: number;
  /** `PRESCRIPTION_PRODUCT-<uuid>-<hex>` and the like: the service says what it labels. */
  serviceBarcode: boolean;
  gs1: Gs1Data | null;
  /** The GTIN as 14 digits: from GS1 AI 01, or a UPC-A, EAN-13, GTIN-8 or GTIN-14 scanned on its own. */
  gtin14: string | null;
  /** 11-digit NDCs the code may stand for (an NDC in any layout, or one carried by the GTIN). */
  ndcCandidates: string[];
  /** Upper case, for SKU and product code comparison. */
  key: string;
}

export const MAX_QUANTITY = 9999;

/** The service's barcode values: an entity prefix, its UUID, then a check part. */
const SERVICE_BARCODE = /^[A-Z][A-Z_]*-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9a-f]+$/i;

/** "90*CODE": a count typed before scanning (a counted quantity is one scan of the stock bottle). */
const COUNT_PREFIX = /^(\d{1,5})\*(.*)$/s;

/**
 * The keys of the code itself in a submission: what follows a count typed before `*`, else the whole text (the screen
 * times only these keys to tell a scanner from typing; main reads the count).
 */
export function codeKeysOf(input: string): string {
  const text = input.replace(/^[\s]+|[\s]+$/g, '');
  const counted = COUNT_PREFIX.exec(text);
  return counted ? (counted[2] ?? '').replace(/^\s+/, '') : text;
}

export type ReadResult = { ok: true; code: ScannedCode } | { ok: false; message: string };

/** Reads a submission of the scan field. Refuses an empty code and a count outside 1–9999; never throws. */
export function readScannedCode(input: string): ReadResult {
  if (typeof input !== 'string') return { ok: false, message: 'Nothing was scanned.' };
  let text = input.replace(/^[\s]+|[\s]+$/g, '');
  let quantity = 1;
  const counted = COUNT_PREFIX.exec(text);
  if (counted) {
    quantity = Number(counted[1]);
    text = (counted[2] ?? '').replace(/^\s+/, '');
    if (quantity < 1 || quantity > MAX_QUANTITY) {
      return { ok: false, message: `A count before * is 1 to ${MAX_QUANTITY}; ${counted[1]} was typed.` };
    }
  }
  if (text === '') {
    return { ok: false, message: counted ? 'Scan the product after the count.' : 'Nothing was scanned.' };
  }
  if (text.length > 200) return { ok: false, message: 'That code is too long to be a product barcode.' };
  const gs1 = parseGs1(text);
  const gtin14 = gs1?.gtin ?? toGtin14(text);
  const ndc = readNdc(text);
  const carried = gtin14 ? ndcFromGtin14(gtin14) : null;
  const ndcCandidates = [...new Set([...(ndc?.candidates ?? []), ...(carried?.candidates ?? [])])];
  return {
    ok: true,
    code: {
      raw: text,
      quantity,
      serviceBarcode: SERVICE_BARCODE.test(text),
      gs1,
      gtin14,
      ndcCandidates,
      key: text.toUpperCase(),
    },
  };
}
