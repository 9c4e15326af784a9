// Stage 2b: open rules → candidates. A horizontal rule that is not the side of a box, with a
// label beside it (left, right, caption below or title above), standing in the next column right
// of such a blank, or a free-standing row of a column of such rules, is a blank to write on: the
// field is the writing room above it (unless that room is tinted: a bar's edge). Typed underscores
// count as rules; a dot leader counts only when nothing follows it. Rules crossed by long verticals
// (table grids), rules under printed text (underlined headings), the row-letter stubs of open-sided
// tables and page-wide separators are rejected. Ticks along a rule make a comb.
import { isItemMarker } from '../labels/words.ts';
import type { Rect } from '../types.ts';
import type { Candidate } from './candidate.ts';
import type { Cell } from './cells.ts';
import { combUnit, onTint } from './candidates-boxes.ts';
import { area, cy, overlap1d, overlapArea, right, top } from './geometry.ts';
import type { PageModel, Segment, TextLine } from './model.ts';
import { isLetterStroke } from './segments.ts';

/** Parts of each horizontal rule not used as the top or bottom of a closed box. */
export function freeIntervals(seg: Segment, index: number, cells: readonly Cell[]): [number, number][] {
  const used: [number, number][] = [];
  for (const c of cells) {
    // Cells closed by an implied side are a guess: their rules stay available as blanks.
    if (c.virtual) continue;
    if (c.topSeg === index || c.bottomSeg === index) used.push([c.left, c.right]);
  }
  used.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  let x = seg.lo;
  for (const [a, b] of used) {
    if (a - 1 > x) out.push([x, a - 1]);
    x = Math.max(x, b + 1);
  }
  if (seg.hi > x) out.push([x, seg.hi]);
  return out;
}

interface RuleLabel {
  line: TextLine;
  side: 'left' | 'right' | 'below';
}

/**
 * Top of a line's ink. The box of printed text reaches the font's ascent, about 0.15 em above its
 * capitals and parentheses: a caption set tight under its rule ("(City/Town)" under the city
 * blank) has its box poke over the rule while its ink stays under it. A scan's lines are ink.
 */
export function inkTop(l: TextLine, scanned: boolean): number {
  return scanned ? top(l.rect) : top(l.rect) - 0.15 * l.size;
}

/** The nearest text that explains a rule: left or right on its row, else a caption below. */
export function ruleLabel(lo: number, hi: number, y: number, lines: readonly TextLine[], scanned = false): RuleLabel | null {
  let best: RuleLabel | null = null;
  let bestDist = Infinity;
  for (const l of lines) {
    const r = l.rect;
    const vOverlap = overlap1d(r.y, top(r), y - 2, y + Math.max(10, l.size * 1.2));
    // Left: ends just before the rule, on the rule's row.
    if (vOverlap > 0.4 * r.height && right(r) <= lo + 3 && right(r) >= lo - 80) {
      const d = lo - right(r);
      if (d < bestDist) [best, bestDist] = [{ line: l, side: 'left' }, d];
    }
    // Right: starts just after it ("____ Date", "$____ per month").
    if (vOverlap > 0.4 * r.height && r.x >= hi - 3 && r.x <= hi + 40) {
      const d = r.x - hi + 10;
      if (d < bestDist) [best, bestDist] = [{ line: l, side: 'right' }, d];
    }
  }
  if (best) return best;
  for (const l of lines) {
    const r = l.rect;
    const xOverlap = overlap1d(r.x, right(r), lo, hi);
    // Caption under a signature or date line. In a table, the next row's letter sits there too.
    if (isItemMarker(l.text)) continue;
    if (inkTop(l, scanned) <= y - 0.5 && top(r) >= y - 14 && (xOverlap > 0.6 * r.width || sharedCaption(l, lo, hi))) {
      const d = y - top(r);
      if (d < bestDist) [best, bestDist] = [{ line: l, side: 'below' }, d];
    }
    // (A title above a rule is not enough: on the dev corpus such rules were rules under
    // headings and paragraph text, never blanks.)
  }
  return best;
}

/**
 * Captions of neighbouring rules set close together read as one phrase ("(Middle Name) (Last
 * Name)"): the rule still has its own caption when a good share of the phrase's words sit under it.
 */
function sharedCaption(l: TextLine, lo: number, hi: number): boolean {
  if (l.words.length < 2) return false;
  const under = l.words.filter((w) => {
    const c = w.rect.x + w.rect.width / 2;
    return c >= lo && c <= hi;
  });
  return under.length >= Math.max(1, 0.4 * l.words.length) && under.length < l.words.length;
}

