// Check-digit-valid synthetic identifiers (NPI with the Luhn digit, DEA with its checksum), so the station's checks have real work to do.
import type { SeededRandom } from './random.ts';

/** A 10-digit NPI whose last digit is the Luhn check digit over the prefix 80840 + the first nine digits. */
export function syntheticNpi(random: SeededRandom): string {
  const body = `${random.pick(['1', '2'])}${random.digits(8)}`;
  const digits = `80840${body}`.split('').map(Number);
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits[i] as number;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A DEA number: registrant letter, the prescriber's last-name initial, six digits and the checksum digit. */
export function syntheticDea(random: SeededRandom, lastName: string): string {
  const d = Array.from({ length: 6 }, () => random.int(0, 9));
  const [a = 0, b = 0, c = 0, e = 0, f = 0, g = 0] = d;
  const check = (a + c + f + 2 * (b + e + g)) % 10;
  return `${random.pick(['A', 'B', 'F', 'M'])}${lastName.charAt(0).toUpperCase()}${d.join('')}${check}`;
}
