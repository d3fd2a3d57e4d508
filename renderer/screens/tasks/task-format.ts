// How task facts read on screen: dates for people, status and category names from the served code tables.

import type { TaskCategory, TaskStatus } from '../../../contract/service/tasks.ts';
import { writtenMoment } from '../../../rules/words/dates.ts';

/** "Mar 12, 2026, 2:05 PM" (the station's one way to write a moment); an unreadable value says so, never raw text. */
export function taskTime(value: string | null | undefined): string {
  if (!value) return 'not recorded';
  return writtenMoment(value) ?? 'an unreadable date';
}

/** The served name of a code, else the code itself (a code the table does not know yet). */
export function codeName(code: string | null | undefined, table: readonly (TaskStatus | TaskCategory)[] | undefined) {
  if (!code) return '';
  return table?.find((entry) => entry.code === code)?.name ?? code;
}

/** Whether a status ends the task; unknown codes count as open, so nothing disappears from a queue by mistake. */
export function isFinalStatus(code: string | null | undefined, statuses: readonly TaskStatus[] | undefined): boolean {
  if (!code) return false;
  return statuses?.find((status) => status.code === code)?.is_final === true;
}

/** The codes of the statuses that are still open, in the served order. */
export function openStatusCodes(statuses: readonly TaskStatus[]): string[] {
  return statuses.filter((status) => status.is_final !== true).map((status) => status.code);
}

/** aria-keyshortcuts spells Ctrl as Control. */
export function ariaShortcut(shortcut: string): string {
  return shortcut.replace(/\bCtrl\b/g, 'Control');
}