/** Evenly spaced short verticals rising from the rule: cell boundaries of a comb. */
function ticksOn(lo: number, hi: number, y: number, segments: readonly Segment[]): { ticks: number[]; tall: boolean } {
  const ticks: number[] = [];
  let tall = false;
  for (const v of segments) {
    if (v.orient !== 'v' || v.source === 'virtual') continue;
    if (v.pos < lo - 1 || v.pos > hi + 1) continue;
    if (v.lo > y + 1.5 || v.hi < y - 1.5) continue;
    const len = v.hi - v.lo;
    const rises = v.hi > y + 1.5;
    if (!rises) continue;
    if (len > 16 || v.lo < y - 3) {
      // A long vertical crossing or standing on the rule: grid line, unless it is at an end.
      if (v.pos > lo + 3 && v.pos < hi - 3) tall = true;
      continue;
    }
    ticks.push(v.pos);
  }
  return { ticks: ticks.sort((a, b) => a - b), tall };
}

function combCells(lo: number, hi: number, ticks: number[]): number | null {
  const inner = ticks.filter((t) => t > lo + 2 && t < hi - 2);
  if (inner.length < 2) return null;
  const xs = [lo, ...inner, hi];
  const gaps = xs.slice(1).map((x, i) => x - xs[i]);
  const unit = combUnit(gaps);
  return unit ? gaps.reduce((n, g) => n + Math.round(g / unit), 0) : null;
}

/** Least writing room (points) above a rule for a line of handwriting or type. */
const MIN_ROOM = 8;
/** Least height (points) of the line written on a rule, however close the type above it stands. */
const LINE_FLOOR = 12;
/** Least room (em of the underscores) over a typed blank on a line of its own. */
const OWN_LINE = 0.6;

/**
 * A sign printed at the start of a blank, on its rule ("$ ______"): one character, set where the
 * rule begins, with the rest of the rule free. It says what to write, it does not fill the room.
 * (Its text box often dips below the rule and is passed over anyway; a scan's ink does not.)
 */
function leadingSign(l: TextLine, lo: number, width: number): boolean {
  const r = l.rect;
  return r.width <= Math.max(0.8 * l.size, 6) && r.x >= lo - 3 && r.x <= lo + 6 && width >= 4 * r.width;
}

/**
 * Writing room above a rule: up to the nearest text or rule above it, capped. `underText`: the
 * room is cut short by printed text standing just over the rule (less than `minRoom` left).
 */
function roomAbove(lo: number, hi: number, y: number, model: PageModel, labelSize: number, minRoom = MIN_ROOM): { height: number; underText: boolean } {
  let textLimit = Infinity;
  let ruleLimit = Infinity;
  const width = hi - lo;
  for (const l of model.lines) {
    const r = l.rect;
    if (r.y < y + 1) continue;
    if (overlap1d(r.x, right(r), lo, hi) <= Math.min(4, 0.1 * width)) continue;
    if (leadingSign(l, lo, width)) continue;
    textLimit = Math.min(textLimit, r.y - y);
  }
  for (const s of model.segments) {
    if (s.orient !== 'h' || s.pos <= y + 2) continue;
    if (overlap1d(s.lo, s.hi, lo, hi) < 0.3 * width) continue;
    ruleLimit = Math.min(ruleLimit, s.pos - y);
  }
  const limit = Math.min(textLimit, ruleLimit);
  const cap = Math.min(24, Math.max(14, 1.8 * labelSize));
  // Type crowding the rule from above does not make the line lower than a line of writing: the
  // entry overlaps that type's descenders. A rule above does end it.
  const floor = Math.max(MIN_ROOM, Math.min(LINE_FLOOR, ruleLimit - 1));
  return { height: Math.max(floor, Math.min(cap, limit - 1.5)), underText: textLimit <= ruleLimit && textLimit - 1.5 < minRoom };
}

/** Heaviest drawn rule written on (points); heavier ones separate sections. */
const HEAVY_RULE = 1.2;

/** Widest gap (points) between two blanks of one row set in columns (Petitioner | Respondent). */
const MAX_COLUMN_GAP = 60;

