// Screens do not import screens: a file in renderer/screens/<a>/ imports nothing from renderer/screens/<b>/. What two
// screens share lives in a renderer kit (renderer/format, renderer/scan, renderer/records, renderer/forms…).
import { dirname, join, normalize, relative } from 'node:path';
import { importsOf } from './rules.ts';

/** The screen a repository-relative path belongs to, or null outside renderer/screens/. */
export function screenOf(path: string): string | null {
  const parts = normalize(path).split('/');
  return parts[0] === 'renderer' && parts[1] === 'screens' && parts.length > 3 ? (parts[2] ?? null) : null;
}

/** Each import of `file` (repository-relative) that reaches into another screen's folder, as one line. */
export function screenViolations(file: string, source: string): string[] {
  const from = screenOf(file);
  if (from === null) return [];
  const problems: string[] = [];
  for (const specifier of importsOf(source)) {
    if (!specifier.startsWith('.')) continue;
    const to = screenOf(relative('.', normalize(join(dirname(file), specifier))));
    if (to !== null && to !== from) {
      problems.push(
        `${file}: the ${from} screen imports the ${to} screen ('${specifier}'); move the shared piece to a kit`,
      );
    }
  }
  return problems;
}
