import type { HighlightRange } from '../../../core/catalog-types';

// The search answer marks what the key matched as [start, end) ranges of the original text. The
// browser turns them into plain and marked pieces, rendered as React text nodes (never as HTML).

export interface TextPiece {
  text: string;
  match: boolean;
}

/**
 * The text cut at the ranges: sorted, clamped to the text, overlapping or touching ranges merged,
 * empty ones dropped. Joining the pieces' texts gives the text back, whatever the ranges say.
 */
export function splitHighlights(text: string, ranges: readonly HighlightRange[] | undefined): TextPiece[] {
  const clamp = (offset: number) => Math.min(Math.max(Number.isFinite(offset) ? Math.trunc(offset) : 0, 0), text.length);
  const sorted = (ranges ?? [])
    .map(([start, end]) => [clamp(start), clamp(end)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  const pieces: TextPiece[] = [];
  let position = 0;
  for (const [start, end] of merged) {
    if (start > position) pieces.push({ text: text.slice(position, start), match: false });
    pieces.push({ text: text.slice(start, end), match: true });
    position = end;
  }
  if (position < text.length || pieces.length === 0) pieces.push({ text: text.slice(position), match: false });
  return pieces;
}
