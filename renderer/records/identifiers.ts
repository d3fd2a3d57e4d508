// Check digits of prescriber identifiers: a typo in an NPI or a DEA number is caught before anything is sent.

/** The NPI's Luhn check: over the prefix 80840 and the first nine digits, the tenth is the check digit. */
export function npiCheckDigitOk(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const digits = `80840${npi.slice(0, 9)}`.split('').map(Number);
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let digit = digits[i] as number;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10 === Number(npi.charAt(9));
}

/** The DEA checksum: digits 1+3+5, plus twice 2+4+6; its last figure is the seventh digit. */
export function deaCheckDigitOk(dea: string): boolean {
  const match = /^[A-Z]{2}(\d{7})$/.exec(dea);
  if (!match) return false;
  const d = (match[1] as string).split('').map(Number) as [number, number, number, number, number, number, number];
  return (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10 === d[6];
}