export function lineCandidates(model: PageModel, segments: readonly Segment[], cells: readonly Cell[]): Candidate[] {
  const out: Candidate[] = [];
  const pageWidth = model.view[2] - model.view[0];
  const labelSize = new Map<Candidate, number>();
  const unlabelled: FreeRule[] = [];
  const taken = new Set<FreeRule>();
  /** The blank a rule offers, captioned by `label`, or null when its room says it is no blank. */
  const blankOn = (seg: Segment, lo: number, hi: number, ticks: number[], label: RuleLabel): Candidate | null => {
    if (seg.source === 'dots' && !dotsAreBlank(lo, hi, seg.pos, model)) return null;
    if (hi - lo > 0.75 * pageWidth && label.side !== 'left' && seg.source !== 'dots') return null;
    const y = seg.pos;
    const cellsN = combCells(lo, hi, ticks);
    // Typed underscores set on a line of their own, the next line of type just over them (small
    // type, set solid): the blank has that line's room, less than a drawn rule needs.
    const minRoom = seg.source === 'underscore' && seg.size ? Math.min(MIN_ROOM, OWN_LINE * seg.size) : MIN_ROOM;
    const room = roomAbove(lo, hi, y, model, label.line.size, minRoom);
    // Printed text standing right on top of the rule: it rules off a row of text (a table's
    // row separator, a heading's underline), with no room to write.
    if (!cellsN && room.underText) return null;
    const h = cellsN ? Math.min(16, Math.max(...segmentsRising(ticks, y, segments)) || 12) : room.height;
    // Typed underscores hang below the baseline: what is written over them reaches down to the
    // descender line, 0.3 em under the baseline (0.2 em under the underscore's middle).
    const y0 = seg.source === 'underscore' && seg.size ? y - 0.2 * seg.size : y + seg.thickness / 2;
    const rect: Rect = { x: lo, y: y0, width: hi - lo, height: h };
    const anchor: Rect = { x: lo, y: y - seg.thickness / 2, width: hi - lo, height: seg.thickness };
    // The room above lies on a dark bar (the rule is the bar's lower edge): a banner, not a blank.
    // Fills are painted in order: the last one under the room is what it sits on.
    const under = model.fills.findLast((f) => overlapArea(f.rect, rect) > 0.5 * area(rect));
    if (under && under.lum < 0.5) return null;
    // On a scan the room lies on a tint (a heading bar, its title at the left): the rule is the
    // bar's edge. Blanks are written on paper.
    if (model.shade && onTint(model.shade, rect)) return null;
    const cand: Candidate = {
      kind: cellsN ? 'comb' : seg.source === 'dots' ? 'dots' : 'underline',
      type: 'text',
      rect,
      anchor,
      confidence: label.side === 'left' || label.side === 'below' ? 0.7 : 0.55,
      ...(cellsN ? { max_len: cellsN } : {}),
    };
    labelSize.set(cand, label.line.size);
    return cand;
  };
  segments.forEach((seg, index) => {
    if (seg.orient !== 'h' || seg.thickness > 3 || seg.source === 'virtual') return;
    if ((seg.source === 'stroke' || seg.source === 'fill') && seg.thickness > HEAVY_RULE) return;
    for (const [lo, hi] of freeIntervals(seg, index, cells)) {
      const minLen = seg.source === 'underscore' ? 8 : 18;
      if (hi - lo < minLen) continue;
      const y = seg.pos;
      // Underlined text: printed words sitting on the rule.
      // (A link underlined inside a long sentence: the sentence covers the rule.)
      const onRule = model.lines.filter((l) => l.rect.y >= y - 1.5 && l.rect.y <= y + 5 && overlap1d(l.rect.x, right(l.rect), lo, hi) > 0.5 * Math.min(l.rect.width, hi - lo));
      const covered = onRule.reduce((a, l) => a + overlap1d(l.rect.x, right(l.rect), lo, hi), 0);
      if (covered > 0.25 * (hi - lo)) continue;
      // A row letter or number on it: the row-label column of an open-sided table.
      if (onRule.some((l) => isItemMarker(l.text))) continue;
      const { ticks, tall } = ticksOn(lo, hi, y, segments);
      if (tall) continue;
      // A long dot leader with nothing after it is a blank drawn to be written on, labelled or not
      // (the second and third lines of an answer given several dotted lines).
      const label = ruleLabel(lo, hi, y, model.lines, model.scanned) ?? (seg.source === 'dots' && hi - lo >= 100 ? { line: { words: [], rect: { x: lo, y, width: 0, height: 0 }, text: '', size: seg.size ?? 10 }, side: 'below' as const } : null);
      if (!label) {
        if (seg.source !== 'dots') unlabelled.push({ seg, lo, hi, ticks });
        continue;
      }
      const cand = blankOn(seg, lo, hi, ticks, label);
      if (cand) out.push(cand);
    }
  });
  // A rule with no caption of its own, just right of a blank on the same baseline with nothing
  // printed between, is the next column's blank of that row (Petitioner | Respondent; City |
  // State | ZIP when only the first part is captioned). Columns chain left to right, so one pass
  // in that order settles every rule: a blank that can stand left of it starts further left.
  unlabelled.sort((a, b) => a.lo - b.lo);
  for (const u of unlabelled) {
    const y = u.seg.pos;
    // The nearest blank ending just before it on the same baseline.
    let left: Candidate | undefined;
    for (const c of out) {
      const a = c.anchor;
      const gap = u.lo - right(a);
      if ((c.kind !== 'underline' && c.kind !== 'comb') || Math.abs(a.y + a.height / 2 - y) >= 1.5 || gap < -1 || gap > MAX_COLUMN_GAP) continue;
      if (!left || right(a) > right(left.anchor)) left = c;
    }
    if (!left) continue;
    // ... in a column of such rules: the same blank repeats on other rows.
    if (!segments.some((o) => o !== u.seg && o.orient === 'h' && Math.abs(o.pos - y) > 5 && Math.abs(o.lo - u.lo) < 2 && Math.abs(o.hi - u.hi) < 2)) continue;
    const x1 = right(left.anchor);
    if (model.lines.some((l) => overlap1d(l.rect.x, right(l.rect), x1, u.lo) > 1 && overlap1d(l.rect.y, top(l.rect), y - 2, y + 12) > 0)) continue;
    const size = labelSize.get(left) ?? 10;
    const cand = blankOn(u.seg, u.lo, u.hi, u.ticks, { line: { words: [], rect: left.anchor, text: '', size }, side: 'left' });
    if (cand) {
      out.push(cand);
      taken.add(u);
    }
  }
  // A rule with no caption of its own in a column of rules of one length is a row of that column:
  // the uncaptioned line of a stack of address lines, the rows of a table column set as rules under
  // its header (a dependent's age on each line), the answer lines after "Explain".
  // A row found makes the next one down a neighbour of a blank: repeat until none is added.
  for (let added = true; added; ) {
    added = false;
    for (const u of unlabelled) {
      if (taken.has(u)) continue;
      const size = stackedBlank(u, unlabelled, out, labelSize, model);
      if (size === null) continue;
      taken.add(u);
      const cand = blankOn(u.seg, u.lo, u.hi, u.ticks, { line: { words: [], rect: { x: u.lo, y: u.seg.pos, width: 0, height: 0 }, text: '', size }, side: 'below' });
      if (!cand) continue;
      out.push(cand);
      labelSize.set(cand, size);
      added = true;
    }
  }
  return out;
}

