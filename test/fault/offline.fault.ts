// `npm run fault -- offline [--short]`: the scripted offline shift (20 orders, 5 unknown codes, 5 creates, 5 updates),
// printed as one line against its targets.
import { runOfflineShift, shiftLine } from './offline/shift.ts';

const short = process.argv.includes('--short');
const result = await runOfflineShift(
  short ? { opened: 5, unknown: 2, creates: 2, updates: 2 } : { opened: 20, unknown: 5, creates: 5, updates: 5 },
);
console.log(shiftLine(result));
for (const problem of result.problems) console.log(`  problem: ${problem}`);
const met =
  result.idleDetectedMs <= 5_000 &&
  result.detectedMs <= 3_000 &&
  result.cachedScansP95 <= 200 &&
  result.unknownScansP95 <= 200 &&
  result.duplicated === 0 &&
  result.lost === 0 &&
  result.verificationResumed &&
  result.problems.length === 0;
console.log(
  `targets (idle detection <= 5000 ms, detection <= 3000 ms, scans p95 <= 200 ms, duplicated 0, lost 0): ${met ? 'MET' : 'NOT MET'}`,
);
process.exit(met ? 0 : 1);
