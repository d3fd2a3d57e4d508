// GS1 element strings as a scanner sends a DataMatrix: "]d2" (or GS) first, variable fields ended by GS (ASCII 29),
// or the human-readable "(01)…(17)…(10)…" form. Reads GTIN (01), lot (10), expiry (17) and serial (21); never throws.
import { isValidGtin } from './gtin.ts';

export const GS = '\u001d';

/** What the fields of a GS1 code say; null where the code did not carry the field. */
export interface Gs1Data {
  gtin: string | null;
  lot: string | null;
  /** YYMMDD as printed (DD 00 means the end of the month). */
  expiry: string | null;
  serial: string | null;
  /** Every element in order, those above included. */
  elements: { ai: string; value: string }[];
}

interface AiSpec {
  /** Fixed length of the value, or the longest a variable one may be. */
  length: number;
  fixed: boolean;
  numeric: boolean;
}

const fixedDigits = (length: number): AiSpec => ({ length, fixed: true, numeric: true });
const variable = (length: number, numeric = false): AiSpec => ({ length, fixed: false, numeric });

/** The application identifiers a medication package may carry; any other makes the code unreadable as GS1. */
const AIS: Record<string, AiSpec> = {
  '00': fixedDigits(18),
  '01': fixedDigits(14),
  '02': fixedDigits(14),
  '10': variable(20),
  '11': fixedDigits(6),
  '12': fixedDigits(6),
  '13': fixedDigits(6),
  '15': fixedDigits(6),
  '16': fixedDigits(6),
  '17': fixedDigits(6),
  '20': fixedDigits(2),
  '21': variable(20),
  '22': variable(20),
  '240': variable(30),
  '241': variable(30),
  '30': variable(8, true),
  '37': variable(8, true),
  '400': variable(30),
  '710': variable(20),
  '711': variable(20),
  '712': variable(20),
  '713': variable(20),
  '714': variable(20),
  '715': variable(20),
  '90': variable(30),
  '91': variable(90),
  '92': variable(90),
  '93': variable(90),
  '94': variable(90),
  '95': variable(90),
  '96': variable(90),
  '97': variable(90),
  '98': variable(90),
  '99': variable(90),
};

/** GS1's character set 82: what a lot or serial may hold. */
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/;

/** Symbology identifiers a scanner may put first: GS1 DataMatrix, GS1-128, GS1 QR, GS1 DataBar. */
const SYMBOLOGY_PREFIXES = [']d2', ']C1', ']Q3', ']e0'];

/** The AI at the start of `text`: two, three or four digits, whichever the table knows. */
function aiAt(text: string, at: number): { ai: string; spec: AiSpec } | null {
  for (const size of [2, 3]) {
    const ai = text.slice(at, at + size);
    const spec = AIS[ai];
    if (spec && /^\d+$/.test(ai)) return { ai, spec };
  }
  // 31nn–36nn: trade measures, four digits and six for the value.
  const measure = text.slice(at, at + 4);
  if (/^3[1-6]\d\d$/.test(measure)) return { ai: measure, spec: fixedDigits(6) };
  return null;
}

function validValue(ai: string, spec: AiSpec, value: string): boolean {
  if (value.length === 0 || value.length > spec.length) return false;
  if (spec.fixed && value.length !== spec.length) return false;
  if (spec.numeric && !/^\d+$/.test(value)) return false;
  if (!spec.numeric && !CSET82.test(value)) return false;
  if (ai === '01' || ai === '02') return isValidGtin(value);
  if (ai === '17' || ai === '11' || ai === '13' || ai === '15' || ai === '16') return validYymmdd(value);
  return true;
}

