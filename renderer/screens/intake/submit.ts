// Sending the intake: check the draft with the contract, send it once, and keep every typed value whatever comes back.
import type { QueryClient } from '@tanstack/react-query';
import { playBad, playGood } from '../../feedback/sounds.ts';
import { refreshAfterIntake, sendIntake } from '../../queries/intake.ts';
import { messageOf } from '../../queries/station.ts';
import { buildIntake } from './build-body.ts';
import { type Part, partTitles } from './draft.ts';
import { partsWithIssues } from './field-paths.ts';
import { useIntakeStore } from './intake-store.ts';
import { locateRefusal, type RefusalLike, refusalHeadline } from './refusal.ts';

function refusalOf(error: unknown): RefusalLike {
  const fields = error as { code?: unknown; status?: unknown; details?: unknown };
  return {
    code: typeof fields.code === 'string' ? fields.code : undefined,
    status: typeof fields.status === 'number' ? fields.status : undefined,
    message: messageOf(error),
    details: fields.details,
  };
}

/** "the prescriber part", "the patient and order parts". */
export function partsWords(found: readonly Part[]): string {
  const names = found.map((part) => partTitles[part].toLowerCase());
  if (names.length <= 1) return `the ${names[0] ?? 'intake'} part`;
  return `the ${names.slice(0, -1).join(', ')} and ${names.at(-1)} parts`;
}

/** Sends the intake unless one is on its way; answers whether the service made it. */
export async function submitIntake(queryClient: QueryClient): Promise<boolean> {
  const store = useIntakeStore.getState();
  if (store.sending) return false;
  const draft = store.draft;
  const built = buildIntake(draft);
  if (!built.ok) {
    const found = partsWithIssues(built.issues);
    const headline =
      found.length === 0
        ? 'Not sent.'
        : `Not sent: ${partsWords(found)} ${found.length === 1 ? 'needs' : 'need'} attention. Nothing was created.`;
    store.showFailure(built.issues, { kind: 'invalid', headline, part: found[0] ?? null, offer: null });
    playBad();
    return false;
  }
  store.setSending(true);
  try {
    const result = await sendIntake(built.body, built.forceNew);
    useIntakeStore.getState().succeed(result);
    refreshAfterIntake(queryClient);
    playGood();
    return true;
  } catch (error) {
    // Placed against the draft as it was sent: that is what the service's paths describe.
    const located = locateRefusal(refusalOf(error), draft);
    useIntakeStore.getState().showFailure(located.issues, {
      kind: 'refused',
      headline: refusalHeadline(located),
      part: located.part,
      offer: located.offer,
    });
    playBad();
    return false;
  } finally {
    useIntakeStore.getState().setSending(false);
  }
}