/** Widest gap (points) between two rules of one column read as rows of it. */
const MAX_ROW_PITCH = 40;

interface FreeRule {
  seg: Segment;
  lo: number;
  hi: number;
  ticks: number[];
}

/**
 * The label size of the column an uncaptioned free-standing rule is a row of, or null when it is
 * none: a rule of the same extent within a row pitch is a blank already, or the rule is one of at
 * least three uncaptioned rules of that extent spaced evenly with nothing printed or drawn between
 * them (a column whose rows hold printed letters or numbers, or checkboxes, is no column of blank
 * rows).
 */
function stackedBlank(u: FreeRule, unlabelled: readonly FreeRule[], blanks: readonly Candidate[], labelSize: ReadonlyMap<Candidate, number>, model: PageModel): number | null {
  const y = u.seg.pos;
  // A drawn side meeting the rule's end makes it a row of a ruled table, whose first rule closes
  // the table: only free-standing rules are read as rows of blanks.
  if (model.segments.some((v) => v.orient === 'v' && v.source !== 'virtual' && (Math.abs(v.pos - u.lo) < 2 || Math.abs(v.pos - u.hi) < 2) && v.lo <= y + 2 && v.hi >= y - 2)) return null;
  const sameExtent = (lo: number, hi: number) => Math.abs(lo - u.lo) < 2 && Math.abs(hi - u.hi) < 2;
  const between = (r: Rect, y1: number, y2: number) => r.y > y1 && r.y < y2 && overlap1d(r.x, right(r), u.lo, u.hi) > 0;
  const printed = (y1: number, y2: number) => model.lines.filter((l) => between(l.rect, y1, y2));
  // A checkbox drawn between two rules: the rows hold boxes to tick, not room to write.
  const marked = (y1: number, y2: number) => model.marks.some((m) => between(m.rect, y1, y2));
  // A row number printed between the two (read, or on a scan a lone mark) makes the rules the
  // row-number stubs of an open-sided table; a caption under the neighbour is only its caption.
  const rowNumber = (l: TextLine) => (l.text ? isItemMarker(l.text) : l.rect.width <= 2 * l.rect.height);
  const neighbour = blanks.find((c) => {
    const cy = c.anchor.y + c.anchor.height / 2;
    const [y1, y2] = [Math.min(y, cy), Math.max(y, cy)];
    return c.kind === 'underline' && sameExtent(c.anchor.x, right(c.anchor)) && Math.abs(cy - y) <= MAX_ROW_PITCH && !printed(y1, y2).some(rowNumber) && !marked(y1, y2);
  });
  if (neighbour) return labelSize.get(neighbour) ?? 10;
  const column = [...new Set(unlabelled.filter((o) => sameExtent(o.lo, o.hi)).map((o) => o.seg.pos))].sort((a, b) => a - b);
  return evenRun(column, y, (y1, y2) => printed(y1, y2).length > 0 || marked(y1, y2)) ? 10 : null;
}

