// Input that main's dispatcher has already checked against the same contract: the client sends it without checking
// it again (one owner of input validation). The mark is an enumerable symbol key, so a wrapper that copies the input
// with a spread keeps it, while it never reaches the wire (queries and bodies are read by string keys only).
const CHECKED: unique symbol = Symbol('input checked by the dispatcher');

/** Marks the dispatcher's parsed value (the schemas' output side, which the service reads the same way). */
export function checkedInput<T extends object>(input: T): T {
  return Object.defineProperty(input, CHECKED, { value: true, enumerable: true });
}

export function isCheckedInput(input: unknown): boolean {
  return typeof input === 'object' && input !== null && (input as { [CHECKED]?: unknown })[CHECKED] === true;
}
