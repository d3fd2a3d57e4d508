// `npm run fault -- outbox [--trials N] [--seed N]`: SIGKILLs the outbox at random moments and counts lost and doubled tasks.
import { parseArgs } from 'node:util';
import { runOutboxKillTrials } from './outbox/kill-trials.ts';

const { values } = parseArgs({ options: { trials: { type: 'string' }, seed: { type: 'string' } }, strict: true });
const trials = values.trials === undefined ? 200 : Number(values.trials);
if (!Number.isInteger(trials) || trials < 1 || trials > 100_000) {
  console.error('--trials must be a whole number from 1 to 100000');
  process.exit(2);
}
const seed = values.seed === undefined ? undefined : Number(values.seed);

console.error(`outbox kill trials: ${trials} trials, SIGKILL at random moments`);
const result = await runOutboxKillTrials({
  trials,
  ...(seed !== undefined ? { seed } : {}),
  progress: (line) => console.error(line),
});
for (const problem of result.problems.slice(0, 30)) console.error(`  ✗ ${problem}`);
console.error(
  `seed ${result.seed}; ${result.acked} writes acknowledged, ${result.tasks} tasks checked; ` +
    `${result.killsMidSend} kills left writes on the wire; ${result.seconds} s`,
);
console.log(`outbox kill trials: ${result.trials}, lost: ${result.lost}, duplicated: ${result.duplicated}`);
process.exit(result.lost + result.duplicated > 0 || result.problems.length > 0 ? 1 : 0);