/**
 * `y` is in a run of three or more of the sorted `ys` spaced evenly, at most a row pitch apart,
 * with nothing printed or drawn between neighbours (`occupied`).
 */
function evenRun(ys: readonly number[], y: number, occupied: (y1: number, y2: number) => boolean): boolean {
  const within = (start: number, end: number) => end - start >= 3 && y >= ys[start] && y <= ys[end - 1];
  let start = 0;
  for (let i = 1; i < ys.length; i++) {
    const gap = ys[i] - ys[i - 1];
    const pitch = gap >= MIN_ROOM && gap <= MAX_ROW_PITCH && !occupied(ys[i - 1], ys[i]);
    if (pitch && (i - 1 === start || Math.abs(gap - (ys[start + 1] - ys[start])) <= 2)) continue;
    if (within(start, i)) return true;
    start = pitch ? i - 1 : i;
  }
  return within(start, ys.length);
}

/** Greatest offset (points) of a caption set flush with the start of its rule. */
const FLUSH = 8;

/**
 * Captions spread along under one rule ("City   State   ZIP Code", "First   Middle   Last") name
 * the parts of a divided blank: each part runs from its caption's start to the next caption. Captions
 * bunched at the start of the rule ("Number Street") describe the whole line and do not divide it.
 */
export function captionParts(lo: number, hi: number, y: number, lines: readonly TextLine[], scanned = false): [number, number][] | null {
  const len = hi - lo;
  const caps = lines
    .filter((l) => {
      const r = l.rect;
      return inkTop(l, scanned) <= y - 0.5 && top(r) >= y - 12 && r.x >= lo - 4 && r.x < hi - 8 && right(r) <= hi + 12 && r.width < 0.6 * len && !isItemMarker(l.text);
    })
    .sort((a, b) => a.rect.x - b.rect.x);
  if (caps.length < 2) return null;
  // One row of captions (all on one baseline), the first flush with the rule's start, reaching past
  // its middle. Captions set in the middle of their parts instead ("Street   City   State") leave
  // the parts' ends unknown: such lines are often one field on the form anyway.
  if (caps.some((c) => Math.abs(c.rect.y - caps[0].rect.y) > 2)) return null;
  if (Math.abs(caps[0].rect.x - lo) > FLUSH || caps[caps.length - 1].rect.x - lo < 0.5 * len) return null;
  const starts = [lo, ...caps.slice(1).map((c) => c.rect.x)];
  const parts: [number, number][] = starts.map((a, i) => [a, i + 1 < starts.length ? starts[i + 1] - 2 : hi]);
  if (parts.some(([a, b]) => b - a < 14)) return null;
  return parts;
}

/**
 * A blank that is one field whatever the captions under it say: a rule with its own label on its
 * left ("Your Address ______", the captions only hint at what to write), or a box with sides drawn
 * (its captions below belong to the next row). Boxes between stacked rules, open at the sides,
 * are lines like the others.
 */
function wholeLine(c: Candidate, y: number, model: PageModel): boolean {
  const lo = c.rect.x;
  if (c.kind === 'box' || c.kind === 'label-inside') {
    const a = c.anchor;
    return model.segments.some((s) => s.orient === 'v' && s.source !== 'virtual' && (Math.abs(s.pos - a.x) < 1.5 || Math.abs(s.pos - right(a)) < 1.5) && s.lo <= a.y + 2 && s.hi >= top(a) - 2);
  }
  return model.lines.some((l) => right(l.rect) <= lo + 3 && right(l.rect) >= lo - 80 && overlap1d(l.rect.y, top(l.rect), y - 2, y + 12) > 0.4 * l.rect.height);
}

