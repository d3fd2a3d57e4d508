// The pills that say what a lot needs attention for: expired or expiring soon, its material low on stock, empty,
// inactive, and "Use first" on the lot of its product to pick from first.
import { expiryWords } from './lot-flags.ts';
import type { LotView } from './lot-rows.ts';
import { inventoryWords } from './wording.ts';

const flags = inventoryWords.flags;

const BAND_CLASS = {
  expired: 'pill-bad',
  within30: 'pill-warn',
  within60: 'pill-warn',
  within90: 'pill-plain',
} as const;

export function LotFlags({ view }: { view: LotView }) {
  const { lot, expiry, stock, suggested } = view;
  const expiryText = expiryWords(expiry);
  const empty = typeof lot.current_quantity === 'number' && lot.current_quantity <= 0;
  return (
    <>
      {suggested ? <span className="pill pill-good">{flags.useFirst}</span> : null}
      {expiry.band && expiryText ? <span className={`pill ${BAND_CLASS[expiry.band]}`}>{expiryText}</span> : null}
      {stock?.low ? <span className="pill pill-bad">{flags.lowStock}</span> : null}
      {empty ? <span className="pill pill-plain">{flags.empty}</span> : null}
      {lot.is_active === false ? <span className="pill pill-plain">{flags.inactive}</span> : null}
    </>
  );
}
