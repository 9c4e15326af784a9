// Which printed text names each field: the geometry of captions, for every field of one page at
// once (detected candidates and existing AcroForm widgets alike). Per field it finds the caption
// proper and the context a person reads with it:
//
//   - a caption inside the box's top-left corner, left on the row, above, or *under* the writing
//     line (court and government forms print small captions beneath the blank);
//   - a line or item number printed between the caption and the box ("16a", "7.") is kept as the
//     caption's number, not taken for the caption;
//   - a check box or radio button reads its option (right, else left) and the question the group
//     answers: the text left of a row of options or over a column of them;
//   - a table cell with no caption of its own reads its row stub and its column header.
//
// Text of scanned pages is unknown here (OCR reads only the chosen lines afterwards), so every
// choice is geometric, and text-based refinements treat an empty text as "unknown".
import type { FieldType, Rect } from '../types.ts';
import type { TextLine } from '../detect/model.ts';
import { cx, cy, overlap1d, right, top } from '../detect/geometry.ts';
import { ADDRESS_PART, isGuidance, isItemMarker, opensNote } from './words.ts';
import { captionSource, PARENTHESISED } from './lines.ts';

export interface FieldBox {
  type: FieldType;
  rect: Rect;
  /** The drawn thing the field was found from (box outline, rule): captions are searched around it. */
  anchor?: Rect;
  /** Caption already known from the geometry (text inside the box's top-left corner). */
  insideLabel?: TextLine[];
}

export type CaptionSide = 'inside' | 'left' | 'right' | 'above' | 'below' | 'none';

export interface Caption {
  /** The caption proper (one line, or the lines of an inside label). */
  lines: TextLine[];
  side: CaptionSide;
  /** A line or item number printed before the field ("16a"), when the caption lies beyond it. */
  number?: TextLine;
  /** Question of a check box group, or row stub then column header of a table cell. */
  context: TextLine[];
}

const rowOverlap = (a: Rect, b: Rect) => overlap1d(a.y, top(a), b.y, top(b));
const isBox = (t: FieldType) => t === 'checkbox' || t === 'radio';
/** A text that carries no words yet (a scan's line before OCR) counts as words. */
const hasWords = (l: TextLine) => !l.text.trim() || /\p{L}{2,}/u.test(l.text);
/** Print with no letter or digit ("." of a decimal point, "=", "–"): a sign between boxes, never a caption. */
const sign = (l: TextLine) => !!l.text.trim() && !/[\p{L}\p{N}]/u.test(l.text);
/** A currency sign ("$", "– $"): the sign of the blank it is printed before, never another's caption. */
const currency = (l: TextLine) => /\p{Sc}/u.test(l.text) && /^[\p{Sc}\p{Pd}\s]+$/u.test(l.text.trim());
/** A line number, a sign or a code box printed by the blank ("16a", "$", "33300 +"): no caption. */
const marker = (l: TextLine) => !!l.text.trim() && (isItemMarker(l.text) || !/\p{L}{2,}/u.test(l.text));
/** The number worth keeping in front of a caption: an item number or a line code. */
const lineNumber = (l: TextLine | null) => (l && (isItemMarker(l.text) || /^\d{3,6}\b/.test(l.text.trim())) ? l : undefined);

/** Words that only lead into a blank ("in the", "of", "on this"): they name nothing. */
const LEAD_IN = new Set(['in', 'the', 'of', 'at', 'on', 'for', 'to', 'by', 'and', 'a', 'an', 'this', 'that', 'from', 'de', 'du', 'la', 'le', 'les', 'der', 'die', 'das', 'den', 'el', 'los']);
function leadIn(text: string): boolean {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  return words.length > 0 && words.length <= 3 && words.every((w) => LEAD_IN.has(w));
}

/** A sentence that stops at a word leading into the blank after it ("I certify that on"). */
const endsInLeadIn = (text: string) => LEAD_IN.has((text.toLowerCase().match(/\p{L}+/gu) ?? []).pop() ?? '');