/**
 * A line captioned in parts (captionParts) is as many fields, one per caption, unless it is one
 * field whatever its captions say (wholeLine).
 */
export function splitByCaptions(cands: readonly Candidate[], model: PageModel): Candidate[] {
  const out: Candidate[] = [];
  for (const c of cands) {
    const r = c.rect;
    const splittable = c.type === 'text' && !c.multiline && !c.max_len && (c.kind === 'underline' || c.kind === 'dots' || c.kind === 'box' || c.kind === 'label-inside') && r.height <= 32 && r.width >= 60;
    const y = c.kind === 'box' || c.kind === 'label-inside' ? c.anchor.y : r.y;
    const lo = r.x;
    const hi = r.x + r.width;
    // Captions of the row of boxes below (each in its own cell) are not this blank's: no divider
    // may hang from the blank's bottom.
    const parts = splittable && !wholeLine(c, y, model) ? captionParts(lo, hi, y, model.lines, model.scanned) : null;
    if (!parts || model.segments.some((s) => s.orient === 'v' && s.pos > lo + 3 && s.pos < hi - 3 && s.hi >= y - 12 && s.lo <= y - 2 && s.hi <= y + 2 && !isLetterStroke(s, model.lines))) {
      out.push(c);
      continue;
    }
    // Each part is labelled by its own caption under the rule, not by text over the whole blank.
    for (const [a, b] of parts) out.push({ ...c, rect: { ...r, x: a, width: b - a }, anchor: { ...c.anchor, x: a, width: b - a }, insideLabel: undefined });
  }
  return out;
}

/**
 * Character blanks drawn as a row of short underlines (SSN "___ ___ – ___", EIN digit by digit):
 * three or more rules of one length on one baseline, evenly close, with nothing but a dash printed
 * between them, are one comb field with a character per rule.
 */
export function underlineCombs(segments: readonly Segment[], cells: readonly Cell[], model: PageModel): Candidate[] {
  // Rules that are the top or bottom of a closed box are that box's sides, not blanks.
  const sides = new Set<number>();
  for (const c of cells) {
    if (c.virtual) continue;
    sides.add(c.topSeg);
    sides.add(c.bottomSeg);
  }
  const short = segments.filter((s, i) => !sides.has(i) && s.orient === 'h' && s.source !== 'virtual' && s.source !== 'dots' && s.thickness <= 2 && s.hi - s.lo >= 6 && s.hi - s.lo <= 28);
  short.sort((a, b) => b.pos - a.pos || a.lo - b.lo);
  const out: Candidate[] = [];
  const flush = (run: Segment[]) => {
    if (run.length < 3) return;
    const lo = run[0].lo;
    const hi = run[run.length - 1].hi;
    const y = run[0].pos;
    // A side meeting the run at a corner: a dashed frame, not character blanks.
    // (An implied side is not drawn: runs on stacked rows ending together imply one.)
    if (segments.some((v) => v.orient === 'v' && v.source !== 'virtual' && (Math.abs(v.pos - lo) < 2 || Math.abs(v.pos - hi) < 2) && v.lo <= y + 2 && v.hi >= y - 2)) return;
    const size = run[0].size ?? 0;
    const y0 = run[0].source === 'underscore' && size ? y - 0.2 * size : y + run[0].thickness / 2;
    const label = ruleLabel(lo, hi, y, model.lines, model.scanned);
    const h = roomAbove(lo, hi, y, model, label?.line.size ?? 9).height;
    out.push({ kind: 'comb', type: 'text', rect: { x: lo, y: y0, width: hi - lo, height: Math.min(h, 16) }, anchor: { x: lo, y: y - 0.5, width: hi - lo, height: 1 }, confidence: 0.75, max_len: run.length });
  };
  let run: Segment[] = [];
  for (const s of short) {
    const prev = run[run.length - 1];
    const len = s.hi - s.lo;
    const ok =
      prev &&
      Math.abs(s.pos - prev.pos) < 0.6 &&
      Math.abs(len - (run[0].hi - run[0].lo)) <= Math.max(1.5, 0.2 * len) &&
      s.lo - prev.hi >= 0.5 &&
      s.lo - prev.hi <= 1.5 * len &&
      gapIsClear(prev.hi, s.lo, s.pos, model, s.lo - prev.hi > Math.max(3, 0.3 * len));
    if (ok) run.push(s);
    else {
      flush(run);
      run = [s];
    }
  }
  flush(run);
  return out;
}

