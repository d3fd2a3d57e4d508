// Input that main's dispatcher has already checked against the same contract: the client sends it without checking
// it again (one owner of input validation). Marked by identity, so only the object the dispatcher parsed is trusted.
const checked = new WeakSet<object>();

/** Marks the dispatcher's parsed value (the schemas' output side, which the service reads the same way). */
export function checkedInput<T extends object>(input: T): T {
  checked.add(input);
  return input;
}

export function isCheckedInput(input: unknown): boolean {
  return typeof input === 'object' && input !== null && checked.has(input);
}
