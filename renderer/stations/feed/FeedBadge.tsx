// The unread count next to "Event feed" in the navigation bar (being built in issue 6).
export function FeedBadge() {
  return null;
}
