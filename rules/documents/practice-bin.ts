// A training drill's practice bin sheet: one line per item the trainee is handed (the wrong one included, as handed),
// its count and its code, drawn as DataMatrix so a real scanner works at a training desk. It names the drill and the
// trainee, never what is wrong in the bin nor what the drill checks.

import type { BinContent } from '../../contract/document-content.ts';
import { writtenMoment } from '../words/dates.ts';

export interface PracticeBinFacts {
  drill: string;
  trainee: string;
  orderNumber: string;
  /** ISO moment the drill was set up. */
  setUpAt: string;
  /** As the training service set the bin up: each item's product name, its code (SKU or lot UPC) and count. */
  bin: readonly { name: string; code: string; count: number }[];
}

export function practiceBinSheet(facts: PracticeBinFacts): BinContent {
  return {
    kind: 'practice_bin',
    drill: facts.drill,
    trainee: facts.trainee,
    orderNumber: facts.orderNumber,
    setUp: writtenMoment(facts.setUpAt) ?? facts.setUpAt,
    items: facts.bin.map((item) => ({
      name: item.name,
      count: item.count === 1 ? '1 unit' : `${item.count} units`,
      code: item.code,
    })),
  };
}
