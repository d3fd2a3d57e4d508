// User-visible words written inline in a screen's JSX: text between tags and the string props a person reads or hears
// (title, aria-label, placeholder, alt, label). A screen keeps its words in its wording.ts; this finds the rest.
import { parseSync } from 'vite';

const READ_PROPS = new Set(['title', 'aria-label', 'aria-description', 'placeholder', 'alt', 'label']);
const hasLetters = (text: string): boolean => /\p{L}/u.test(text);

interface AstNode {
  type?: string;
  [key: string]: unknown;
}

/** Each inline word in a TSX source, as `text: …` or `prop="…"`, in source order. */
export function inlineWords(file: string, source: string): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const node = value as AstNode;
    if (node.type === 'JSXText' && typeof node.value === 'string' && hasLetters(node.value)) {
      found.push(`text: ${node.value.trim().replace(/\s+/g, ' ')}`);
    }
    if (node.type === 'JSXAttribute') {
      const name = (node.name as AstNode | undefined)?.name;
      const literal = node.value as AstNode | null | undefined;
      if (typeof name === 'string' && READ_PROPS.has(name) && literal?.type === 'Literal') {
        if (typeof literal.value === 'string' && hasLetters(literal.value)) found.push(`${name}="${literal.value}"`);
      }
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'parent') visit(child);
  };
  visit(parseSync(file, source).program);
  return found;
}

/** The screen a repository-relative path belongs to, or null outside renderer/screens/. */
export function screenOf(path: string): string | null {
  const parts = path.split('/');
  return parts[0] === 'renderer' && parts[1] === 'screens' && parts.length > 3 ? (parts[2] ?? null) : null;
}
