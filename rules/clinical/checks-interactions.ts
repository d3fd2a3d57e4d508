// The interaction check: the drug against everything else the patient takes, through the interaction table
// (resources/vocabulary/drug-classes.json `interactions`). A known interaction fails, naming both drugs, what happens
// and its source, so the pharmacist acknowledges it with a reason before "OK to fill".
import { type Check, type CheckInput, drugLabel, drugText } from './check-model.ts';
import { normalise } from './drug-text.ts';
import { interactionsBetween } from './interactions.ts';
import { checkedWords, otherDrugsOf } from './other-drugs.ts';

export function interactionCheck(input: CheckInput): Check {
  const title = 'No known drug interaction';
  const label = drugLabel(input.prescription, input.product);
  const text = normalise(drugText(input.prescription, input.product));
  const others = otherDrugsOf(input);
  const findings = others.drugs.flatMap((other) =>
    interactionsBetween(input.classes.interactions, text, other.text).map(
      ({ interaction, first, second }) =>
        `${other.said}: ${first} with ${second}, ${interaction.effect}. Source: ${interaction.source}.`,
    ),
  );
  if (findings.length) return { id: 'interactions', title, status: 'fail', reason: findings.join(' ') };
  if (others.drugs.length === 0) {
    return { id: 'interactions', title, status: 'pass', reason: 'No other medications or open prescriptions on file.' };
  }
  return {
    id: 'interactions',
    title,
    status: 'pass',
    reason: `Checked ${checkedWords(others)}: no known interaction with ${label}.`,
  };
}