/**
 * Nothing but a dash printed in the gap between two rules on one baseline (a slash parts the
 * month from the year: separate fields).
 */
function gapIsClear(x1: number, x2: number, y: number, model: PageModel, needDash: boolean): boolean {
  // Wider than the even spacing of character blanks: only a printed dash joins the groups.
  if (needDash && !model.words.some((w) => w.rect.x >= x1 - 0.5 && right(w.rect) <= x2 + 0.5 && w.rect.y <= y + 10 && top(w.rect) >= y + 0.5 && /^[-–—]$/.test(w.text))) return false;
  return model.lines.every((l) => {
    const r = l.rect;
    if (right(r) <= x1 + 0.5 || r.x >= x2 - 0.5 || r.y > y + 10 || top(r) < y + 0.5) return true;
    return l.words.every((w) => right(w.rect) <= x1 + 0.5 || w.rect.x >= x2 - 0.5 || /^[-–—]$/.test(w.text));
  });
}

function segmentsRising(ticks: number[], y: number, segments: readonly Segment[]): number[] {
  return segments.filter((v) => v.orient === 'v' && ticks.includes(v.pos) && v.lo <= y + 1.5).map((v) => v.hi - y);
}

/** A dot leader is a blank only if nothing (text or box) follows it on its row. */
function dotsAreBlank(lo: number, hi: number, y: number, model: PageModel): boolean {
  const row = { y1: y - 3, y2: y + 10 };
  // Text after the dots ends a leader ("Total ....... 12"), unless it is the next blank's label,
  // dots of its own following it ("Code postal ...... Commune ......").
  const nextLabel = (l: TextLine) => model.segments.some((s) => s.source === 'dots' && Math.abs(s.pos - y) < 2 && s.lo >= right(l.rect) - 1 && s.lo <= right(l.rect) + 10);
  const after = model.lines.some((l) => l.rect.x >= hi - 1 && l.rect.x <= hi + 40 && overlap1d(l.rect.y, top(l.rect), row.y1, row.y2) > 0 && !nextLabel(l));
  // A box's side, not the long side of the frame the dots are drawn in.
  const box = model.segments.some((s) => s.orient === 'v' && s.pos >= hi - 1 && s.pos <= hi + 25 && s.hi - s.lo < 60 && overlap1d(s.lo, s.hi, row.y1, row.y2) > 0);
  return !after && !box && hi - lo >= 30;
}

/**
 * Rules of one extent (ends within `endSlack` of the first one's), bottom up, split into runs
 * stacked evenly: neighbours `minGap` to 30 pt apart, each gap within `gapSlack` of the one before,
 * with nothing between them (`empty`).
 */
function evenStacks(rules: readonly Segment[], slack: { endSlack: number; minGap: number; gapSlack: number }, empty: (lower: Segment, upper: Segment) => boolean): Segment[][] {
  const groups: Segment[][] = [];
  for (const s of rules) {
    const g = groups.find((gr) => Math.abs(gr[0].lo - s.lo) < slack.endSlack && Math.abs(gr[0].hi - s.hi) < slack.endSlack);
    if (g) g.push(s);
    else groups.push([s]);
  }
  const runs: Segment[][] = [];
  for (const g of groups) {
    g.sort((a, b) => a.pos - b.pos);
    let run: Segment[] = [g[0]];
    for (let i = 1; i < g.length; i++) {
      const gap = g[i].pos - g[i - 1].pos;
      const prevGap = run.length > 1 ? run[run.length - 1].pos - run[run.length - 2].pos : gap;
      if (gap >= slack.minGap && gap <= 30 && Math.abs(gap - prevGap) < slack.gapSlack && empty(g[i - 1], g[i])) run.push(g[i]);
      else {
        runs.push(run);
        run = [g[i]];
      }
    }
    runs.push(run);
  }
  return runs;
}

/** Narrowest answer line, as a share of the page width: the full width of the text column. */
const ANSWER_LINE_SHARE = 0.6;

/**
 * Answer lines: two or more rules stacked under a request to write ("To order the following:",
 * "Other (please state)", "sonstige Gründe (bitte angeben)"), drawn or typed as underscores across
 * the text column, evenly spaced, free-standing (no side meets their ends) and with nothing
 * printed between or beside them, are one multi-line answer, the room from the lowest rule up to a
 * line's pitch above the top one. Narrower stacks are the lines of an address or a table column,
 * each a blank of its own; dot leaders are each a line to fill in.
 */
