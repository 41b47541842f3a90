// The ERP's bulk reads and writes name their keys in IN lists and batched statements of at most 500:
// far below every engine's limit of bound values, and a 1,000-row request still takes two statements.

export const erpChunkSize = 500;

/** `items` in consecutive pieces of at most `size`. */
export function inChunks<T>(items: readonly T[], size = erpChunkSize): T[][] {
  const pieces: T[][] = [];
  for (let start = 0; start < items.length; start += size) pieces.push(items.slice(start, start + size));
  return pieces;
}

/** What `read` finds for `keys`, read one chunk of at most `size` keys at a time (an IN list each). */
export async function readInChunks<K, R>(keys: readonly K[], read: (chunk: K[]) => Promise<R[]>, size = erpChunkSize): Promise<R[]> {
  const found: R[] = [];
  for (const chunk of inChunks(keys, size)) found.push(...(await read(chunk)));
  return found;
}
