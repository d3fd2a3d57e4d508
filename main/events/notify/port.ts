// The desktop-notification port: what the notifier asks of the platform (Electron's Notification implements it later).

/** One desktop notification, possibly standing for a burst of events. */
export interface DesktopNotification {
  title: string;
  body: string;
  /** The order a click opens; null when the notification stands for several orders (a click opens the order list). */
  orderId: string | null;
  /** How many events it stands for (1 for a single event). */
  count: number;
  /** The keys of the events behind it, so a log or a test can account for every event exactly once. */
  eventKeys: readonly string[];
  /** The platform calls this when the person clicks the notification. */
  click(): void;
}

export interface NotificationPort {
  show(notification: DesktopNotification): void;
  /** Why the system refused the last desktop notification, or null (the settings show it). */
  failure?(): string | null;
}

/** What a click asks the app to do: focus the window and open the order (or the order list when orderId is null). */
export interface NotificationTarget {
  orderId: string | null;
}
