// A small in-process cache for read-mostly data (tenants, site settings). Entries live a few seconds,
// so several app processes on one database agree again shortly after a change; the process that makes
// a change drops its own entry at once.

export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  delete(key: string): void;
  clear(): void;
}

export function createTtlCache<V>(ttlMs: number, maxEntries = 1000): TtlCache<V> {
  const entries = new Map<string, { value: Promise<V>; expiresAt: number }>();
  return {
    get(key, load) {
      const now = Date.now();
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
