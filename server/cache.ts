import type { Clock } from './lib/clock.ts';

// A small in-process cache for read-mostly data (tenants, site settings). Entries live a few seconds,
// so several app processes on one database agree again shortly after a change; the process that makes
// a change drops its own entry at once. Lifetimes come from the configuration (CACHE_MS,
// CATALOG_ANSWER_CACHE_MS, CATALOG_COUNT_CACHE_MS), the time from the app's clock.

export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  delete(key: string): void;
  clear(): void;
}

export function createTtlCache<V>(clock: Clock, ttlMs: number, maxEntries = 1000): TtlCache<V> {
  const entries = new Map<string, { value: Promise<V>; expiresAt: number }>();
  return {
    get(key, load) {
      const now = clock.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value;
      if (entries.size >= maxEntries) entries.clear();
      const value = load();
      entries.set(key, { value, expiresAt: now + ttlMs });
      // A failed load must not be remembered.
      value.catch(() => entries.delete(key));
      return value;
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
  };
}

/** How long each kind of cached data lives (server/config.ts). */
export interface CacheLifetimes {
  /** Read-mostly data every process keeps: tenants, site settings, sessions, buyer accounts, a company's settings. */
  sharedMs: number;
  /** A catalogue or search answer for one kind of viewer (0: never reused). */
  answerMs: number;
  /** Counts and filter options of catalogue lists and searches, and the names of order statuses. */
  countMs: number;
}

/** Makes the app's caches: each kind with its configured lifetime, all on the app's clock. */
export function createCaches(clock: Clock, lifetimes: CacheLifetimes) {
  return {
    shared: <V>(maxEntries?: number) => createTtlCache<V>(clock, lifetimes.sharedMs, maxEntries),
    answers: <V>(maxEntries?: number) => createTtlCache<V>(clock, lifetimes.answerMs, maxEntries),
    counts: <V>(maxEntries?: number) => createTtlCache<V>(clock, lifetimes.countMs, maxEntries),
  };
}

export type Caches = ReturnType<typeof createCaches>;
