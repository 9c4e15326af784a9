// Blanks repeated once per person or party, side by side: forms that ask the same of two people
// (or more) print the block of blanks once per column under a head naming whose column it is
// ("About Debtor 1:" / "About Debtor 2 (Spouse Only in a Joint Case):", "Debtor 1" / "Debtor 2 or
// non-filing spouse", "Petitioner" / "Respondent"), and every blank of the block carries the same
// caption in each column ("First name", "City"). The caption alone does not say whose: each blank
// takes the head of its column.
import type { TextLine } from '../detect/model.ts';
import { overlap1d, right, top } from '../detect/geometry.ts';
import type { FieldType, Rect } from '../types.ts';
import { clip, cleanLabel } from './text.ts';

interface Labelled {
  type: FieldType;
  rect: Rect;
  label: string;
}

/** How far up a column's head may stand over the blanks it heads (a block of a dozen rows). */
const REACH = 320;

/** A head names a person or a party: short once its aside in parentheses is left out. */
function headLike(text: string): boolean {
  const t = text.replace(/\([^)]*\)?/g, ' ').trim();
  return /\p{L}{2,}/u.test(t) && t.length <= 40 && t.split(/\s+/).length <= 6 && !/[,;.]$/.test(t);
}

/** Two blanks of one row with one caption and one width: the same blank of two columns. */
function twins(a: Labelled, b: Labelled): boolean {
  return (
    a !== b &&
    a.type === b.type &&
    a.label.trim() !== '' &&
    a.label.trim().toLowerCase() === b.label.trim().toLowerCase() &&
    Math.abs(a.rect.y - b.rect.y) <= 3 &&
    Math.abs(a.rect.width - b.rect.width) <= 0.15 * Math.max(a.rect.width, b.rect.width) &&
    overlap1d(a.rect.x, right(a.rect), b.rect.x, right(b.rect)) <= 0
  );
}

/** Lines over a blank's column, starting within it or printed across its start, nearest first. */
function linesOver(r: Rect, lines: readonly TextLine[]): TextLine[] {
  return lines
    .filter((l) => l.text.trim() && l.rect.y >= top(r) - 1 && l.rect.y - top(r) <= REACH && overlap1d(l.rect.x, right(l.rect), r.x, right(r)) > 0)
    .sort((a, b) => a.rect.y - b.rect.y);
}

/**
 * The heads of two twin blanks' columns: going up, the first pair of lines, one over each, on one
 * baseline and set at one offset from their blanks, whose words differ (the captions both
 * columns repeat, "Number" / "Number", say nothing of whose). A line over both columns (a part's
 * title, an instruction across the page) ends the block: no head above it is theirs.
 */
function headsOf(a: Labelled, b: Labelled, lines: readonly TextLine[]): [TextLine, TextLine] | null {
  const overB = linesOver(b.rect, lines);
  for (const la of linesOver(a.rect, lines)) {
    if (overlap1d(la.rect.x, right(la.rect), b.rect.x, right(b.rect)) > 0) return null;
    const lb = overB.find((l) => Math.abs(l.rect.y - la.rect.y) <= 2 && Math.abs(l.rect.x - b.rect.x - (la.rect.x - a.rect.x)) <= 12);
    if (!lb || cleanLabel(la.text).toLowerCase() === cleanLabel(lb.text).toLowerCase()) continue;
    return headLike(la.text) && headLike(lb.text) ? [la, lb] : null;
  }
  return null;
}

/**
 * Each blank whose caption a blank beside it on its row repeats, in a column under a head of its
 * own, reads that head first ("About Debtor 2 (Spouse Only in a Joint Case): First name").
 */
export function labelPersonColumns<T extends Labelled>(fields: T[], lines: readonly TextLine[]): void {
  const heads = new Map<T, string>();
  for (const a of fields) {
    for (const b of fields) {
      if (heads.has(a) || !twins(a, b)) continue;
      const pair = headsOf(a, b, lines);
      if (!pair) continue;
      heads.set(a, clip(cleanLabel(pair[0].text), 60));
      if (!heads.has(b)) heads.set(b, clip(cleanLabel(pair[1].text), 60));
    }
  }
  // A blank of the row set right of its column's head ("ZIP Code" after "City") is in the column
  // of the blank before it, as its twin is in its twin's.
  const sameRow = (a: T, b: T) => a !== b && Math.abs(a.rect.y - b.rect.y) <= 3;
  for (const a of fields) {
    for (const b of fields) {
      if (heads.has(a) || heads.has(b) || !twins(a, b) || b.rect.x < a.rect.x) continue;
      const before = fields.filter((c) => sameRow(c, a) && right(c.rect) <= a.rect.x + 1).sort((x, y) => y.rect.x - x.rect.x)[0];
      const shift = b.rect.x - a.rect.x;
      const twin = before && fields.find((d) => sameRow(d, b) && Math.abs(d.rect.x - before.rect.x - shift) <= 4);
      if (!before || !twin || !heads.has(before) || !heads.has(twin) || heads.get(before) === heads.get(twin)) continue;
      heads.set(a, heads.get(before)!);
      heads.set(b, heads.get(twin)!);
    }
  }
  for (const [f, head] of heads) {
    if (!f.label.toLowerCase().includes(head.toLowerCase())) f.label = `${head}: ${f.label}`;
  }
}
