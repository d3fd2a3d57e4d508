// What the training service tells whoever started it, on stdout once it listens: the line with its URL, then one line
// with its demo accounts (synthetic accounts of a local practice service, one per role) and their shared password.
// The station shows them on the training sign-in screen; it never imports them from the service's code.
import { z } from 'zod';

/** The start of the first line; the URL follows. */
export const LISTENING_PREFIX = 'training service listening on ';
/** The start of the second line; the JSON of `trainingDemoAccounts` follows. */
export const DEMO_ACCOUNTS_PREFIX = 'training service demo accounts ';

export const trainingDemoAccounts = z.strictObject({
  accounts: z.array(z.strictObject({ email: z.string(), role: z.string() })).max(20),
  password: z.string().max(200),
});
export type TrainingDemoAccounts = z.output<typeof trainingDemoAccounts>;

/** The line the training service prints. */
export function demoAccountsLine(demo: TrainingDemoAccounts): string {
  return DEMO_ACCOUNTS_PREFIX + JSON.stringify(demo);
}

/** The demo accounts of the service's second line, or null when the line is not that one (or not well formed). */
export function parseDemoAccountsLine(line: string): TrainingDemoAccounts | null {
  const text = line.trim();
  return text.startsWith(DEMO_ACCOUNTS_PREFIX) ? parseDemoAccounts(text.slice(DEMO_ACCOUNTS_PREFIX.length)) : null;
}

/** The demo accounts of the JSON that follows the prefix (the browser shell takes it as `--training-accounts`). */
export function parseDemoAccounts(json: string): TrainingDemoAccounts | null {
  try {
    const parsed = trainingDemoAccounts.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
