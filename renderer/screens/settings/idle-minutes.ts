// The idle lock's minutes as a setting: checked by the settings schema itself, and said as a sentence. The lock's own
// clock is the shell's (renderer/attendance/idle-clock.ts).
import { defaultSettings, settingsSchema } from '../../../contract/ipc/settings.ts';

/** The setting as a sentence: "after 1 minute", "after 10 minutes". */
export function describeIdleMinutes(minutes: number): string {
  return `after ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} without activity`;
}

/** Why `text` cannot be the idle lock minutes, in the schema's words, or null when it can. */
export function idleMinutesProblem(text: string): string | null {
  const minutes = text.trim() === '' ? Number.NaN : Number(text);
  const parsed = settingsSchema.safeParse({ ...defaultSettings, idleLockMinutes: minutes });
  if (parsed.success) return null;
  return `The minutes ${parsed.error.issues[0]?.message ?? 'are not accepted'}.`;
}
