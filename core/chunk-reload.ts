// A failed chunk load forces one page reload, at most once per minute, so a
// broken deploy cannot send the browser into a reload loop.

export const chunkReloadGuardMs = 60_000;

export function mayReloadAfterChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= chunkReloadGuardMs;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError/i.test(
    message,
  );
}
