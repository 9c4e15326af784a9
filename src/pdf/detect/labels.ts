// Stage 3a: the label of each candidate: the nearest meaningful text. Boxes with their caption in
// the top-left corner already know it; checkboxes read the text to their right (as printed
// forms do), then left; text fields look left on their row, then just above, then below (captions
// under signature lines), then further up their column (table headers).
// Only text lines are chosen here; their text may still be unknown (scans are OCR'd afterwards,
// and only those lines), so the choice is geometric.
import type { Rect } from '../types.ts';
import type { Candidate } from './candidate.ts';
import { cy, overlap1d, right, top } from './geometry.ts';
import type { TextLine } from './model.ts';

export interface LabelChoice {
  lines: TextLine[];
  side: 'inside' | 'left' | 'right' | 'above' | 'below' | 'none';
}

const rowOverlap = (a: Rect, b: Rect) => overlap1d(a.y, top(a), b.y, top(b));

/** Is any other candidate lying between the field and the text (then the text belongs to it)? */
function blocked(field: Rect, text: Rect, others: readonly Rect[]): boolean {
  const x1 = Math.min(right(text), field.x);
  const x2 = Math.max(text.x, right(field));
  const y1 = Math.min(top(text), field.y);
  const y2 = Math.max(text.y, top(field));
  const between = { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
  return others.some((o) => o !== field && overlap1d(o.x, right(o), between.x, right(between)) > 1 && overlap1d(o.y, top(o), between.y, top(between)) > 1 && !(o.x >= right(field) - 1));
}

function leftOf(r: Rect, lines: readonly TextLine[], maxGap: number): TextLine | null {
  let best: TextLine | null = null;
  let bestD = Infinity;
  for (const l of lines) {
    if (right(l.rect) > r.x + 3) continue;
    if (rowOverlap(l.rect, { x: r.x, y: r.y - 2, width: r.width, height: Math.max(r.height, l.rect.height) + 4 }) < 0.4 * l.rect.height) continue;
    const d = r.x - right(l.rect);
    if (d <= maxGap && d < bestD) [best, bestD] = [l, d];
  }
  return best;
}

function rightOf(r: Rect, lines: readonly TextLine[], maxGap: number): TextLine | null {
  let best: TextLine | null = null;
  let bestD = Infinity;
  for (const l of lines) {
    if (l.rect.x < right(r) - 2) continue;
    if (Math.abs(cy(l.rect) - cy(r)) > Math.max(r.height, l.rect.height) * 0.7) continue;
    const d = l.rect.x - right(r);
    if (d <= maxGap && d < bestD) [best, bestD] = [l, d];
  }
  return best;
}

function above(r: Rect, lines: readonly TextLine[], maxGap: number): TextLine | null {
  let best: TextLine | null = null;
  let bestD = Infinity;
  for (const l of lines) {
    if (l.rect.y < top(r) - 2) continue;
    const ov = overlap1d(l.rect.x, right(l.rect), r.x - 4, right(r));
    if (ov < Math.min(0.5 * l.rect.width, 0.3 * r.width)) continue;
    const d = l.rect.y - top(r);
    if (d <= maxGap && d < bestD) [best, bestD] = [l, d];
  }
  return best;
}

function below(r: Rect, lines: readonly TextLine[], maxGap: number): TextLine | null {
  let best: TextLine | null = null;
  let bestD = Infinity;
  for (const l of lines) {
    if (top(l.rect) > r.y + 2) continue;
    if (overlap1d(l.rect.x, right(l.rect), r.x, right(r)) < 0.5 * l.rect.width) continue;
    const d = r.y - top(l.rect);
    if (d <= maxGap && d < bestD) [best, bestD] = [l, d];
  }
  return best;
}

export function chooseLabel(c: Candidate, lines: readonly TextLine[], others: readonly Rect[]): LabelChoice {
  if (c.insideLabel && c.insideLabel.length) return { lines: c.insideLabel, side: 'inside' };
  const r = c.anchor.height > c.rect.height ? { ...c.rect, y: c.anchor.y, height: Math.max(c.rect.height, c.anchor.height) } : c.rect;
  const ok = (l: TextLine | null) => (l && !blocked(c.rect, l.rect, others) ? l : null);
  if (c.type === 'checkbox' || c.type === 'radio') {
    const l = ok(rightOf(r, lines, 30)) ?? ok(leftOf(r, lines, 40)) ?? ok(above(r, lines, 12));
    return l ? { lines: [l], side: l.rect.x >= right(r) - 2 ? 'right' : l.rect.y >= top(r) - 2 ? 'above' : 'left' } : { lines: [], side: 'none' };
  }
  const near = ok(leftOf(c.rect, lines, 60));
  if (near) return { lines: [near], side: 'left' };
  const up = ok(above(c.anchor, lines, 14));
  if (up) return { lines: [up], side: 'above' };
  const far = ok(leftOf(c.rect, lines, 220));
  if (far) return { lines: [far], side: 'left' };
  const down = below(c.anchor, lines, 12);
  if (down) return { lines: [down], side: 'below' };
  const header = ok(above(c.anchor, lines, 120));
  if (header) return { lines: [header], side: 'above' };
  return { lines: [], side: 'none' };
}

/** Label text as a person would say it: no leader dots, underscores, colons or line numbers. */
export function cleanLabel(text: string): string {
  let t = text.replace(/[_…]+/g, ' ').replace(/(?:\.\s?){2,}/g, ' ');
  t = t.replace(/\s+/g, ' ').trim();
  t = t.replace(/^(?:\(?[0-9]{1,2}[a-z]?[.)]|[a-z][.)])\s+/i, ''); // "1a. ", "b) " item numbers
  t = t.replace(/[\s:*]+$/, '').trim();
  return t.length > 120 ? t.slice(0, 117).trimEnd() + '…' : t;
}
