// Deterministic pseudo-random numbers for the demo seed: the same seed always gives the same data.

export type Random = () => number;

/** mulberry32: a tiny, fast 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generator of its own for one record (e.g. product number i), independent of all other records. */
export function randomFor(stream: number, index: number): Random {
  let h = Math.imul(stream ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return mulberry32(h ^ (h >>> 16));
}

/** Integer in [min, max], both inclusive. */
export function int(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function chance(random: Random, probability: number): boolean {
  return random() < probability;
}

export function pick<T>(random: Random, list: readonly T[]): T {
  if (list.length === 0) throw new Error('pick() from an empty list');
  return list[Math.floor(random() * list.length)] as T;
}

/** `count` distinct elements in list order of first pick. */
export function pickDistinct<T>(random: Random, list: readonly T[], count: number): T[] {
  const pool = [...list];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) {
    chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0] as T);
  }
  return chosen;
}
