// A small seeded random generator, so the same --seed always builds the same demo data.
import { gtinCheckDigit } from '../../rules/verification/codes/gtin.ts';
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** A float in [0, 1) (mulberry32). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(this.int(0, 9));
    return out;
  }

  /**
   * A UPC-A (12 digits) whose last digit is its GS1 check digit, so a scanner's own check accepts it. It draws 12
   * digits as before and replaces the last, so the data seeded after it stays the same for the same seed.
   */
  upc(): string {
    const body = this.digits(12).slice(0, 11);
    return `${body}${gtinCheckDigit(body)}`;
  }

  /** A version-4-shaped UUID drawn from this generator (deterministic ids for deterministic data). */
  uuid(): string {
    const hex = (n: number): string => {
      let out = '';
      for (let i = 0; i < n; i++) out += this.int(0, 15).toString(16);
      return out;
    };
    const variant = this.pick(['8', '9', 'a', 'b']);
    return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
  }
}
