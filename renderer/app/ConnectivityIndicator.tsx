// Always visible: whether the service answers (being built in issue 6).
export function ConnectivityIndicator() {
  return null;
}
