// A label and value list for the review cards; a value that was not given says so instead of leaving a blank.
import { Fragment, type ReactNode } from 'react';
import { reviewWords } from './wording.ts';

export type FactRow = [label: string, value: ReactNode];

function given(value: ReactNode): boolean {
  return value !== null && value !== undefined && value !== '' && value !== false;
}

export function Facts({ rows, label }: { rows: FactRow[]; label?: string }) {
  return (
    <dl className="rx-facts" aria-label={label}>
      {rows.map(([name, value]) => (
        <Fragment key={name}>
          <dt>{name}</dt>
          <dd>{given(value) ? value : <span className="muted">{reviewWords.notGiven}</span>}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** "(555) 010-4477" for the service's ten digits; anything else as sent. */
export function formatPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}
