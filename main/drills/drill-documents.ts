// A drill's practice bin sheet for the print pipeline (main/print/ PracticeBins): its content built from the attempt
// main recorded when the drill was set up (the bin as the training service answered it), for its trainee or a trainer
// only, and its copies kept with the drill's records.
import type { BinContent } from '../../contract/rules/documents/content.ts';
import { practiceBinSheet } from '../../contract/rules/documents/practice-bin.ts';
import type { PracticeBins } from '../print/print-parts.ts';
import { attemptFor, withResults } from './drill-access.ts';
import { loadDrills } from './drill-files.ts';
import type { DrillParts } from './drill-parts.ts';

export function practiceBins(parts: DrillParts): PracticeBins {
  return {
    content(attemptId): BinContent {
      const attempt = attemptFor(attemptId, parts);
      const drill = loadDrills(parts.drillsDir).find((d) => d.id === attempt.drillId);
      return practiceBinSheet({
        drill: drill?.title ?? attempt.drillId,
        trainee: attempt.trainee,
        orderNumber: attempt.orderNumber,
        setUpAt: new Date(attempt.startedAt).toISOString(),
        bin: attempt.bin,
      });
    },
    prints(attemptId, limit = 50) {
      attemptFor(attemptId, parts);
      return withResults(parts, (results) => results.binSheets.list(attemptId, limit));
    },
    record(attemptId, facts, user) {
      const attempt = attemptFor(attemptId, parts);
      return withResults(parts, (results) => results.binSheets.add(attempt, facts, user, parts.now()));
    },
  };
}
