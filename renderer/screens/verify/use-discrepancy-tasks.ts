// The run's problems as a discrepancy task through the outbox (tasks.enqueue): it reaches the service by itself, and
// the outbox id is what the audit record and the scan log point at.
import type { MutableRefObject } from 'react';
import type { CatalogueIndex } from '../../../rules/verification/catalogue-index.ts';
import { discrepancyTaskBody, type StopSummary } from '../../../rules/verification/discrepancy.ts';
import { productLabel } from '../../../rules/verification/lines.ts';
import { countsOf } from '../../../rules/verification/run.ts';
import { enqueueTask as queueTaskWrite } from '../../queries/outbox.ts';
import { messageOf } from '../../queries/station.ts';
import { useOrderTaskCategory } from './order-task-category.ts';
import type { RunFeedback } from './run-feedback.ts';
import type { KeptRun } from './use-kept-run.ts';
import type { OrderRef } from './use-run-audit.ts';
import { runWords } from './wording.ts';

export type TaskProblems = Parameters<typeof discrepancyTaskBody>[1];

export function useDiscrepancyTasks(
  orderRef: OrderRef,
  indexRef: MutableRefObject<CatalogueIndex>,
  { get }: Pick<KeptRun, 'get'>,
  { bad }: Pick<RunFeedback, 'bad'>,
) {
  const categoryCode = useOrderTaskCategory();

  /** A stop as the task tells it: the product, the scan, and the order's line it hit with its count so far. */
  function stopSummary(scan: {
    stop: StopSummary['kind'];
    facts: { code: string; productId: string | null; quantity: number };
    message: string;
  }): Omit<StopSummary, 'reason' | 'note'> {
    const product = scan.facts.productId ? indexRef.current.products.get(scan.facts.productId) : undefined;
    const line = get().lines.find((candidate) => candidate.productId === scan.facts.productId);
    return {
      kind: scan.stop,
      label: productLabel(product, scan.facts.productId),
      code: scan.facts.code,
      quantity: scan.facts.quantity,
      message: scan.message,
      line: line
        ? { label: productLabel(line), expected: line.expected, scanned: countsOf(get()).get(line.productId) ?? 0 }
        : null,
    };
  }

  /** Queues the task; answers its outbox id, or null (and tells why) when it could not be queued. */
  async function enqueueTask(problems: TaskProblems): Promise<string | null> {
    try {
      const body = discrepancyTaskBody(orderRef, problems, categoryCode);
      const entry = await queueTaskWrite({ kind: 'create', body });
      return entry.id;
    } catch (error) {
      bad(runWords.taskNotQueued(messageOf(error)));
      return null;
    }
  }

  return { stopSummary, enqueueTask };
}
