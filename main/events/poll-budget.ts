// How often the station reads the service on its own, chosen so that an idle signed-in station polling alone (no relay,
// no webhook) stays within issue 34's budget of 60 service requests an hour, every source counted:
//   the poller's newest page every 64 s: at most ⌈3600 / 64⌉ = 57 in any hour (56.25 on average)
// + the access token's renewal, 5 minutes before it ends (it lives 60): one each 55 minutes, at most 2 in any hour
// + connectivity's idle probe: 0 (it waits for 10 minutes in which no request spoke; the poller speaks every 64 s)
// = 59 at most, 57.3 on average. Nothing pushing, a new order is seen at most 64 s after it was made (60 s before);
// with the relay or the webhook at once, and the poller is a safety net (`quietPageMs`); the moment the relay is lost
// it polls at once (system.ts). Each order open at the station adds one read a poll.
// Counted at a counting proxy over an hour of main's injected clock: test/integration/station/idle-station-budget.test.ts.
export const POLL_INTERVAL_MS = 64_000;
