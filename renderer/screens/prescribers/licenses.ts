// A prescriber's state licenses as the screen shows them: by state, the current one first, and how soon each expires.
import type { Qualification } from '../../../contract/service/prescribers.ts';
import { LICENSE_EXPIRES_SOON_DAYS } from '../../../rules/days.ts';
import { daysUntil, formatDay } from '../../format/record-values.ts';

export interface StateLicenses {
  state: string;
  /** Active licenses first (normally one: a new number deactivates the state's older license), then inactive ones. */
  licenses: Qualification[];
}

/** Licenses grouped by state, states in alphabetical order; within a state active first, then the newest. */
export function licensesByState(qualifications: readonly Qualification[]): StateLicenses[] {
  const groups = new Map<string, Qualification[]>();
  for (const qualification of qualifications) {
    const state = (qualification.state ?? '').toUpperCase() || '—';
    groups.set(state, [...(groups.get(state) ?? []), qualification]);
  }
  const newestFirst = (a: Qualification, b: Qualification) =>
    (b.updated_at ?? b.created_at ?? '').localeCompare(a.updated_at ?? a.created_at ?? '');
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([state, licenses]) => ({
      state,
      licenses: [
        ...licenses.filter((l) => l.is_active !== false).sort(newestFirst),
        ...licenses.filter((l) => l.is_active === false).sort(newestFirst),
      ],
    }));
}

export type ExpiryTone = 'expired' | 'soon' | 'current' | 'unknown';

export function expiryOf(qualification: Qualification, today: string): { tone: ExpiryTone; text: string } {
  const days = daysUntil(qualification.expiration_date, today);
  const day = formatDay(qualification.expiration_date);
  if (days === null) return { tone: 'unknown', text: qualification.expiration_date ? day : 'No expiry on file' };
  if (days < 0) return { tone: 'expired', text: `Expired ${day}` };
  if (days === 0) return { tone: 'soon', text: `Expires today, ${day}` };
  if (days <= LICENSE_EXPIRES_SOON_DAYS)
    return { tone: 'soon', text: `Expires ${day} (in ${days} day${days === 1 ? '' : 's'})` };
  return { tone: 'current', text: `Expires ${day}` };
}

/** The state's current license that saving `number` for `state` would replace (a different number), if any. */
export function licenseReplacedBy(
  qualifications: readonly Qualification[],
  state: string,
  number: string,
  except?: string,
): Qualification | null {
  const wanted = state.trim().toUpperCase();
  const typed = number.trim();
  if (!wanted || !typed) return null;
  return (
    qualifications.find(
      (q) =>
        q.is_active !== false &&
        (q.state ?? '').toUpperCase() === wanted &&
        (q.license_number ?? '') !== typed &&
        (except === undefined || q.id !== except),
    ) ?? null
  );
}