export function answerAreas(segments: readonly Segment[], model: PageModel): { cands: Candidate[]; consumed: Set<Segment> } {
  const minWidth = ANSWER_LINE_SHARE * (model.view[2] - model.view[0]);
  const rules = segments.filter((s) => s.orient === 'h' && (s.source === 'stroke' || s.source === 'underscore' || s.source === 'raster') && s.hi - s.lo >= minWidth);
  // No drawn side meets it, at an end or across it (the column rules of an open-sided table).
  const freeStanding = (s: Segment) => !segments.some((v) => v.orient === 'v' && v.source !== 'virtual' && v.pos > s.lo - 3 && v.pos < s.hi + 3 && v.lo <= s.pos + 3 && v.hi >= s.pos - 3);
  // Printed between two rules (row letters, a caption of its own), or on a rule's row beside it.
  const printed = (lo: number, hi: number, y1: number, y2: number) =>
    model.lines.some((l) => cy(l.rect) > y1 && cy(l.rect) < y2 && (overlap1d(l.rect.x, right(l.rect), lo, hi) > 0 || right(l.rect) > lo - 40));
  const consumed = new Set<Segment>();
  const cands: Candidate[] = [];
  const stacks = evenStacks(rules, { endSlack: 2, minGap: 12, gapSlack: 2 }, (lower, upper) => !printed(upper.lo, upper.hi, lower.pos, upper.pos));
  for (const run of stacks) {
    if (run.length < 2 || !run.every(freeStanding)) continue;
    const lo = Math.min(...run.map((s) => s.lo));
    const hi = Math.max(...run.map((s) => s.hi));
    const pitch = run[1].pos - run[0].pos;
    const y1 = run[0].pos;
    const last = run[run.length - 1].pos;
    // Room for the top line's writing, up to what is printed or drawn above it.
    const above = [...model.lines.filter((l) => overlap1d(l.rect.x, right(l.rect), lo, hi) > 0).map((l) => l.rect.y), ...segments.filter((o) => o.orient === 'h' && overlap1d(o.lo, o.hi, lo, hi) > 0).map((o) => o.pos)].filter((y) => y > last + 1);
    const y2 = Math.min(last + pitch, ...above);
    if (printed(lo, hi, last, y2)) continue;
    const rect = { x: lo, y: y1, width: hi - lo, height: y2 - y1 };
    cands.push({ kind: 'box', type: 'text', rect, anchor: rect, confidence: 0.6, multiline: true });
    for (const s of run) consumed.add(s);
  }
  return { cands, consumed };
}

/**
 * Writing lines: a stack of faint rules of one length, evenly spaced, with nothing printed
 * between them, is one multi-line answer area (the "use the space below" blocks of USCIS-style
 * forms). Faintness matters: black rules stacked the same way are usually separate one-line
 * blanks. Returns the areas and the rules they consumed.
 */
export function linedAreas(segments: readonly Segment[], model: PageModel): { cands: Candidate[]; consumed: Set<Segment> } {
  // A scan's rules are measured on their darkest line of pixels, but scanner blur still greys a
  // thin black rule a little: faint there starts a little lighter.
  const minLum = model.scanned ? 0.6 : 0.5;
  const faint = segments.filter((s) => s.orient === 'h' && (s.lum ?? 0) >= minLum && s.hi - s.lo >= 60 && s.source !== 'virtual');
  faint.sort((a, b) => a.lo - b.lo || a.pos - b.pos);
  const consumed = new Set<Segment>();
  const cands: Candidate[] = [];
  const empty = (lower: Segment, upper: Segment) => !model.lines.some((l) => l.rect.y > lower.pos && top(l.rect) < upper.pos + 2 && overlap1d(l.rect.x, right(l.rect), upper.lo, upper.hi) > 0);
  for (const run of evenStacks(faint, { endSlack: 1.5, minGap: 10, gapSlack: 1.5 }, empty)) {
    if (run.length < 4) continue;
    const lo = run[0].lo;
    const hi = run[0].hi;
    const y1 = run[0].pos;
    const y2 = run[run.length - 1].pos;
    const rect = { x: lo, y: y1, width: hi - lo, height: y2 - y1 };
    cands.push({ kind: 'box', type: 'text', rect, anchor: rect, confidence: 0.6, multiline: true });
    for (const s of run) consumed.add(s);
  }
  return { cands, consumed };
}
