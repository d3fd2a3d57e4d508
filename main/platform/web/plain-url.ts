// A URL read strictly, the one way both the app's own origin and the external-link allowlist are checked: one scheme,
// a host the caller accepts, the default port, no user name or password; text that is not a URL is none of these.

export function isPlainUrl(url: unknown, protocol: string, hostAllowed: (hostname: string) => boolean): boolean {
  if (typeof url !== 'string') return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === protocol &&
    parsed.port === '' &&
    parsed.username === '' &&
    parsed.password === '' &&
    hostAllowed(parsed.hostname)
  );
}
