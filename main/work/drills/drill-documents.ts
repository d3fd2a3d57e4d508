// The drills' documents for the print pipeline (`DrillDocuments`, which main/work/print/ prints): a drill's practice bin
// sheet, built from the attempt main recorded when the drill was set up (the bin as the training service answered it),
// for its trainee or a trainer only; a trainee's competency record, a trainer's only. Their copies are kept with the
// drills' records.

import type { DocumentContent } from '../../../contract/document-content.ts';
import type { DrillDocumentRef } from '../../../contract/documents.ts';
import type { PrintRecord } from '../../../contract/ipc/print.ts';
import { practiceBinSheet } from '../../../rules/documents/practice-bin.ts';
import { NEUTRAL_DRILL_TITLES } from '../../../rules/drills/titles.ts';
import type { AuditUser, PrintFacts } from '../../audit/index.ts';
import { competencyOf } from './competency.ts';
import { attemptFor, withResults } from './drill-access.ts';
import { loadDrills } from './drill-files.ts';
import type { DrillParts } from './drill-parts.ts';

/**
 * The training drills' documents (printed by main/work/print/): a practice bin sheet for its trainee or a trainer, a
 * competency record for a trainer (anyone else, or a station on a real service, is refused), and their copies, kept
 * with the drills' records, never in the audit log.
 */
export interface DrillDocuments {
  content(ref: DrillDocumentRef): Promise<DocumentContent>;
  prints(ref: DrillDocumentRef, limit?: number): Promise<PrintRecord[]>;
  record(ref: DrillDocumentRef, facts: Omit<PrintFacts, 'document'>, user: AuditUser): Promise<PrintRecord>;
}

/** The ref checked for the person signed in (a refusal throws), and what its copies are filed under. */
async function subjectOf(ref: DrillDocumentRef, parts: DrillParts) {
  if (ref.kind === 'practice_bin') {
    const attempt = attemptFor(ref.attemptId, parts);
    return { subject: attempt.id, orderId: attempt.orderId };
  }
  await competencyOf(ref.trainee, parts);
  return { subject: ref.trainee.toLowerCase(), orderId: null };
}

export function drillDocuments(parts: DrillParts): DrillDocuments {
  return {
    async content(ref): Promise<DocumentContent> {
      if (ref.kind === 'competency_record') return competencyOf(ref.trainee, parts);
      const attempt = attemptFor(ref.attemptId, parts);
      const drill = loadDrills(parts.drillsDir).find((d) => d.id === attempt.drillId);
      return practiceBinSheet({
        // Handed to the trainee: the neutral title, never the problem set up (rules/drills/titles.ts).
        drill: drill ? NEUTRAL_DRILL_TITLES[drill.role] : 'Practice drill',
        trainee: attempt.trainee,
        orderNumber: attempt.orderNumber,
        setUpAt: new Date(attempt.startedAt).toISOString(),
        bin: attempt.bin,
      });
    },
    async prints(ref, limit = 50) {
      const { subject } = await subjectOf(ref, parts);
      return withResults(parts, (results) => results.documentPrints.list(ref.kind, subject, limit));
    },
    async record(ref, facts, user) {
      const { subject, orderId } = await subjectOf(ref, parts);
      return withResults(parts, (results) =>
        results.documentPrints.add({ kind: ref.kind, subject, orderId }, facts, user, parts.now()),
      );
    },
  };
}
