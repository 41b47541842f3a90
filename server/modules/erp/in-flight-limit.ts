// At most a few requests of one API client at a time in this process: an ERP that opens a hundred
// connections must not take the storefront's database time. Beyond the limit a request is answered 429
// with Retry-After at once, before its body is read.

export const maxRequestsInFlight = 4;

export function createInFlightLimit(limit = maxRequestsInFlight) {
  const inFlight = new Map<number, number>();
  return {
    /** Counts a request of the client in; answers the function that counts it out, or null beyond the limit. */
    enter(clientId: number): (() => void) | null {
      const count = inFlight.get(clientId) ?? 0;
      if (count >= limit) return null;
      inFlight.set(clientId, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (inFlight.get(clientId) ?? 1) - 1;
        if (left === 0) inFlight.delete(clientId);
        else inFlight.set(clientId, left);
      };
    },
  };
}
