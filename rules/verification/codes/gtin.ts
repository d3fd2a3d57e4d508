// GTINs (UPC-A, EAN-13, GTIN-8 and GTIN-14): the GS1 check digit, and one 14-digit form to compare them by.

const DIGITS = /^\d+$/;

/** The GS1 check digit of `body` (the digits before it): weights 3, 1, 3… from the right. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether `text` is a GTIN-8, -12, -13 or -14 whose last digit checks. */
export function isValidGtin(text: string): boolean {
  if (![8, 12, 13, 14].includes(text.length) || !DIGITS.test(text)) return false;
  return gtinCheckDigit(text.slice(0, -1)) === Number(text.at(-1));
}

/** The GTIN as 14 digits (zeros in front), or null when it is not a valid GTIN. */
export function toGtin14(text: string): string | null {
  return isValidGtin(text) ? text.padStart(14, '0') : null;
}

/** A GTIN-14 with its check digit, from 13 digits (for tests and for building codes). */
export function withCheckDigit(body: string): string {
  return `${body}${gtinCheckDigit(body)}`;
}
