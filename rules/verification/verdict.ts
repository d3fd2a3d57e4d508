// What one scan means for the order: it counts on a line, or it is a hard stop (not on the order, one too many, an
// expired or recalled lot), or it names nothing known. Pure: the screen shows the verdict and the run keeps it.
import type { z } from 'zod';
import type { auditStopKind } from '../../contract/ipc/audit.ts';
import { lotExpired } from '../days.ts';
import type { CatalogueIndex } from './catalogue-index.ts';
import type { ScannedCode } from './codes/scanned-code.ts';
import { dayForPeople, productLabel, type VerifyLine } from './lines.ts';
import type { CodeMatch, MatchedBy } from './match.ts';
import { type RecalledLot, recallOf } from './recalls.ts';

export type StopKind = z.infer<typeof auditStopKind>;

/** What a scan found, whatever its verdict: kept in the audit log. */
export interface ScanFacts {
  code: string;
  quantity: number;
  matchedBy: MatchedBy | null;
  productId: string | null;
  lotId: string | null;
  lot: string | null;
  expiry: string | null;
}

export type Verdict =
  | { kind: 'count'; facts: ScanFacts & { productId: string }; message: string }
  | { kind: 'stop'; stop: StopKind; facts: ScanFacts; title: string; message: string }
  | { kind: 'unrecognised'; facts: ScanFacts; message: string };

export const STOP_TITLES: Record<StopKind, string> = {
  not_on_order: 'Not on this order',
  too_many: 'One too many',
  expired_lot: 'Expired lot',
  not_prescribed: 'Not the prescribed drug',
  recalled_lot: 'Recalled lot',
};

export interface JudgeInput {
  code: ScannedCode;
  match: CodeMatch;
  lines: readonly VerifyLine[];
  /** Units counted so far per product. */
  counted: ReadonlyMap<string, number>;
  index: CatalogueIndex;
  /** YYYY-MM-DD on this workstation's calendar. */
  today: string;
  /** The pharmacy's recall list (resources/recalls/): a recalled lot stops like an expired one. */
  recalls?: readonly RecalledLot[];
}

function factsOf(code: ScannedCode, match: CodeMatch, productId: string | null): ScanFacts {
  const found = match.kind === 'product' ? match.match : null;
  return {
    code: code.raw,
    quantity: code.quantity,
    matchedBy: found?.by ?? null,
    productId,
    lotId: found?.lot?.id ?? null,
    lot: found?.lotNumber ?? null,
    expiry: found?.expiry ?? null,
  };
}

/** Judges one scan against the order's lines. An expired lot stops before a count is even considered. */
export function judgeScan({ code, match, lines, counted, index, today, recalls = [] }: JudgeInput): Verdict {
  if (match.kind !== 'product') {
    return {
      kind: 'unrecognised',
      facts: factsOf(code, match, null),
      message: `${code.raw} matches no product. Check the label, or type the SKU or NDC.`,
    };
  }
  const found = match.match;
  const onOrder = found.productIds
    .map((id) => lines.find((line) => line.productId === id))
    .filter((line): line is VerifyLine => line !== undefined);
  if (onOrder.length === 0) {
    const productId = found.productIds[0] ?? null;
    const label = productLabel(productId ? index.products.get(productId) : undefined, productId);
    return {
      kind: 'stop',
      stop: 'not_on_order',
      facts: factsOf(code, match, productId),
      title: STOP_TITLES.not_on_order,
      message: `${label} is not on this order. Take it out of the package.`,
    };
  }
  const line = onOrder.find((candidate) => (counted.get(candidate.productId) ?? 0) < candidate.expected) ?? onOrder[0];
  const chosen = line as VerifyLine;
  const facts = factsOf(code, match, chosen.productId) as ScanFacts & { productId: string };
  const label = productLabel(chosen);
  if (found.expiry !== null && lotExpired(found.expiry, today)) {
    const lot = found.lotNumber ? `Lot ${found.lotNumber}` : 'This lot';
    return {
      kind: 'stop',
      stop: 'expired_lot',
      facts,
      title: STOP_TITLES.expired_lot,
      message: `${lot} of ${label} expired on ${dayForPeople(found.expiry)}. Do not ship it.`,
    };
  }
  const recall = recallOf(recalls, index, chosen.productId, found.lotNumber);
  if (recall) {
    return {
      kind: 'stop',
      stop: 'recalled_lot',
      facts,
      title: STOP_TITLES.recalled_lot,
      message: `Lot ${found.lotNumber} of ${label} is recalled (${recall.recall}). Do not ship it; set the bottle aside.`,
    };
  }
  const already = counted.get(chosen.productId) ?? 0;
  if (already + code.quantity > chosen.expected) {
    const adding = code.quantity === 1 ? 'one more' : `${code.quantity} more`;
    return {
      kind: 'stop',
      stop: 'too_many',
      facts,
      title: STOP_TITLES.too_many,
      message: `The order has ${chosen.expected} of ${label} and ${already} ${already === 1 ? 'is' : 'are'} already scanned: ${adding} is too many.`,
    };
  }
  const now = already + code.quantity;
  return { kind: 'count', facts, message: `${label}: ${now} of ${chosen.expected}.` };
}
