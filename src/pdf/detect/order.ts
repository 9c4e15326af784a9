// Stage 4: reading order, column-aware. Recursive XY-cut over the fields and the page's text:
// a block is split at a wide vertical gutter that runs its whole height when it is tall (page
// columns), otherwise at horizontal gaps (rows, top to bottom), otherwise at any vertical gap
// (cells of one row, left to right). Text takes part so that a gutter is a real one, not just
// the space between a label and its box.
import type { Rect } from '../types.ts';
import { right, top } from './geometry.ts';

interface Item {
  rect: Rect;
  /** Index of the field, or -1 for text that only shapes the cuts. */
  field: number;
}

const COLUMN_GUTTER = 12;

function gaps(items: readonly Item[], axis: 'x' | 'y'): { at: number; width: number }[] {
  const spans = items.map((it) => (axis === 'x' ? [it.rect.x, right(it.rect)] : [it.rect.y, top(it.rect)])).sort((a, b) => a[0] - b[0]);
  const out: { at: number; width: number }[] = [];
  let end = -Infinity;
  for (const [a, b] of spans) {
    if (end > -Infinity && a - end > 0.5) out.push({ at: (a + end) / 2, width: a - end });
    end = Math.max(end, b);
  }
  return out;
}

function cut(items: Item[], pageHeight: number, depth: number, out: number[]): void {
  const fields = items.filter((i) => i.field >= 0);
  if (fields.length === 0) return;
  if (fields.length === 1 || depth > 40) {
    fields.sort((a, b) => top(b.rect) - top(a.rect) || a.rect.x - b.rect.x).forEach((f) => out.push(f.field));
    return;
  }
  const ys = Math.min(...items.map((i) => i.rect.y));
  const ye = Math.max(...items.map((i) => top(i.rect)));
  const tall = ye - ys > 0.25 * pageHeight;
  const vx = gaps(items, 'x').filter((g) => g.width >= COLUMN_GUTTER);
  if (tall && vx.length) {
    const g = vx.reduce((a, b) => (b.width > a.width ? b : a));
    splitBy(items, 'x', g.at, pageHeight, depth, out);
    return;
  }
  const hy = gaps(items, 'y');
  if (hy.length) {
    const g = hy.reduce((a, b) => (b.width > a.width ? b : a));
    splitBy(items, 'y', g.at, pageHeight, depth, out);
    return;
  }
  const anyX = gaps(items, 'x');
  if (anyX.length) {
    const g = anyX.reduce((a, b) => (b.width > a.width ? b : a));
    splitBy(items, 'x', g.at, pageHeight, depth, out);
    return;
  }
  // Overlapping everywhere: top to bottom, then left to right.
  fields.sort((a, b) => top(b.rect) - top(a.rect) || a.rect.x - b.rect.x).forEach((f) => out.push(f.field));
}

function splitBy(items: Item[], axis: 'x' | 'y', at: number, pageHeight: number, depth: number, out: number[]): void {
  const before = items.filter((i) => (axis === 'x' ? right(i.rect) <= at : i.rect.y >= at));
  const after = items.filter((i) => (axis === 'x' ? right(i.rect) > at : i.rect.y < at));
  // x: left block first; y: upper block (larger y) first.
  cut(before, pageHeight, depth + 1, out);
  cut(after, pageHeight, depth + 1, out);
}

/** Order of `fields` (indexes) on one page; `text` are the page's text line boxes. */
export function readingOrder(fields: readonly Rect[], text: readonly Rect[], pageHeight: number): number[] {
  const items: Item[] = [...fields.map((rect, field) => ({ rect, field })), ...text.map((rect) => ({ rect, field: -1 }))];
  const out: number[] = [];
  cut(items, pageHeight, 0, out);
  return out;
}
