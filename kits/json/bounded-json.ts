// JSON text parsed only when it nests no deeper than a limit: a 300,000-deep array parses in V8 but overflows the
// stack of whatever walks it next (zod, JSON.stringify, structuredClone), so the depth is measured on the text first.

/** Deep enough for every resource and call of this app (the deepest, an order with its lines, is under 10). */
export const DEFAULT_MAX_JSON_DEPTH = 64;

export type BoundedJson = { ok: true; value: unknown } | { ok: false; reason: 'not_json' | 'too_deep' };

/** How deep `text` nests its arrays and objects, counted up to `stopAbove` + 1 (brackets inside strings ignored). */
export function jsonDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** `JSON.parse(text)` when it is JSON nesting at most `maxDepth` arrays/objects; else why not. */
export function parseBoundedJson(text: string, maxDepth = DEFAULT_MAX_JSON_DEPTH): BoundedJson {
  if (jsonDepth(text, maxDepth) > maxDepth) return { ok: false, reason: 'too_deep' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, reason: 'not_json' };
  }
}
