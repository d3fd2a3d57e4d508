// The station's service calls tell connectivity what they heard: any HTTP answer means the service is reachable, a
// connection that failed means it is not. Every request the station makes anyway (the poller's, a screen's, a token
// renewal's) is then a probe it need not send; the idle probe is only for when nothing has spoken for a while.

/** What one request heard: an answer (any status), or no connection at all. A request aborted on purpose says nothing. */
export type Heard = { answered: boolean };

export interface HeardFetch {
  /** Node's fetch (or the one given), telling every listener what each request heard. */
  fetch: typeof fetch;
  /** Connectivity listens here once it exists; the answer stops listening. */
  listen(listener: (heard: Heard) => void): () => void;
}

/** True for an abort the caller asked for or its own time limit: a slow service, not a refused connection. */
function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

export function createHeardFetch(base: typeof fetch = (input, init) => globalThis.fetch(input, init)): HeardFetch {
  const listeners = new Set<(heard: Heard) => void>();
  const tell = (heard: Heard) => {
    for (const listener of [...listeners]) listener(heard);
  };
  return {
    async fetch(input, init) {
      try {
        const response = await base(input, init);
        tell({ answered: true });
        return response;
      } catch (error) {
        if (!isAbort(error)) tell({ answered: false });
        throw error;
      }
    },
    listen(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
