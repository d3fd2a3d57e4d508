// A subscription's events as a person chooses them (every event, or some), and the codes the contract wants.
import { deliverableEventCodes, eventCodeList } from '../../../contract/service/notifications.ts';

export type DeliverableCode = (typeof deliverableEventCodes)[number];

/** `all`: every event, now and later; otherwise the events ticked, in the catalogue's order. */
export interface EventChoice {
  all: boolean;
  codes: readonly DeliverableCode[];
}

/** The choice a stored list of codes stands for; codes this station does not know are left out. */
export function choiceOf(codes: readonly string[] | null | undefined): EventChoice {
  if (!codes) return { all: false, codes: [] };
  if (codes.includes('all')) return { all: true, codes: [] };
  return { all: false, codes: deliverableEventCodes.filter((code) => codes.includes(code)) };
}

/** Ticks or unticks one event; the order stays the catalogue's so two equal choices compare equal. */
export function toggleCode(choice: EventChoice, code: DeliverableCode, on: boolean): EventChoice {
  const chosen = new Set(choice.codes);
  if (on) chosen.add(code);
  else chosen.delete(code);
  return { all: choice.all, codes: deliverableEventCodes.filter((known) => chosen.has(known)) };
}

/** The codes to send: `['all']` alone, or the events ticked. */
export function codesOfChoice(choice: EventChoice): string[] {
  return choice.all ? ['all'] : [...choice.codes];
}

/** Why the choice cannot be sent, in words for people, or null. */
export function choiceProblem(choice: EventChoice): string | null {
  const codes = codesOfChoice(choice);
  if (codes.length === 0) return 'Choose at least one event, or every event.';
  return eventCodeList.safeParse(codes).success ? null : 'This choice of events is not accepted.';
}

export function sameChoice(a: EventChoice, b: EventChoice): boolean {
  return codesOfChoice(a).join(',') === codesOfChoice(b).join(',');
}

/** "Every event", "Order shipped and Order stuck", "No events"; names from the service when it gave them. */
export function describeCodes(codes: readonly string[] | null | undefined, names: ReadonlyMap<string, string>): string {
  if (!codes || codes.length === 0) return 'No events';
  if (codes.includes('all')) return 'Every event';
  const words = codes.map((code) => names.get(code) ?? code);
  if (words.length === 1) return words[0] as string;
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * The codes a listed subscription covers: its `event_codes` as given when the service says them (the training
 * service does, keeping `all`), else the events under `subscriptions` (bare codes or events).
 */
export function codesOfSubscription(subscription: {
  event_codes?: unknown;
  subscriptions?: readonly (string | { event_code: string })[] | null;
}): string[] {
  const given = subscription.event_codes;
  if (Array.isArray(given) && given.every((code) => typeof code === 'string')) return given as string[];
  return (subscription.subscriptions ?? []).map((item) => (typeof item === 'string' ? item : item.event_code));
}
