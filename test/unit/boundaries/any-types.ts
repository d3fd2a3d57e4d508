// Where a TypeScript source writes the type `any` (`: any`, `as any`, `<any>`, `any[]`), by line: comments, strings,
// template literals and regular expressions are blanked first, so a test named "any order" or `expect.any(String)` is
// not one. A reading of the text, not a parser: enough for the tests' own code, proven on examples beside it.

/** The characters after which a `/` opens a regular expression rather than dividing. */
const BEFORE_REGEX = /[(,=:[!&|?{};+\-*%<>~^]$|(?:^|[^\w$])(?:return|typeof|case|do|else|in|of|void|yield|await)$/;

/** `source` with every comment, string, template literal and regular expression blanked (line breaks kept). */
export function codeOnly(source: string): string {
  let out = '';
  let i = 0;
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  while (i < source.length) {
    const c = source[i] as string;
    const next = source[i + 1];
    let end = -1;
    if (c === '/' && next === '/') {
      end = source.indexOf('\n', i);
      if (end < 0) end = source.length;
    } else if (c === '/' && next === '*') {
      end = source.indexOf('*/', i + 2);
      end = end < 0 ? source.length : end + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      end = i + 1;
      while (end < source.length && source[end] !== c) end += source[end] === '\\' ? 2 : 1;
      end += 1;
    } else if (c === '/' && BEFORE_REGEX.test(out.trimEnd())) {
      end = i + 1;
      let inClass = false;
      while (end < source.length && source[end] !== '\n' && (inClass || source[end] !== '/')) {
        if (source[end] === '[') inClass = true;
        else if (source[end] === ']') inClass = false;
        end += source[end] === '\\' ? 2 : 1;
      }
      end += 1;
      while (/[a-z]/.test(source[end] ?? '')) end += 1;
    }
    if (end < 0) {
      out += c;
      i += 1;
    } else {
      out += blank(source.slice(i, end));
      i = end;
    }
  }
  return out;
}

/** The 1-based lines on which `source` writes the type `any` (not `expect.any(…)`, nor a key or function named so). */
export function anyTypeLines(source: string): number[] {
  const lines: number[] = [];
  const code = codeOnly(source);
  for (const match of code.matchAll(/(?<![.\w$])any(?![\w$])/g)) {
    const after = code.slice(match.index + 3);
    const isCall = /^\s*\(/.test(after);
    const isKey = /^\s*\??:/.test(after) && /[{,]\s*$/.test(code.slice(0, match.index));
    if (!isCall && !isKey) lines.push(source.slice(0, match.index).split('\n').length);
  }
  return lines;
}
