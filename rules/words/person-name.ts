// A person's name as the station writes it: "First Last", whichever parts are known; null when neither is.

export interface NameParts {
  firstName?: string | null;
  lastName?: string | null;
}

/** "Ada Byron" (or "Ada K Byron") from its parts in order, each trimmed, empty ones left out; null when none is given. */
export function personName(...parts: (string | null | undefined)[]): string | null {
  const name = parts
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  return name === '' ? null : name;
}

/** The name of a signed-in or confirmed person (`firstName`/`lastName`), or null. */
export function nameOf(person: NameParts): string | null {
  return personName(person.firstName, person.lastName);
}

/** The service's way (`first_name`/`last_name`), or null. */
export function serviceName(person: { first_name?: string | null; last_name?: string | null } | null | undefined) {
  return person ? personName(person.first_name, person.last_name) : null;
}
