// Search answers may arrive in any order: the answer to "bohr" can come after the one to "bohrs".
// Each request takes a ticket; only the newest ticket's answer may be shown, and starting a request
// aborts the one before (it is no longer wanted, so the server and the network can drop it).

export interface RequestTicket {
  signal: AbortSignal;
  /** Whether no newer request has started (nor a cancel) since this one. */
  isCurrent: () => boolean;
}

export interface LatestRequestGuard {
  start: () => RequestTicket;
  /** Nothing is wanted any more (e.g. the term got too short): the last request's answer is dropped. */
  cancel: () => void;
}

export function createLatestRequestGuard(): LatestRequestGuard {
  let latest = 0;
  let controller: AbortController | null = null;
  return {
    start() {
      controller?.abort();
      const own = new AbortController();
      controller = own;
      latest += 1;
      const ticket = latest;
      return { signal: own.signal, isCurrent: () => ticket === latest };
    },
    cancel() {
      controller?.abort();
      controller = null;
      latest += 1;
    },
  };
}
