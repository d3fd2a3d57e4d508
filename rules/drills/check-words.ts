// What each kind of drill check expects, in a pharmacist's words: shown beside its result, and in the trainer's list.
import type { DrillCheck } from '../../contract/drills.ts';
import { REASON_LABELS } from '../verification/discrepancy.ts';
import { STOP_TITLES } from '../verification/verdict.ts';

export const EXPECT_WORDS = {
  reviewed: 'Reviewed: OK to fill',
  needs_clarification: 'Needs clarification',
  exception: 'Exception',
} as const;

export function reasonList(reasons: readonly (keyof typeof REASON_LABELS)[]): string {
  return reasons.map((r) => `"${REASON_LABELS[r]}"`).join(' or ');
}

export function checkWords(check: DrillCheck): string {
  switch (check.kind) {
    case 'stop_raised':
      return `The station stops on "${STOP_TITLES[check.stop]}", let go only as ${reasonList(check.letGoAs)}`;
    case 'verification':
      return {
        not_verified: 'The order is not recorded as verified',
        verified: 'The order is recorded as verified',
        discrepancy: 'The verification is recorded as a discrepancy',
      }[check.expect];
    case 'sign_off':
      return check.purpose === 'controlled_count'
        ? "A pharmacist's count of the controlled line is recorded"
        : "A pharmacist's override of the picker is recorded";
    case 'discrepancy_task':
      return check.problem === 'short_line'
        ? 'A discrepancy task reports the short line'
        : `A discrepancy task reports the "${STOP_TITLES[check.problem]}" stop`;
    case 'review_decision':
      return `The review records the failed ${check.failedCheck} check and is "${EXPECT_WORDS[check.decision]}"`;
    case 'labels_after_verification':
      return 'No label is printed before the order is verified';
    case 'reprint_reason':
      return `The reprinted label is recorded with the reason "${check.reason}"`;
    case 'task_sent_once':
      return 'The task is written once and reaches the service once';
    case 'no_duplicate_patient':
      return 'The patient is not entered twice';
  }
}
