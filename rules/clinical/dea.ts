// DEA registration numbers: the format (two letters, seven digits) and the registrar's check digit.

export type DeaVerdict =
  | { valid: true; dea: string }
  | { valid: false; problem: 'missing' | 'format' | 'checksum'; message: string };

const FORMAT = /^[A-Z]{2}\d{7}$/;

/** The check digit for six digits d1..d6: the last digit of (d1 + d3 + d5) + 2 × (d2 + d4 + d6). */
export function deaCheckDigit(sixDigits: string): number {
  if (!/^\d{6}$/.test(sixDigits)) throw new RangeError('a DEA check digit is computed over exactly six digits');
  const d = sixDigits.split('').map(Number) as [number, number, number, number, number, number];
  return (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10;
}

/** Whether a DEA number is present, well formed and carries the right check digit; says why not in plain words. */
export function checkDea(value: string | null | undefined): DeaVerdict {
  const dea = (value ?? '').trim().toUpperCase();
  if (!dea) return { valid: false, problem: 'missing', message: 'No DEA number on file.' };
  if (!FORMAT.test(dea)) {
    return {
      valid: false,
      problem: 'format',
      message: `DEA number ${dea} is not two letters followed by seven digits.`,
    };
  }
  const expected = deaCheckDigit(dea.slice(2, 8));
  const given = Number(dea[8]);
  if (expected !== given) {
    return {
      valid: false,
      problem: 'checksum',
      message: `DEA number ${dea} fails its checksum: the last digit should be ${expected}, not ${given}.`,
    };
  }
  return { valid: true, dea };
}

/** Whether the DEA number's second letter is the initial of the prescriber's last name (the registrar's rule). */
export function deaMatchesLastName(dea: string, lastName: string | null | undefined): boolean | null {
  const initial = (lastName ?? '').trim().charAt(0).toUpperCase();
  if (!/[A-Z]/.test(initial)) return null;
  return dea.trim().toUpperCase().charAt(1) === initial;
}