/** YYMMDD with a real month, and a day that month has (00: the month's last day). */
export function validYymmdd(text: string): boolean {
  if (!/^\d{6}$/.test(text)) return false;
  const month = Number(text.slice(2, 4));
  const day = Number(text.slice(4, 6));
  if (month < 1 || month > 12) return false;
  return day <= daysIn(2000 + Number(text.slice(0, 2)), month);
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function toData(elements: { ai: string; value: string }[]): Gs1Data | null {
  if (elements.length === 0) return null;
  const first = (ai: string) => elements.find((element) => element.ai === ai)?.value ?? null;
  return { gtin: first('01'), lot: first('10'), expiry: first('17'), serial: first('21'), elements };
}

/** Fields one after another: a fixed field ends by its length, a variable one at GS or at the end. */
function readElementString(data: string): Gs1Data | null {
  const elements: { ai: string; value: string }[] = [];
  let at = 0;
  while (at < data.length) {
    if (data[at] === GS) {
      at++;
      continue;
    }
    const found = aiAt(data, at);
    if (!found) return null;
    const start = at + found.ai.length;
    let end: number;
    if (found.spec.fixed) end = start + found.spec.length;
    else {
      const separator = data.indexOf(GS, start);
      end = separator === -1 ? data.length : separator;
    }
    const value = data.slice(start, end);
    if (!validValue(found.ai, found.spec, value)) return null;
    elements.push({ ai: found.ai, value });
    at = end;
  }
  return toData(elements);
}

/** "(01)00312345678906(17)261231(10)AB12": each AI in brackets, then its value up to the next bracket. */
function readBrackets(text: string): Gs1Data | null {
  if (!/^(\(\d{2,4}\)[^()]+)+$/.test(text)) return null;
  const elements: { ai: string; value: string }[] = [];
  for (const match of text.matchAll(/\((\d{2,4})\)([^()]+)/g)) {
    const ai = match[1] ?? '';
    const value = match[2] ?? '';
    const found = aiAt(ai, 0);
    if (!found || found.ai !== ai || !validValue(ai, found.spec, value)) return null;
    elements.push({ ai, value });
  }
  return toData(elements);
}

/**
 * Reads a GS1 code: with a symbology prefix or a leading GS, in brackets, or bare when it starts with a valid
 * "01" GTIN. Answers null for anything that is not one; never throws.
 */
export function parseGs1(text: string): Gs1Data | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > 400) return null;
  const prefix = SYMBOLOGY_PREFIXES.find((candidate) => text.startsWith(candidate));
  if (prefix) return readElementString(text.slice(prefix.length));
  if (text.startsWith(GS)) return readElementString(text);
  if (text.startsWith('(')) return readBrackets(text);
  // Bare digits: only when it opens with a GTIN whose check digit holds, so an SKU never reads as GS1.
  if (text.startsWith('01') && text.length >= 16 && isValidGtin(text.slice(2, 16))) return readElementString(text);
  return null;
}

export type Gs1Form = 'symbology' | 'gs' | 'brackets';

/**
 * Writes elements as a scanner would send them (symbology: "]d2" first; gs: a leading GS) or as printed under the
 * symbol (brackets). A variable field is followed by GS unless it is the last.
 */
export function formatGs1(elements: { ai: string; value: string }[], form: Gs1Form): string {
  if (form === 'brackets') return elements.map(({ ai, value }) => `(${ai})${value}`).join('');
  let out = form === 'symbology' ? ']d2' : GS;
  elements.forEach(({ ai, value }, i) => {
    out += `${ai}${value}`;
    const spec = aiAt(ai, 0)?.spec;
    if (spec && !spec.fixed && i < elements.length - 1) out += GS;
  });
  return out;
}

/**
 * A GS1 expiry (YYMMDD) as YYYY-MM-DD. The century is GS1's sliding window around `today`'s year (up to 49 years
 * back, 50 ahead); DD 00 is the last day of the month. Null when the date is not a real one.
 */
export function gs1ExpiryDate(yymmdd: string, today: string): string | null {
  if (!validYymmdd(yymmdd) || !/^\d{4}-\d{2}-\d{2}/.test(today)) return null;
  const thisYear = Number(today.slice(0, 4));
  const century = Math.floor(thisYear / 100) * 100;
  const yy = Number(yymmdd.slice(0, 2));
  const difference = yy - (thisYear % 100);
  let year = century + yy;
  if (difference >= 51) year -= 100;
  else if (difference <= -50) year += 100;
  const month = Number(yymmdd.slice(2, 4));
  const printedDay = Number(yymmdd.slice(4, 6));
  const day = printedDay === 0 ? daysIn(year, month) : printedDay;
  if (day > daysIn(year, month)) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