/** Is any other field lying between the field and the text (then the text belongs to it)? */
function blocked(field: Rect, text: Rect, others: readonly Rect[]): boolean {
  const x1 = Math.min(right(text), field.x);
  const x2 = Math.max(text.x, right(field));
  // A cell stacked on this one may overlap its edge by a point or two: it touches, it does not
  // stand between.
  const inset = Math.min(2, field.height / 4);
  const y1 = Math.min(top(text), field.y + inset);
  const y2 = Math.max(text.y, top(field) - inset);
  const between = { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
  return others.some((o) => o !== field && overlap1d(o.x, right(o), between.x, right(between)) > 1 && overlap1d(o.y, top(o), between.y, top(between)) > 1 && !(o.x >= right(field) - 1));
}

export function leftOf(r: Rect, lines: readonly TextLine[], maxGap: number, skip?: (l: TextLine) => boolean): TextLine | null {
  let best: TextLine | null = null;
  let bestD = Infinity;
  for (const l of lines) {
    if (right(l.rect) > r.x + 3 || skip?.(l)) continue;
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

function above(r: Rect, lines: readonly TextLine[], maxGap: number, skip?: (l: TextLine) => boolean): TextLine | null {
  let best: TextLine | null = null;
  let bestD = Infinity;
  for (const l of lines) {
    if (l.rect.y < top(r) - 2 || skip?.(l)) continue;
    const ov = overlap1d(l.rect.x, right(l.rect), r.x - 4, right(r));
    if (ov < Math.min(0.5 * l.rect.width, 0.3 * r.width)) continue;
    const d = l.rect.y - top(r);
    if (d <= maxGap && d < bestD) [best, bestD] = [l, d];
  }
  return best;
}

/** The line under a writing line, starting within its extent (captions printed beneath blanks). */
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

/** Distance from a text line down to the nearest other field under it (the field it may caption). */
function gapToFieldBelow(line: TextLine, self: Rect, others: readonly Rect[]): number {
  let best = Infinity;
  for (const o of others) {
    if (o === self || top(o) > line.rect.y + 2) continue;
    if (overlap1d(o.x, right(o), line.rect.x, right(line.rect)) < 0.3 * Math.min(o.width, line.rect.width)) continue;
    best = Math.min(best, line.rect.y - top(o));
  }
  return best;
}

/**
 * A blank as tall as several lines of a text block beside it ("Base amount:" / "If you had a
 * spouse, enter $30,639." / "If not, enter $26,855.") is captioned by the block's first line
 * beside it: the lines under it qualify it. The nearest line is only the one whose end is closest.
 */
function blockTop(chosen: TextLine, field: Rect, lines: readonly TextLine[]): TextLine {
  // A one-line blank beside a column of small print (a side note) takes the line on its row.
  if (field.height < 2 * chosen.rect.height) return chosen;
  let cur = chosen;
  for (;;) {
    const upper = lines.find((l) => {
      if (l === cur || right(l.rect) > field.x + 3 || Math.abs(l.rect.x - cur.rect.x) > 2 || !hasWords(l)) return false;
      const gap = l.rect.y - top(cur.rect);
      return gap >= -1 && gap <= 0.6 * Math.max(cur.size, 4) && top(l.rect) <= top(field) + 2;
    });
    if (!upper) return cur;
    cur = upper;
  }
}

/**
 * A caption that only says how the amount is worked out ("2(r) minus 3(f)", "Line 18 minus line
 * 19", "Add paragraphs 25a and 25b."): it names no item by itself.
 */
export function isArithmetic(text: string): boolean {
  const t = text.trim();
  return /^(add|subtract|multiply|divide)\b/i.test(t) || /\b(minus|plus|times)\b|[×÷]/i.test(t);
}

/**
 * The item a worked-out amount belongs to: the caption further left on its row ("4. ADJUSTED NET
 * WEEKLY INCOME   2(r) minus 3(f)  $____"); none when the formula is the only caption or starts
 * its own numbered line.
 */
function itemOfSum(formula: TextLine, lines: readonly TextLine[]): TextLine[] {
  if (!isArithmetic(formula.text)) return [];
  // A line number between them starts the formula's own line: what is left of it is another's.
  const item = leftOf(formula.rect, lines, 300, (l) => isArithmetic(l.text));
  return item && !marker(item) && hasWords(item) && item.text.trim() ? [item] : [];
}

/**
 * A note that qualifies an item ("Add the amounts from line 12 in columns 1 and 2." / "If you had
 * an eligible spouse, continue at line 14.") names no blank: the blank beside it is the item's,
 * whose caption is the line set tightly over the note, starting where it starts (or the numbered
 * line whose hanging indent the note is set under). A note standing alone is no caption at all.
 */
function itemOfNote(note: TextLine, lines: readonly TextLine[]): TextLine | null {
  const item = lines.find((l) => l !== note && !!l.text.trim() && hasWords(l) && setTightlyOver(l, note) && (Math.abs(l.rect.x - note.rect.x) <= 2 || hangs(l, note)));
  return item && !isGuidance(item.text) ? item : null;
}

/** A line set right over another in the same size, as the lines of one paragraph are. */
function setTightlyOver(upper: TextLine, cur: TextLine): boolean {
  const gap = upper.rect.y - top(cur.rect);
  return gap >= -Math.max(0.5, 0.25 * cur.size) && gap <= 0.45 * Math.max(cur.size, 4) && Math.abs(upper.size - cur.size) <= 0.6;
}

/**
 * A text field's caption. Left on its row first (past a line number to the caption beyond it);
 * then the closer of the line above and a caption printed right under the blank, where a line
 * under the blank that sits closer to the next blank down is that blank's caption instead;
 * then further left, then a header up its column.
 */
function textCaption(f: FieldBox, lines: readonly TextLine[], others: readonly Rect[]): Caption {
  const anchor = f.anchor && f.anchor.height > f.rect.height ? { ...f.rect, y: f.anchor.y, height: Math.max(f.rect.height, f.anchor.height) } : f.rect;
  // A note is read as the item it qualifies, or not at all.
  const notNote = (l: TextLine | null) => (l && isGuidance(l.text) ? itemOfNote(l, lines) : l);
  const ok = (l: TextLine | null) => notNote(l && !blocked(f.rect, l.rect, others) ? l : null);
  const nearest = ok(leftOf(f.rect, lines, 60));
  const near = nearest && !marker(nearest) ? ok(blockTop(nearest, f.rect, lines)) : nearest;
  if (near && !marker(near)) {
    // A blank inside a printed sentence ("IN THE ____ JUDICIAL CIRCUIT"): when the words before it
    // only lead in, the words right after it name it.
    const after = leadIn(near.text) ? rightOf(f.rect, lines, 12) : null;
    if (after && hasWords(after) && !leadIn(after.text)) return { lines: [after], side: 'right', context: [] };
    // "I certify that on ____ (date) I have sent…": a hint in parentheses printed right after a
    // blank in a sentence says what goes in it; the words before it say what for.
    const next = rightOf(f.rect, lines, 12);
    const hint = next && endsInLeadIn(near.text) ? /^\([^()]{2,30}\)/.exec(next.text.trim()) : null;
    if (next && hint) return { lines: [near, { ...next, text: hint[0] }], side: 'left', context: [] };
    return { lines: [near], side: 'left', context: itemOfSum(near, lines) };
  }
  // "16a ____", "4a. $ ____": the line number printed before the blank, past a sign between them,
  // on a line of one amount (where a row holds an amount per person, the columns' heads say more).
  const alone = !others.some((o) => o !== f.rect && rowOverlap(o, f.rect) > 0.5 * Math.min(o.height, f.rect.height));
  const number = lineNumber(near) ?? (near && marker(near) && alone ? lineNumber(leftOf(f.rect, lines, 60, (l) => !isItemMarker(l.text))) : undefined);
  if (near) {
    // The caption is further left on the row, or above the number.
    const beyondNearest = ok(leftOf(near.rect, lines, 420, marker));
    const beyond = beyondNearest && ok(blockTop(beyondNearest, f.rect, lines));
    if (beyond) return { lines: [beyond], side: 'left', number, context: itemOfSum(beyond, lines) };
  }
  const up = ok(above(f.anchor ?? f.rect, lines, 14, sign));
  const down = notNote(below(f.anchor ?? f.rect, lines, 10));
  if (down && hasWords(down)) {
    const dDown = (f.anchor ?? f.rect).y - top(down.rect);
    const dUp = up ? up.rect.y - top(f.anchor ?? f.rect) : Infinity;
    // The line under the blank is this blank's caption when it hugs the blank more closely than
    // it does the next blank below it, and more closely than any caption above.
    if (dDown <= 6 && dDown < dUp && dDown < gapToFieldBelow(down, f.rect, others)) return { lines: [down], side: 'below', number, context: [] };
  }
  if (up) return { lines: [up], side: 'above', number, context: [] };
  const farthest = ok(leftOf(f.rect, lines, 220, marker));
  const far = farthest && ok(blockTop(farthest, f.rect, lines));
  if (far) return { lines: [far], side: 'left', number, context: [] };
  const under = notNote(below(anchor, lines, 12));
  if (under && !marker(under)) return { lines: [under], side: 'below', number, context: [] };
  const header = ok(above(anchor, lines, 120));
  if (header) return { lines: [header], side: 'above', number, context: [] };
  return { lines: [], side: 'none', number, context: [] };
}

/**
 * An option whose printed box or bullet the check box is laid over ("☐ Yes", "• Placed me in
 * fear…"): the line starts under the box, with that glyph, and runs on past it. The option of the
 * row above or below is never nearer.
 */
function printedUnder(r: Rect, lines: readonly TextLine[]): TextLine | null {
  return lines.find((l) => l.rect.x >= r.x - 1 && l.rect.x < right(r) - 2 && right(l.rect) > right(r) + 10 && Math.abs(cy(l.rect) - cy(r)) <= Math.max(r.height, l.rect.height) * 0.5 && /^[^\p{L}\p{N}(\[]/u.test(l.text.trim()) && /\p{L}{2,}/u.test(l.text)) ?? null;
}

function boxCaption(f: FieldBox, lines: readonly TextLine[], others: readonly Rect[]): Caption {
  const r = f.anchor && f.anchor.height > f.rect.height ? { ...f.rect, y: f.anchor.y, height: Math.max(f.rect.height, f.anchor.height) } : f.rect;
  const ok = (l: TextLine | null) => (l && !blocked(f.rect, l.rect, others) ? l : null);
  const under = ok(printedUnder(r, lines));
  const l = ok(rightOf(r, lines, 30)) ?? under ?? ok(leftOf(r, lines, 40)) ?? ok(above(r, lines, 12));
  if (!l) return columnBox(f, lines, others);
  return { lines: [l], side: l.rect.x >= right(r) - 2 || l === under ? 'right' : l.rect.y >= top(r) - 2 ? 'above' : 'left', context: [] };
}

/**
 * A box with no caption beside it sits in a column of boxes under a header ("Yes", "No"): the
 * header is its option and the text far left on its row is the question ("7a Do you have …").
 */
function columnBox(f: FieldBox, lines: readonly TextLine[], others: readonly Rect[]): Caption {
  const r = f.rect;
  const sameCol = (o: Rect) => o !== r && Math.abs(cx(o) - cx(r)) <= 3;
  let topBox = r;
  for (;;) {
    const next = others.filter((o) => sameCol(o) && o.y >= top(topBox) - 1 && o.y - top(topBox) <= 40).sort((a, b) => a.y - b.y)[0];
    if (!next) break;
    topBox = next;
  }
  const header = above(topBox, lines, 40);
  const q = leftOf(r, lines, 400, (l) => marker(l) || (header !== null && l === header));
  const number = q ? lineNumber(leftOf(r, lines, 400, (l) => !marker(l))) : undefined;
  if (!header && !q) return { lines: [], side: 'none', context: [] };
  if (!header) return { lines: [q!], side: 'left', number, context: [] };
  return { lines: [header], side: 'above', number: undefined, context: q ? [...(number ? [number] : []), q] : [] };
}

/**
 * A caption printed as an aside to a blank, each on its own: in parentheses ("(City)", "(Print
 * First Name Above)") or only a part of a name or an address ("First name", "ZIP Code").
 */
const isAside = (l: TextLine) => PARENTHESISED.test(l.text.trim()) || ADDRESS_PART.test(l.text.trim().replace(/\s*\([^()]*\)$/, ''));

/**
 * Blanks stacked with an aside between each two ("____ / (Street) / ____ / (City)", "____ /
 * First name / ____ / Middle name"): whether each aside names the blank over it or the one under
 * it, the gaps cannot tell (a point or less either way, both hugging). The ends of the stack can:
 * a form that prints its asides under its blanks leaves one under the last blank and none over
 * the first, and the other way round for asides over them. Each blank of such a stack then takes
 * the aside on that side. Only asides within 3 pt count (a note further off, "(USPS ZIP Code
 * Lookup)", is no caption). A caption the detector found inside the top of a box drawn between
 * two writing lines, that is the line above's caption under it, counts as such an aside too.
 *
 * A blank with a caption left on its row keeps it, unless that caption stands beside the stack
 * rather than by the blank: a numbered item ("1. Your name") is read before every aside of the
 * stack from there down (and of the stacks beside it on its row, the same item asked of a second
 * person), a line of a paragraph is a note beside the stack.
 */
function settleAsideStacks(fields: readonly FieldBox[], caps: Caption[], lines: readonly TextLine[]): void {
  const belowCaptions = new Set(caps.flatMap((c) => (c.side === 'below' ? c.lines : [])));
  const shared = new Set(fields.flatMap((f) => f.insideLabel ?? []).filter((l) => belowCaptions.has(l)));
  const asides = lines.filter((l) => isAside(l) || shared.has(l));
  if (asides.length < 2) return;
  const startsIn = (l: TextLine, r: Rect) => l.rect.x >= r.x - 4 && l.rect.x < right(r) - 4;
  const blanks = fields.map((_, i) => i).filter((i) => !isBox(fields[i].type));
  // The lines of a pool that start within a blank and hug it from over or under, within 3 pt.
  const hugging = (i: number, up: boolean, pool: readonly TextLine[]) => {
    // The blank drawn (a rule, a box) and the space to write over it, whichever reaches further.
    const { rect, anchor = rect } = fields[i];
    const y = Math.min(rect.y, anchor.y);
    const r = { x: rect.x, y, width: rect.width, height: Math.max(top(rect), top(anchor)) - y };
    // An aside printed inside a box over its writing space hugs the space's top, not the box's.
    const hugsTop = (l: TextLine) => [top(r), top(rect)].some((t) => l.rect.y - t >= -1.5 && l.rect.y - t <= 3);
    const hugsBottom = (l: TextLine) => r.y - top(l.rect) >= -1.5 && r.y - top(l.rect) <= 3;
    return pool.filter((l) => startsIn(l, r) && (up ? hugsTop(l) : hugsBottom(l)));
  };
  const worded = lines.filter((l) => hasWords(l) && !!l.text.trim());
  const ups = new Map(blanks.map((i) => [i, hugging(i, true, asides)]));
  const downs = new Map(blanks.map((i) => [i, hugging(i, false, asides)]));
  const over = new Set(blanks.flatMap((i) => ups.get(i)!));
  const under = new Set(blanks.flatMap((i) => downs.get(i)!));
  // Stacks: blanks joined by an aside that is under one and over the other.
  const stackOf = new Map<number, number>(blanks.map((i) => [i, i]));
  const root = (i: number): number => (stackOf.get(i) === i ? i : root(stackOf.get(i)!));
  for (const i of blanks) for (const j of blanks) if (i !== j && downs.get(i)!.some((l) => ups.get(j)!.includes(l))) stackOf.set(root(j), root(i));
  const stacks = new Map<number, number[]>();
  for (const i of blanks) stacks.set(root(i), [...(stacks.get(root(i)) ?? []), i]);
  // The numbered item a stack answers, printed left of its first blank or of the first blank of
  // the stack beside it on that row.
  const itemLeft = (i: number) => (caps[i].side === 'left' && ITEM_START.test(caps[i].lines[0]?.text.trim() ?? '') ? caps[i].lines : null);
  const all = [...stacks.values()].filter((s) => s.length >= 2).map((s) => s.sort((a, b) => top(fields[b].rect) - top(fields[a].rect)));
  const beside = (s: number[], o: number[]) => o !== s && fields[o[0]].rect.x < fields[s[0]].rect.x && Math.abs(cy(fields[o[0]].rect) - cy(fields[s[0]].rect)) <= 3;
  const items = new Map(all.map((s) => [s, itemLeft(s[0]) ?? all.filter((o) => beside(s, o)).map((o) => itemLeft(o[0])).find(Boolean) ?? null]));
  for (const stack of all) {
    let endsUnder = stack.some((i) => downs.get(i)!.some((l) => !over.has(l)));
    const endsOver = stack.some((i) => ups.get(i)!.some((l) => !under.has(l)));
    // Where neither end tells (a spare line closes the stack), the item's caption does: printed on
    // the first blank's row, with no aside over that blank, it leaves the asides under the blanks.
    if (!endsUnder && !endsOver && items.get(stack)) endsUnder = !ups.get(stack[0])!.length;
    if (endsUnder === endsOver) continue;
    let item = items.get(stack) ?? [];
    for (const i of stack) {
      const r = fields[i].rect;
      const own = [...(endsUnder ? downs : ups).get(i)!].sort((a, b) => Math.abs(a.rect.x - r.x) - Math.abs(b.rect.x - r.x))[0];
      const c = caps[i];
      // A spare blank at the stack's end whose caption is an aside the stack gives another blank
      // reads what hugs it on the stack's side ("Business name" under the blank after "Last name").
      const spare = !own && c.lines.length > 0 && c.lines.every((l) => (endsUnder ? under : over).has(l)) ? hugging(i, !endsUnder, worded)[0] : undefined;
      if (spare) caps[i] = { lines: [spare], side: endsUnder ? 'below' : 'above', number: c.number, context: item };
      if (!own) continue;
      // A caption left on a stacked blank's row stands beside the stack: a numbered one is the
      // item, a line of a paragraph a note beside it; any other names the blank.
      const left = c.side === 'left' && !c.lines.includes(own) ? c.lines[0] : undefined;
      const numbered = !!left && !!itemLeft(i);
      if (numbered) item = c.lines;
      const movable = c.side === 'above' || c.side === 'below' || c.side === 'none' || (c.side === 'inside' && c.lines.every((l) => isAside(l) || shared.has(l))) || numbered || (!!left && inParagraph(left, lines));
      // The words printed on the aside's baseline by the blank read with it ("Number  Street").
      const words = hugging(i, !endsUnder, worded).filter((l) => l === own || (!asides.includes(l) && Math.abs(l.rect.y - own.rect.y) <= 1));
      if (movable || c.lines.includes(own)) caps[i] = { lines: words.sort((a, b) => a.rect.x - b.rect.x), side: endsUnder ? 'below' : 'above', number: c.number, context: item };
    }
  }
}

/** A line of a paragraph: another line is set tightly over or under it, where it starts. */
const inParagraph = (l: TextLine, lines: readonly TextLine[]) => lines.some((o) => o !== l && hasWords(o) && Math.abs(o.rect.x - l.rect.x) <= 2 && (setTightlyOver(o, l) || setTightlyOver(l, o)));

/** Lines chosen as some field's own caption (not only as context): never a heading of others. */
const OWN_CAPTIONS = new WeakSet<TextLine>();
export const isOwnCaption = (l: TextLine): boolean => OWN_CAPTIONS.has(l);

/** Captions of all fields of one page, with the context their groups share. */
export function chooseCaptions(fields: readonly FieldBox[], allLines: readonly TextLine[]): Caption[] {
  // Running headers and footers name no field, however close to one they are printed; captions
  // the print ran together are read apart (lines.ts).
  const lines = captionSource(allLines);
  const rects = fields.map((f) => f.rect);
  const caps = fields.map((f): Caption => {
    if (f.insideLabel?.length) return { lines: f.insideLabel, side: 'inside', context: [] };
    return isBox(f.type) ? boxCaption(f, lines, rects) : textCaption(f, lines, rects);
  });
  settleAsideStacks(fields, caps, lines);
  // Marked before the table pass, which makes a grid's column header its cells' caption: the
  // header stays a heading of others.
  for (const c of caps) for (const l of c.lines) OWN_CAPTIONS.add(l);
  addQuestions(fields, caps, lines);
  addColumnQuestions(fields, caps, lines);
  addTableContext(fields, caps, lines);
  addColumnHeads(fields, caps, lines);
  addRowEndNumbers(fields, caps, lines);
  const used = new Set(caps.flatMap((c) => [...c.lines, ...c.context]));
  for (const c of caps) {
    if (c.side === 'left' || c.side === 'above') c.lines = wrapped(c.lines, lines, used);
    // A check box's option and a question run on downwards ("Full-time" / "student"), and so does
    // a numbered caption under its number's hanging indent ("14. Monthly allowances for" / "quarters").
    if (c.side === 'right' || (c.side === 'left' && ITEM_START.test(c.lines[0]?.text.trim() ?? ''))) c.lines = continued(c.lines, lines, used);
    c.context = c.context.flatMap((l) => continued(wrapped([l], lines, used), lines, used));
  }
  return caps;
}

/**
 * Returns that print each line's number at the end of its row, right after the amount box
 * ("Base amount ........ [______] 17"; a rate table's row "[____] [____] [____] 3"): every text
 * blank of the row reads that number, as it reads one printed before it. Only a bare number with
 * nothing printed or drawn after it on the row (a number followed by a caption or a box starts the
 * next item: "[____] 4b Taxable amount [____]").
 */
function addRowEndNumbers(fields: readonly FieldBox[], caps: Caption[], lines: readonly TextLine[]): void {
  const rects = fields.map((f) => f.rect);
  const sameRow = (o: Rect, r: Rect) => Math.abs(cy(o) - cy(r)) <= Math.max(3, 0.5 * Math.min(o.height, r.height));
  fields.forEach((f, i) => {
    if (isBox(f.type) || caps[i].number) return;
    const last = rects.filter((o) => sameRow(o, f.rect) && o.x >= f.rect.x).reduce((a, b) => (b.x > a.x ? b : a), f.rect);
    const n = rightOf(last, lines, 12);
    if (!n || !/^\d{1,3}[a-z]?$/i.test(n.text.trim())) return;
    const after = (o: Rect) => o.x >= right(n.rect) - 1 && sameRow(o, n.rect);
    if (rects.some(after) || lines.some((l) => l !== n && after(l.rect))) return;
    caps[i] = { ...caps[i], number: n };
  });
}

/** A caption that starts with its item number ("14.", "11)", "2b."). */
const ITEM_START = /^\(?\d{1,3}[a-z]?[.)]\s+\S/i;

/** A line set under a numbered line's hanging indent: it starts right of the number, within 25 pt. */
const hangs = (numbered: TextLine, next: TextLine) => ITEM_START.test(numbered.text.trim()) && next.rect.x - numbered.rect.x > 2 && next.rect.x - numbered.rect.x <= 25;

/** Lines that continue a caption under its last line: same start (or a numbered line's hanging indent), same size, set tightly. */
function continued(chosen: TextLine[], lines: readonly TextLine[], used: ReadonlySet<TextLine>): TextLine[] {
  if (!chosen.length) return chosen;
  const out = [...chosen];
  for (let k = 0; k < 2; k++) {
    const cur = out[out.length - 1];
    if (!cur.text.trim() || /[.:;?]\s*$/.test(cur.text.trim())) break;
    const next = lines.find((l) => {
      // A note set under the caption starts a sentence of its own ("Include cash assistance…").
      if (out.includes(l) || used.has(l) || !l.text.trim() || !hasWords(l) || opensNote(l.text)) return false;
      const gap = cur.rect.y - top(l.rect);
      return gap >= -Math.max(0.5, 0.25 * cur.size) && gap <= 0.45 * Math.max(cur.size, 4) && Math.abs(l.size - cur.size) <= 0.6 && (Math.abs(l.rect.x - cur.rect.x) <= 2 || hangs(out[0], l));
    });
    if (!next) break;
    out.push(next);
  }
  return out;
}

/** A line that starts in lower case runs on from the line above it: a sentence wrapped there. */
const runsOn = (l: TextLine) => /^\p{Ll}/u.test(l.text.trim());

/**
 * A caption wrapped over several lines ("Full Name of Person" / "Receiving the Benefit"): the lines
 * set tightly above the chosen one, in the same size, starting where it starts or centred over
 * it, and naming nothing else. Two lines are added, and more only to reach the start of a sentence
 * wrapped further up ("Are there any prior or pending actions in any state or" / "country
 * involving…" / "divorce, annulment, …," / "or abuse prevention?"), five at most.
 */
function wrapped(chosen: TextLine[], lines: readonly TextLine[], used: ReadonlySet<TextLine>): TextLine[] {
  if (chosen.length !== 1) return chosen;
  const out = [...chosen];
  for (let k = 0; k < 5; k++) {
    const cur = out[0];
    if (k >= 2 && !runsOn(cur)) break;
    const upper = lines.find((l) => {
      if (l === cur || used.has(l) || !hasWords(l) || !l.text.trim() || !cur.text.trim() || !setTightlyOver(l, cur)) return false;
      const sameStart = Math.abs(l.rect.x - cur.rect.x) <= 2 || hangs(l, cur);
      const centred = Math.abs(cx(l.rect) - cx(cur.rect)) <= 3 && overlap1d(l.rect.x, right(l.rect), cur.rect.x, right(cur.rect)) > 0.5 * Math.min(l.rect.width, cur.rect.width);
      // A line that ends a sentence or a caption ("…:") closes the caption above this one; not so
      // over a formula set under its item ("Total maintenance paid." / "Add paragraphs 25a and
      // 25b."), nor over a line that runs on from it (the stop was an abbreviation's: "etc.").
      const closes = /[.:;]\s*$/.test(l.text.trim()) && !runsOn(cur) && !(k === 0 && isArithmetic(cur.text) && !isArithmetic(l.text));
      return (sameStart || centred) && !closes;
    });
    if (!upper) break;
    out.unshift(upper);
  }
  // A column head or caption printed over a note that says how to fill it in ("Cost or other
  // basis" / "See the Note below and see Column (e)…", "Unused tuition amount…:" / "Enter
  // whichever is less…"): the blank is the caption's; the note under it names nothing. A line
  // that closes a sentence above the note, or works out another amount, is another item's.
  const note = out[0];
  if (!opensNote(note.text)) return out;
  // A note ("Attach a statement…", "Include alimony…") may be set as a paragraph of its own, a
  // little further down than a wrapped line; a formula so set ("Add lines 7 to 9.") is an item.
  const reach = isArithmetic(note.text) ? 0.45 : 0.6;
  const over = (l: TextLine) => {
    const gap = l.rect.y - top(note.rect);
    return gap >= -Math.max(0.5, 0.25 * note.size) && gap <= reach * Math.max(note.size, 4) && Math.abs(l.size - note.size) <= 0.6;
  };
  const head = lines.find((l) => l !== note && !used.has(l) && hasWords(l) && !!l.text.trim() && !opensNote(l.text) && !isArithmetic(l.text) && !/[.;]\s*$/.test(l.text.trim()) && over(l) && (Math.abs(l.rect.x - note.rect.x) <= 2 || hangs(l, note) || Math.abs(cx(l.rect) - cx(note.rect)) <= 3));
  return head ? wrapped([head], lines, used) : out;
}

/**
 * The question a group of check boxes answers: the text left of the first box of a row of options
 * ("Filing status: [] Single [] Married"), else the line over the first box of a column of them.
 * Lines that are some box's own option are never a question.
 */
function addQuestions(fields: readonly FieldBox[], caps: Caption[], lines: readonly TextLine[]): void {
  const boxes = fields.map((f, i) => i).filter((i) => isBox(fields[i].type) && caps[i].side === 'right');
  // Options printed left of their boxes ("No [] / Yes []") form stacks too.
  const leftBoxes = fields.map((f, i) => i).filter((i) => isBox(fields[i].type) && caps[i].side === 'left');
  if (!boxes.length && !leftBoxes.length) return;
  const options = new Set(caps.flatMap((c, i) => (isBox(fields[i].type) ? c.lines : [])));
  const rects = fields.map((f) => f.rect);
  const captionLines = new Set(caps.flatMap((c) => c.lines));
  // A note ("Write that amount on the Summary…") asks nothing: it is no question of the boxes under it.
  const notOption = (l: TextLine) => options.has(l) || !hasWords(l) || isGuidance(l.text);
  const done = new Set<number>();
  // Rows: boxes sharing a baseline.
  for (const i of boxes) {
    if (done.has(i)) continue;
    const row = boxes.filter((j) => Math.abs(cy(fields[j].rect) - cy(fields[i].rect)) <= 3).sort((a, b) => fields[a].rect.x - fields[b].rect.x);
    if (row.length < 2) continue;
    const first = fields[row[0]].rect;
    // Left of the first option, else over it ("8. Marital Status" above a row of options).
    // Past a line code printed before the options ("Do you have a spouse?  38101 [] Yes [] No"),
    // as a text blank's caption is read past its line number.
    const code = leftOf(first, lines, 60, (l) => !marker(l));
    const q = leftOf(first, lines, 250, notOption) ?? (code ? leftOf(code.rect, lines, 420, notOption) : null) ?? questionOver(first, lines, notOption, captionLines);
    if (!q) continue;
    const full = withItem(q, lines, notOption);
    for (const j of row) {
      caps[j].context = full;
      done.add(j);
    }
  }
  // Boxes stacked under a question, or beside it: the question printed left of the stack's first
  // box ("2. Do you have dependents?  [] No / [] Yes"). An option that asks a question ("Yes. Does
  // Debtor 2 live apart?") is the question of the stack set in under it.
  const asks = (l: TextLine) => /\?\s*$/.test(l.text.trim());
  const notQuestion = (l: TextLine) => (options.has(l) && !asks(l)) || !hasWords(l) || isGuidance(l.text);
  for (const group of [boxes, leftBoxes]) {
    for (const i of group) {
      if (done.has(i)) continue;
      const r = fields[i].rect;
      const sameStack = (j: number) => j !== i && Math.abs(fields[j].rect.x - r.x) <= 3;
      const stacked = group.some((j) => sameStack(j) && Math.abs(cy(fields[j].rect) - cy(r)) <= 40);
      if (!stacked) continue;
      let first = r;
      for (;;) {
        const up = group.map((j) => fields[j].rect).filter((o) => o !== first && Math.abs(o.x - r.x) <= 3 && cy(o) > cy(first) && cy(o) - cy(first) <= 40).sort((a, b) => a.y - b.y)[0];
        if (!up) break;
        first = up;
      }
      const left = group === boxes ? leftOf(first, lines, 250, notOption) : null;
      const q = (left && !blocked(first, left.rect, rects) ? left : null) ?? questionOver(r, lines, notQuestion, captionLines);
      if (!q) continue;
      caps[i].context = withItem(q, lines, notOption);
      done.add(i);
    }
  }
  // A box alone under a question that ends right over it ("11. Have you ever applied…" / "from
  // USCIS?" over "[] Yes (Complete the following.)"; its "No" further down, past sub-questions).
  for (const i of boxes) {
    if (done.has(i)) continue;
    const r = fields[i].rect;
    const q = questionOver(r, lines, notQuestion, captionLines);
    if (!q || !asks(q) || q.rect.y - top(r) > 2 * Math.max(q.size, 6)) continue;
    caps[i].context = [q];
    done.add(i);
  }
}

/** An option that only answers ("No", "Yes. Explain:", "No (Proceed to Question 12.)"): it asks nothing itself. */
const ANSWER = /^(yes|no|n\/a|none|unknown|don['’]t know|oui|non|ja|nein)\b/i;

/**
 * An answer box left without a question ("No") answers the question of the answer box above it in
 * its column: its "Yes" printed far above, past the room that "Yes" asks to explain in; the rows of
 * a table whose column of "No / Yes" the question heads once ("Does dependent live with you?"),
 * too far down for the question over the column to reach. Top down, so a column passes its question
 * on row by row; not past another question printed between them at or left of the column (a line
 * that asks, "…?"), where a new item starts.
 */
function addColumnQuestions(fields: readonly FieldBox[], caps: Caption[], lines: readonly TextLine[]): void {
  const answers = fields
    .map((_, i) => i)
    .filter((i) => isBox(fields[i].type) && (caps[i].side === 'right' || caps[i].side === 'left') && caps[i].lines.length > 0 && ANSWER.test(caps[i].lines[0].text.trim()))
    .sort((a, b) => top(fields[b].rect) - top(fields[a].rect));
  for (const i of answers) {
    if (caps[i].context.length) continue;
    const r = fields[i].rect;
    const upper = answers.filter((j) => j !== i && Math.abs(cx(fields[j].rect) - cx(r)) <= 3 && fields[j].rect.y > top(r)).sort((a, b) => fields[a].rect.y - fields[b].rect.y)[0];
    if (upper === undefined || !caps[upper].context.length) continue;
    const lo = top(r);
    const hi = fields[upper].rect.y;
    const asksBetween = lines.some((l) => l.rect.y >= lo && top(l.rect) <= hi && l.rect.x <= r.x + 2 && /\?\s*$/.test(l.text.trim()) && !caps[upper].context.includes(l));
    if (!asksBetween) caps[i].context = caps[upper].context;
  }
}

/** A question that only says how to answer ("(Check one.)", "Check all that apply:", "Check if (see instructions)"). */
const CHECK_ONLY = /^\(?\s*(check|mark|tick|select)\s+(one|all|if|any|the box|box)\b[^:?]{0,40}?\)?\s*[.:]?\s*$/i;

/**
 * A check instruction names nothing: the item it belongs to goes first, printed left of it on
 * its row ("15 Overpayment  Check one:") or, for an aside in parentheses, right above it
 * ("Report for this quarter" over "(Check one.)").
 */
function withItem(q: TextLine, lines: readonly TextLine[], skip: (l: TextLine) => boolean): TextLine[] {
  if (!CHECK_ONLY.test(q.text.trim())) return [q];
  const left = leftOf(q.rect, lines, 300, (l) => marker(l) || skip(l));
  const upper = lines
    .filter((l) => l !== q && !skip(l) && hasWords(l) && l.rect.y >= top(q.rect) - 1 && l.rect.y - top(q.rect) <= 1.5 * Math.max(q.size, 4) && overlap1d(l.rect.x, right(l.rect), q.rect.x, right(q.rect)) > 0)
    .sort((a, b) => a.rect.y - b.rect.y)[0];
  // An instruction in parentheses is an aside to the line over it; "Check one:" follows its item.
  const item = q.text.trim().startsWith('(') ? (upper ?? left) : (left ?? upper);
  return item ? [item, q] : [q];
}

/**
 * The question over a box: the nearest line above it (within 60 pt) that starts left of it or at
 * it and is no box's option; a text blank's caption is a question only when it asks one.
 */
function questionOver(r: Rect, lines: readonly TextLine[], skip: (l: TextLine) => boolean, captions: ReadonlySet<TextLine>): TextLine | null {
  let q: TextLine | null = null;
  let bestD = Infinity;
  for (const l of lines) {
    if (skip(l) || l.rect.y < top(r) - 1) continue;
    if (l.rect.x > r.x + 20 || right(l.rect) < r.x - 6) continue;
    const d = l.rect.y - top(r);
    if (d <= 60 && d < bestD) [q, bestD] = [l, d];
  }
  return q && (!captions.has(q) || /[?:]\s*$/.test(q.text)) ? q : null;
}

/**
 * Table cells. In a grid (a row of two cells or more, and a column of two cells or more) every
 * cell reads its row stub (the text left of the row's first cell) and its column header (the
 * text over the column's top cell): "Dependent 2: (4) Relationship". Check boxes in such a row
 * take the stub too. Outside a grid, a cell whose own caption search ended far away (a stub across
 * other cells, a header up the column) or found nothing reads stub and header as context. A
 * numbered form line ("2b Taxable interest") is never a table cell.
 */
function addTableContext(fields: readonly FieldBox[], caps: Caption[], lines: readonly TextLine[]): void {
  const rects = fields.map((f) => f.rect);
  const texts = rects.filter((_, k) => !isBox(fields[k].type));
  const stubs = new Map<Rect, TextLine | null>();
  const headers = new Map<Rect, TextLine>();
  fields.forEach((f, i) => {
    const own = caps[i];
    if (isBox(f.type) || own.side === 'inside' || own.number) return;
    const r = f.rect;
    const sameRow = (o: Rect) => Math.abs(cy(o) - cy(r)) <= Math.max(2, 0.3 * r.height);
    const sameCol = (o: Rect) => overlap1d(o.x, right(o), r.x, right(r)) >= 0.6 * Math.min(o.width, r.width);
    const row = texts.filter(sameRow);
    if (row.length < 2) return;
    // Up the column: cells stacked over this one with small gaps.
    let topCell = r;
    for (;;) {
      const next = texts.filter((o) => o !== topCell && sameCol(o) && o.y >= top(topCell) - 1 && o.y - top(topCell) <= Math.max(6, topCell.height)).sort((a, b) => a.y - b.y)[0];
      if (!next) break;
      topCell = next;
    }
    const under = texts.some((o) => o !== r && sameCol(o) && top(o) <= r.y + 1 && r.y - top(o) <= Math.max(6, r.height));
    const grid = topCell !== r || under;
    const line = own.lines[0];
    const farLeft = own.side === 'left' && line && (r.x - right(line.rect) > 60 || rects.some((o) => o !== r && sameRow(o) && o.x < r.x && o.x > right(line.rect)));
    const farAbove = own.side === 'above' && line && line.rect.y - top(r) > 14;
    if (!grid && !(own.side === 'none' || farLeft || farAbove)) return;
    const header = above(topCell, lines, 40, sign);
    if (header && grid) headers.set(r, header);
    const leftmost = row.reduce((a, b) => (b.x < a.x ? b : a));
    // Rate and bracket tables set their columns far right of the row captions at the margin.
    const stub = leftOf(leftmost, lines, 240, marker);
    for (const o of row) stubs.set(o, stub);
    if (grid) {
      if (!header && !stub) return;
      const local = !(own.side === 'none' || farLeft || farAbove || own.lines.every(currency));
      // A cell with a caption of its own keeps it, unless that caption is the row's stub (the
      // first cell) or the column's header (the top cell): those read the other one too. A
      // currency sign over a cell is the sign of the cell above it, no caption.
      if (local && line !== stub && line !== header) return;
      caps[i] = { lines: header ? [header] : own.lines, side: header ? 'above' : own.side, context: stub && stub !== header ? [stub] : [] };
      return;
    }
    const context = [stub, header].filter((l): l is TextLine => !!l && !own.lines.includes(l));
    if (context.length) caps[i] = { ...own, context };
  });
  // Check boxes on a row of grid cells belong to that row's person or item; check boxes under a
  // column of grid cells belong to that column's ("Dependent 2").
  fields.forEach((f, i) => {
    if (!isBox(f.type)) return;
    const r = f.rect;
    const cell = [...stubs.keys()].find((o) => Math.abs(cy(o) - cy(r)) <= Math.max(3, 0.5 * o.height) && o.x < r.x);
    const stub = cell ? stubs.get(cell) : null;
    if (stub && !caps[i].context.includes(stub) && !caps[i].lines.includes(stub)) caps[i].context = [stub, ...caps[i].context];
    const over = [...headers.keys()].filter((o) => r.x >= o.x - 2 && right(r) <= right(o) + 2 && o.y >= top(r) - 1 && o.y - top(r) <= 80).sort((a, b) => a.y - b.y)[0];
    const header = over ? headers.get(over) : undefined;
    if (header && !caps[i].context.includes(header) && !caps[i].lines.includes(header)) caps[i].context = [header, ...caps[i].context];
  });
}

/** A column head is short: a name or a role ("Petitioner", "Column 2 Your eligible spouse", "For Debtor 1:"). */
const headLike = (t: string) => /\p{L}{2,}/u.test(t) && t.trim().length <= 40 && t.trim().split(/\s+/).length <= 6 && !/[,;]$/.test(t.trim());

/**
 * The head over a blank's column, however far above: the first line above it that crosses its
 * width (so nothing but blanks and signs stands between), short, printed where the blank starts
 * or centred over its middle half, and no field's caption beside or under it (a caption over a
 * blank may be a column's head, and so may the caption inside a table's head cell).
 */
function headOver(r: Rect, lines: readonly TextLine[], captions: ReadonlySet<TextLine>): TextLine | null {
  let first: TextLine | null = null;
  let bestD = Infinity;
  for (const l of lines) {
    // The "$" of the rows above stands in the column, not over it.
    if (l.rect.y < top(r) - 1 || !l.text.trim() || sign(l)) continue;
    if (overlap1d(l.rect.x, right(l.rect), r.x, right(r)) <= 0) continue;
    const d = l.rect.y - top(r);
    if (d < bestD) [first, bestD] = [l, d];
  }
  if (!first || captions.has(first) || !headLike(first.text)) return null;
  const aligned = Math.abs(first.rect.x - r.x) <= 8 || (Math.abs(cx(first.rect) - cx(r)) <= Math.max(8, 0.25 * r.width) && first.rect.width <= 1.5 * r.width);
  return aligned ? first : null;
}

/**
 * Blanks set in columns under heads printed once over them ("Petitioner" / "Respondent", "You" /
 * "Spouse", "Debtor 1" / "Debtor 2"): each blank of a row reads its column's head after its row's
 * caption. Only where the heads are a table's: each over two blanks or more, every blank of the
 * row under a different one, or a blank alone on its row under one of a band of such heads.
 */
function addColumnHeads(fields: readonly FieldBox[], caps: Caption[], lines: readonly TextLine[]): void {
  const texts = fields.map((_, i) => i).filter((i) => !isBox(fields[i].type));
  // A head printed in a box of its own (a table's head cell) is that box's inside caption and
  // still the head of the blanks under it.
  const beside = new Set(caps.flatMap((c) => (c.side === 'above' || c.side === 'inside' ? [] : c.lines)));
  const heads = new Map<number, TextLine>();
  for (const i of texts) {
    const h = headOver(fields[i].rect, lines, beside);
    if (h) heads.set(i, h);
  }
  const served = new Map<TextLine, number>();
  for (const h of heads.values()) served.set(h, (served.get(h) ?? 0) + 1);
  const columnHeads = [...served].filter(([, n]) => n >= 2).map(([h]) => h);
  // Heads of a table stand side by side in one band (their last lines may differ by a wrap),
  // each over a column of two blanks or more.
  const tableHead = (h: TextLine) => columnHeads.includes(h) && columnHeads.some((o) => o !== h && Math.abs(cy(o.rect) - cy(h.rect)) <= Math.max(12, 1.5 * h.size));
  for (const i of texts) {
    const head = heads.get(i);
    if (!head || !columnHeads.includes(head)) continue;
    const r = fields[i].rect;
    const row = texts.filter((j) => Math.abs(cy(fields[j].rect) - cy(r)) <= Math.max(3, 0.3 * r.height));
    // The row's blanks each under a different column head, or (a row with blanks left out) the
    // head one of a band of heads.
    const rowHeads = row.map((j) => heads.get(j));
    const spread = row.length > 1 && rowHeads.every((h) => h && columnHeads.includes(h)) && new Set(rowHeads).size === row.length;
    if (!spread && !(row.length === 1 && tableHead(head))) continue;
    const c = caps[i];
    // A grid cell already reads its row stub and its column header.
    if (c.context.includes(head) || (c.lines.includes(head) && c.context.length)) continue;
    // A blank with no caption of its own, or only its column's head, reads its row's caption: the
    // first blank's, else the caption far left on the row (past signs and line numbers).
    if (!c.lines.length || c.lines.includes(head) || c.lines.every(sign)) {
      const first = row.reduce((a, b) => (fields[b].rect.x < fields[a].rect.x ? b : a));
      const own = caps[first].lines;
      const stub = leftOf(fields[first].rect, lines, 420, marker);
      const rowCaption = own.length && !own.includes(heads.get(first)!) ? own : stub ? [stub] : [];
      // No caption on the row: the head is the caption (a second row of "Family Name | Given Name").
      if (!rowCaption.length) {
        if (!c.lines.length || c.lines.every(sign)) caps[i] = { lines: [head], side: 'above', number: c.number, context: c.context };
        continue;
      }
      caps[i] = { lines: rowCaption, side: 'left', number: c.number, context: [...c.context.filter((l) => l !== head && !rowCaption.includes(l)), head] };
      continue;
    }
    c.context = [...c.context, head];
  }
}
