// Stage 2a: closed boxes → candidates. An empty box or table cell is a text field; a small
// empty square is a checkbox; a row of equal narrow cells (or a box with ticks) is a comb; a box
// with its label in the top-left corner gives the area below the label; boxes already holding
// printed text, logos or dark fills are rejected, and so are the cells of printed tables, label
// cells whose blank is the cell beside them, and lines whose line-number cell is shaded.
import { isItemMarker } from '../labels/words.ts';
import type { Rect } from '../types.ts';
import type { Candidate } from './candidate.ts';
import type { Cell } from './cells.ts';
import { cellInterior } from './cells.ts';
import { RectIndex, area, contains, intersection, overlap1d, overlapArea, rectFromEdges, right, top, unionAll } from './geometry.ts';
import type { PageModel, Segment, ShadeMap, TextLine, Word } from './model.ts';
import { isLetterStroke } from './segments.ts';

export interface CellContent {
  cell: Cell;
  interior: Rect;
  words: Word[];
  lines: TextLine[];
  /** Rulings strictly inside (ticks, dividers, inner underlines). */
  inner: Segment[];
  blobs: Rect[];
  /** Share of the interior covered by a dark or mid-grey fill. */
  darkCover: number;
  /** Share covered by any tint darker than paper (grey header bars). */
  shadeCover: number;
  /** Luminance of the fill the interior sits on (1 = paper). */
  baseLum: number;
  /** A scan's shading, to tell the tint of a part of the cell. */
  shade?: ShadeMap;
}

function inside(interior: Rect, r: Rect, minShare = 0.5): boolean {
  const a = area(r);
  return a > 0 ? overlapArea(interior, r) / a >= minShare : contains(interior, r, 0.5);
}

/** Spatial indexes of a page model, built once per page for the many cell look-ups. */
export interface ModelIndex {
  words: RectIndex<Word>;
  lines: RectIndex<TextLine>;
  segments: RectIndex<Segment>;
  blobs: RectIndex<Rect>;
}

export function indexModel(model: PageModel): ModelIndex {
  const segRect = (s: Segment): Rect => (s.orient === 'h' ? rectFromEdges(s.lo, s.pos, s.hi, s.pos) : rectFromEdges(s.pos, s.lo, s.pos, s.hi));
  return {
    words: new RectIndex(model.words, (w) => w.rect),
    lines: new RectIndex(model.lines, (l) => l.rect),
    segments: new RectIndex(model.segments, segRect),
    blobs: new RectIndex(model.blobs, (b) => b),
  };
}

export function describeCell(cell: Cell, model: PageModel, index: ModelIndex = indexModel(model)): CellContent {
  const interior = cellInterior(cell);
  const words = index.words.near(interior).filter((w) => inside(interior, w.rect));
  const lines = index.lines.near(interior).filter((l) => inside(interior, l.rect, 0.5));
  const shrunk = { x: interior.x + 1, y: interior.y + 1, width: interior.width - 2, height: interior.height - 2 };
  const inner = index.segments.near(interior).filter((s) => {
    if (s.source === 'dots' || isLetterStroke(s, lines)) return false;
    const r = s.orient === 'h' ? rectFromEdges(s.lo, s.pos, s.hi, s.pos) : rectFromEdges(s.pos, s.lo, s.pos, s.hi);
    const clip = intersection({ x: shrunk.x, y: shrunk.y - 0.01, width: shrunk.width, height: shrunk.height + 0.02 }, { x: r.x - 0.01, y: r.y - 0.01, width: r.width + 0.02, height: r.height + 0.02 });
    return clip !== null && (s.orient === 'h' ? clip.width : clip.height) > 1.5;
  });
  const blobs = index.blobs.near(interior).filter((b) => inside(interior, b, 0.5) && area(b) > 4);
  // Fills are painted in order: the last one covering the whole interior is its base colour,
  // and only fills painted after it can darken it.
  const ia = area(interior) || 1;
  let base = -1;
  for (let i = model.fills.length - 1; i >= 0; i--) {
    if (overlapArea(model.fills[i].rect, interior) / ia > 0.9) {
      base = i;
      break;
    }
  }
  let darkCover = base >= 0 && model.fills[base].lum < 0.75 ? 1 : 0;
  const shadeCover = base >= 0 && model.fills[base].lum < 0.93 ? 1 : 0;
  for (let i = base + 1; i < model.fills.length; i++) {
    if (model.fills[i].lum < 0.75) darkCover += overlapArea(model.fills[i].rect, interior) / ia;
  }
  const baseLum = model.shade ? shadeMean(model.shade, interior) : base >= 0 ? model.fills[base].lum : 1;
  return { cell, interior, words, lines, inner, blobs, darkCover: Math.min(1, darkCover), shadeCover, baseLum, shade: model.shade };
}

/**
 * A scan's tints, relative to the page's paper: an area darker than SHADED on average (the shade
 * vector pages call shaded), or whose paper is darker than TINTED throughout (a light page tint),
 * is not a place to write.
 */
const SHADED = 0.93;
const TINTED = 0.96;

/** Shade blocks over the middle of a rect (the outline and its halo left out). */
function shadeBlocks(m: ShadeMap, r: Rect): number[] {
  const inset = Math.min(r.width, r.height) * 0.2 + m.block;
  const x1 = Math.floor((r.x + inset - m.x0) / m.block);
  const x2 = Math.ceil((r.x + r.width - inset - m.x0) / m.block);
  const y1 = Math.floor((m.yTop - (r.y + r.height - inset)) / m.block);
  const y2 = Math.ceil((m.yTop - (r.y + inset)) / m.block);
  const out: number[] = [];
  for (let y = Math.max(0, y1); y < Math.min(m.height, y2); y++) {
    for (let x = Math.max(0, x1); x < Math.min(m.width, x2); x++) out.push(m.lum[y * m.width + x]);
  }
  return out;
}

/** Mean shade over the middle of a rect. */
function shadeMean(m: ShadeMap, r: Rect): number {
  const blocks = shadeBlocks(m, r);
  return blocks.length ? blocks.reduce((a, b) => a + b, 0) / blocks.length : 1;
}

/**
 * The paper's own shade in a rect of a scan: the lighter quarter of its blocks, so that ink over
 * part of it (a watermark across a blank, a word) does not darken it; a tint covers it all.
 */
function paperShade(m: ShadeMap, r: Rect): number {
  const blocks = shadeBlocks(m, r).sort((a, b) => a - b);
  return blocks.length ? blocks[Math.floor(0.75 * (blocks.length - 1))] : 1;
}

/** Does a rect of a scan lie on a tint (a heading bar, a tinted page) rather than on paper? */
export function onTint(m: ShadeMap, r: Rect): boolean {
  return shadeMean(m, r) < SHADED || paperShade(m, r) < TINTED;
}

/**
 * A printed separator or dot (dash, comma, bullet): known by its text on vector pages; on a scan
 * (text not read yet) by its ink being a small blob, well under the height of the box.
 */
function isMark(w: Word, text: RegExp, boxHeight: number): boolean {
  if (w.text) return text.test(w.text);
  return w.rect.height < 0.4 * boxHeight && w.rect.width < Math.max(0.6 * boxHeight, 4);
}

const isEmpty = (c: CellContent) => c.words.length === 0 && c.blobs.length === 0 && c.darkCover < 0.5;

/** Short verticals rising from the bottom of a box (or hanging from its top): comb ticks. */
function combTicks(c: CellContent): number[] | null {
  const { interior } = c;
  const ticks = c.inner.filter((s) => s.orient === 'v' && s.hi - s.lo <= interior.height + 1).map((s) => s.pos);
  if (ticks.length < 2) return null;
  if (c.inner.some((s) => s.orient === 'h' && s.hi - s.lo > interior.width * 0.5)) return null;
  ticks.sort((a, b) => a - b);
  const xs = [interior.x, ...ticks, right(interior)];
  const gaps = xs.slice(1).map((x, i) => x - xs[i]);
  return combUnit(gaps) ? xs : null;
}

/**
 * The character cell width of a comb from the gaps between its dividers. Dividers may mark only
 * groups (SSN "3-2-4": gaps of 3, 2 and 4 cells), so the cell is the smallest gap divided by a
 * small whole number such that every gap is a whole number of cells.
 */
export function combUnit(gaps: readonly number[]): number | null {
  const smallest = Math.min(...gaps);
  for (let k = 1; k <= 4; k++) {
    const unit = smallest / k;
    if (unit < 5) break;
    if (unit > 28) continue;
    if (gaps.every((g) => Math.abs(g / unit - Math.round(g / unit)) < 0.15)) return unit;
  }
  return null;
}

/** Widest gap (points) between a row's caption cell and an entry box of the same row standing apart. */
const MAX_ROW_GAP = 60;

/** Classify every cell; combs made of separate adjacent cells are merged first. */
export function boxCandidates(cells: readonly Cell[], model: PageModel, segments: readonly Segment[]): Candidate[] {
  const index = indexModel(model);
  const contents = cells.map((c) => describeCell(c, model, index)).filter((c) => c.interior.width >= 3 && c.interior.height >= 3);
  const pageArea = (model.view[2] - model.view[0]) * (model.view[3] - model.view[1]);
  const out: Candidate[] = [];
  const used = new Set<CellContent>();
  // Is there an empty box hanging right under this one (sharing its bottom rule)?
  const below = (c: CellContent) =>
    contents.some((o) => o !== c && isEmpty(o) && Math.abs(o.cell.top - c.cell.bottom) < 1.5 && overlap1d(o.cell.left, o.cell.right, c.cell.left, c.cell.right) > 0.5 * (c.cell.right - c.cell.left));
  for (const group of joinCombRuns(combRuns(contents, model), model)) {
    for (const c of group) used.add(c);
    const rect = unionAll(group.map((c) => c.interior));
    if (rect) out.push({ kind: 'comb', type: 'text', rect, anchor: rect, confidence: 0.8, max_len: group.length });
  }
  // ... and is that empty box exactly the same column (same left and right sides)?
  const header = (c: CellContent) =>
    contents.some((o) => o !== c && isEmpty(o) && Math.abs(o.cell.top - c.cell.bottom) < 1.5 && Math.abs(o.cell.left - c.cell.left) < 2 && Math.abs(o.cell.right - c.cell.right) < 2);
  for (const stack of ruledStacks(contents, segments, model.lines)) {
    for (const c of stack) used.add(c);
    const rect = unionAll(stack.map((c) => c.interior));
    const anchor = unionAll(stack.map((c) => ({ x: c.cell.left, y: c.cell.bottom, width: c.cell.right - c.cell.left, height: c.cell.top - c.cell.bottom })));
    if (rect && anchor) out.push({ kind: 'box', type: 'text', rect, anchor, confidence: 0.65, multiline: true });
  }
  // Cells on one row, the first just left of the second.
  const leftOf = (a: CellContent, b: CellContent) => a !== b && Math.abs(a.cell.right - b.cell.left) < 1.5 && Math.abs(a.cell.top - b.cell.top) < 1.5 && Math.abs(a.cell.bottom - b.cell.bottom) < 1.5;
  // Is it the first cell of its row, holding the row's label, with an empty box right beside it?
  // (A cell numbering the row, "2.", is the row's first blank; a caption inside a middle cell,
  // "TYPE", labels its own room.) Needs the text, so not on a scan before OCR.
  const rowStart = (c: CellContent) => !contents.some((o) => o !== c && Math.abs(o.cell.right - c.cell.left) < 1.5 && o.cell.top >= c.cell.top - 1.5 && o.cell.bottom <= c.cell.bottom + 1.5);
  // The box may also stand a little apart, across a gap holding at most an operator sign (white
  // amount boxes set on a tinted form, a column away from the row's caption cell: "… = [   ]").
  const besideApart = (a: CellContent, b: CellContent) => {
    const gap = b.cell.left - a.cell.right;
    if (gap < -1.5 || gap > MAX_ROW_GAP || b.cell.top > a.cell.top + 1.5 || b.cell.bottom < a.cell.bottom - 1.5) return false;
    const room = { x: a.cell.right, y: b.cell.bottom, width: Math.max(0, gap), height: b.cell.top - b.cell.bottom };
    return index.words
      .near(room)
      .filter((w) => overlapArea(w.rect, room) > 0.3 * area(w.rect))
      .every((w) => /^[-+=×x–−]$/.test(w.text.trim()));
  };
  const beside = (c: CellContent) =>
    c.lines.some((l) => l.text.trim()) &&
    !(c.lines.length === 1 && isItemMarker(c.lines[0].text)) &&
    rowStart(c) &&
    contents.some((o) => isEmpty(o) && o.interior.width >= 20 && (leftOf(c, o) || besideApart(c, o)));
  // Is the narrow cell leading its row (where the line number goes) shaded and empty? Shading
  // there marks a line with no entry in this column.
  const greyLead = (c: CellContent) => contents.some((o) => o.words.length === 0 && o.baseLum < 0.9 && o.interior.width < 40 && leftOf(o, c));
  // Is it one of a column of empty cells, stacked rule on rule (an amount column of a table)?
  const stacked = (c: CellContent) =>
    contents.some((o) => o !== c && isEmpty(o) && (Math.abs(o.cell.bottom - c.cell.top) < 1.5 || Math.abs(o.cell.top - c.cell.bottom) < 1.5) && Math.abs(o.cell.left - c.cell.left) < 2 && Math.abs(o.cell.right - c.cell.right) < 2);
  const printed = printedColumns(contents);
  const cents = centsCells(contents, leftOf);
  for (const c of cents.values()) used.add(c);
  for (const c of contents) {
    if (used.has(c)) continue;
    // A cell of a printed table is skipped unless it leaves room to write: under its text, or
    // under captions with only a word set apart at the right ("Petitioner: … vs.").
    if (printed.has(c) && !roomBelowText(c) && !captionsOverRooms(c, c.interior, header)) continue;
    if (isEmpty(c) && greyLead(c)) continue;
    const cand = classify(c, pageArea, below, header, beside, stacked);
    if (cand && !Array.isArray(cand)) onBottomRule(c, cand);
    const tail = cents.get(c);
    if (tail && cand && !Array.isArray(cand) && (cand.kind === 'box' || cand.kind === 'label-left-inside')) {
      // The amount box with its cents: one field from the dollars' left side to the cents' right.
      const r = cand.rect;
      cand.rect = { ...r, width: right(tail.interior) - r.x };
      cand.anchor = { ...cand.anchor, width: tail.cell.right - cand.anchor.x };
    }
    if (Array.isArray(cand)) out.push(...cand);
    else if (cand) out.push(cand);
  }
  return out;
}

/** Height (points) of the writing line a row between two rules is written on. */
const RULED_ROW_LINE = 16;

/**
 * A row between two rules with no side drawn (both sides implied by the rows around it) is a
 * writing line, written on its bottom rule like an underline: the field is one line of writing
 * over that rule, not the whole row, however far apart the rules stand. (A table row with a drawn
 * side is a cell: its field may sit anywhere in it.)
 */
function onBottomRule(c: CellContent, cand: Candidate): void {
  if (!c.cell.sidesImplied || cand.type !== 'text' || (cand.kind !== 'box' && cand.kind !== 'label-left-inside')) return;
  if (cand.rect.height > RULED_ROW_LINE) cand.rect = { ...cand.rect, height: RULED_ROW_LINE };
}

/**
 * Amount boxes split by a divider near their right end (dollars | cents): the narrow empty cell
 * at the end of an empty box of the same row is the cents part of one amount field, not a field
 * of its own. Map: the wide cell → its cents cell. Runs of equal narrow cells are combs instead.
 */
export function centsCells(contents: readonly CellContent[], leftOf: (a: CellContent, b: CellContent) => boolean): Map<CellContent, CellContent> {
  const out = new Map<CellContent, CellContent>();
  for (const n of contents) {
    if (!isEmpty(n) || n.inner.length || n.cell.virtual) continue;
    const w = n.interior.width;
    const h = n.interior.height;
    // Up to a box of two or three lines of the row's caption (the amount goes on its bottom).
    if (w < 8 || w > 24 || h > TALL_ROW || h < 6) continue;
    const wide = contents.find((o) => leftOf(o, n) && (isEmpty(o) || signOnly(o)) && o.inner.length === 0 && o.interior.width >= 2.5 * w && o.interior.width >= 40);
    if (!wide) continue;
    // The cents end the box: no blank of the same row continues right of it (a line number may).
    if (contents.some((o) => leftOf(n, o) && isEmpty(o))) continue;
    out.set(wide, n);
  }
  return out;
}

/**
 * An amount box printed with an operator at its left (+, −, =, ×: lines that add up), nothing
 * else: one glyph-sized sign in its first 14 pt. (Scans: the sign's text is not read yet.)
 */
function signOnly(c: CellContent): boolean {
  if (!c.words.length || c.blobs.length || c.darkCover >= 0.5) return false;
  // A scan may see one sign as pieces of ink: the two bars of "=".
  const r = unionAll(c.words.map((w) => w.rect))!;
  return r.width <= 9 && r.height <= 9 && r.x - c.interior.x <= 14 && /^[-+=×x–−]?$/.test(c.words.map((w) => w.text.trim()).join(''));
}

/** Runs of ≥2 adjacent, equal, narrow, empty cells on one row: one comb field. */
export function combRuns(contents: readonly CellContent[], model: PageModel): CellContent[][] {
  const narrow = contents.filter((c) => isEmpty(c) && c.inner.length === 0 && c.interior.width <= 26 && c.interior.width <= c.interior.height * 1.7 + 2 && c.interior.height <= 30);
  narrow.sort((a, b) => b.cell.top - a.cell.top || a.cell.left - b.cell.left);
  const runs: CellContent[][] = [];
  const taken = new Set<CellContent>();
  // Cells side by side share a side; character boxes may also stand a little apart (IRS EIN and
  // PIN boxes), but then with nothing printed between them.
  const gapOf = (a: CellContent, b: CellContent) => b.cell.left - a.cell.right;
  const clearGap = (a: CellContent, b: CellContent) => {
    const gap = { x: a.cell.right, y: a.cell.bottom, width: Math.max(0, gapOf(a, b)), height: a.cell.top - a.cell.bottom };
    return !model.words.some((w) => overlapArea(w.rect, gap) > 0.3 * area(w.rect));
  };
  for (const start of narrow) {
    if (taken.has(start)) continue;
    const run = [start];
    let cur = start;
    let spaced = false;
    for (;;) {
      const next = narrow.find(
        (n) =>
          !taken.has(n) &&
          n !== cur &&
          gapOf(cur, n) > -1.5 &&
          gapOf(cur, n) < Math.max(1.5, 0.6 * start.interior.width) &&
          Math.abs(n.cell.top - cur.cell.top) < 1.5 &&
          Math.abs(n.cell.bottom - cur.cell.bottom) < 1.5 &&
          Math.abs(n.interior.width - start.interior.width) < Math.max(2, 0.2 * start.interior.width) &&
          (gapOf(cur, n) < 1.5 || clearGap(cur, n)),
      );
      if (!next) break;
      if (gapOf(cur, next) >= 1.5) spaced = true;
      run.push(next);
      cur = next;
    }
    // Two separate squares may be two checkboxes; three evenly spaced ones are character boxes.
    if (run.length >= (spaced ? 3 : 2)) {
      for (const c of run) taken.add(c);
      runs.push(run);
    }
  }
  return runs;
}

/**
 * SSN / EIN / phone combs are drawn as runs of cells separated by a printed dash: one field on
 * paper. Join runs on the same row when the gap is at most two cells and holds separator
 * punctuation only.
 */
export function joinCombRuns(runs: CellContent[][], model: PageModel): CellContent[][] {
  const sorted = [...runs].sort((a, b) => b[0].cell.top - a[0].cell.top || a[0].cell.left - b[0].cell.left);
  const out: CellContent[][] = [];
  for (const run of sorted) {
    const prev = out[out.length - 1];
    if (prev) {
      const last = prev[prev.length - 1];
      const first = run[0];
      const unit = (last.interior.width + first.interior.width) / 2;
      const gap = first.cell.left - last.cell.right;
      const sameRow = Math.abs(first.cell.top - last.cell.top) < 1.5 && Math.abs(first.cell.bottom - last.cell.bottom) < 1.5;
      const gapRect = { x: last.cell.right, y: last.cell.bottom, width: Math.max(0, gap), height: last.cell.top - last.cell.bottom };
      const between = model.words.filter((w) => overlapArea(w.rect, gapRect) > 0.3 * area(w.rect));
      const cellH = last.interior.height;
      // A dash may also be drawn as a short rule, or a comma as a small shape.
      const dashes = model.segments.filter((sg) => sg.orient === 'h' && sg.lo >= gapRect.x - 0.5 && sg.hi <= gapRect.x + gapRect.width + 0.5 && sg.pos > gapRect.y + 1 && sg.pos < gapRect.y + gapRect.height - 1);
      const dots = model.blobs.filter((b) => overlapArea(b, gapRect) > 0.5 * area(b) && b.height < 0.5 * cellH);
      // Joined only across a printed separator (SSN 123-45-6789), never across a plain gap:
      // separate blanks (City | State | ZIP) also sit side by side.
      const separated = between.length + dashes.length + dots.length > 0 && between.every((w) => isMark(w, /^[-–—/.,]$/, cellH));
      if (sameRow && gap >= 0 && gap <= 2.2 * unit && separated) {
        prev.push(...run);
        continue;
      }
    }
    out.push([...run]);
  }
  return out;
}

/**
 * A box ruled like writing paper (faint lines inside a darker frame) is one multi-line field,
 * not a column of one-line cells: stack empty cells of one column whose shared rules are light.
 */
export function ruledStacks(contents: readonly CellContent[], segments: readonly Segment[], lines?: readonly TextLine[]): CellContent[][] {
  const empty = contents.filter((c) => isEmpty(c) && c.inner.length === 0 && !c.cell.virtual && c.interior.width > 60);
  const lum = (i: number) => segments[i]?.lum ?? 0;
  const out: CellContent[][] = [];
  const taken = new Set<CellContent>();
  const sorted = [...empty].sort((a, b) => b.cell.top - a.cell.top);
  // First stacks of faint rules (ended by a dark rule), then lone columns of any weight.
  for (const dark of [false, true]) {
    if (dark && !lines) break;
    for (const start of sorted) {
      if (taken.has(start)) continue;
      const stack = [start];
      let cur = start;
      for (;;) {
        const next = sorted.find((n) => !taken.has(n) && n !== cur && Math.abs(n.cell.top - cur.cell.bottom) < 1 && Math.abs(n.cell.left - cur.cell.left) < 1.5 && Math.abs(n.cell.right - cur.cell.right) < 1.5);
        if (!next || (!dark && lum(cur.cell.bottomSeg) < 0.5)) break;
        stack.push(next);
        cur = next;
      }
      const frame = Math.max(lum(start.cell.topSeg), lum(cur.cell.bottomSeg));
      const inner = Math.min(...stack.slice(1).map((c) => lum(c.cell.topSeg)));
      if (dark ? loneColumn(stack, contents, segments, lines) : stack.length >= 3 && inner - frame > 0.25) {
        for (const c of stack) taken.add(c);
        out.push(stack);
      }
    }
  }
  return out;
}

/**
 * A single column of empty one-line rows inside one box (its two sides drawn unbroken from top to
 * bottom, no box beside any row, nothing printed at the rows' left) is a multi-line answer area
 * ruled for handwriting, whatever the weight of its rules. Rows of a table have neighbours (cells
 * sharing a side, or the boxes of the next column a little apart); rows that are separate blanks
 * have their own labels or numbers beside them.
 */
function loneColumn(stack: readonly CellContent[], contents: readonly CellContent[], segments: readonly Segment[], lines?: readonly TextLine[]): boolean {
  if (!lines || stack.length < 2) return false;
  if (stack.some((c) => c.interior.height > 24 || c.interior.height < 9)) return false;
  const first = stack[0].cell;
  const last = stack[stack.length - 1].cell;
  const side = (x: number) => segments.some((s) => s.orient === 'v' && s.source !== 'virtual' && Math.abs(s.pos - x) < 1.5 && s.lo <= last.bottom + 1.5 && s.hi >= first.top - 1.5);
  if (!side(first.left) || !side(first.right)) return false;
  const near = (gap: number) => gap > -1.5 && gap < 15;
  const neighbour = (c: CellContent) => contents.some((o) => o !== c && (near(c.cell.left - o.cell.right) || near(o.cell.left - c.cell.right)) && overlap1d(o.cell.bottom, o.cell.top, c.cell.bottom, c.cell.top) > 0.5 * (c.cell.top - c.cell.bottom));
  if (stack.some(neighbour)) return false;
  const labelled = (c: CellContent) => lines.some((l) => right(l.rect) <= c.cell.left + 1 && right(l.rect) >= c.cell.left - 60 && l.rect.y + l.rect.height / 2 > c.cell.bottom && l.rect.y + l.rect.height / 2 < c.cell.top);
  return !stack.slice(1).some(labelled);
}

/** Text from the top of the box to its bottom, on two lines or more: a paragraph, no room to write. */
function isFull(c: CellContent): boolean {
  if (c.lines.length < 2) return false;
  const textBox = unionAll(c.words.map((w) => w.rect));
  if (!textBox) return false;
  const size = Math.max(...c.words.map((w) => w.size));
  return top(c.interior) - top(textBox) < Math.max(6, 1.2 * size) && textBox.y - c.interior.y < Math.max(4, 0.6 * size);
}

/** At least two lines of writing room under the text: a labelled blank, whatever its neighbours. */
function roomBelowText(c: CellContent): boolean {
  const textBox = unionAll(c.words.map((w) => w.rect));
  if (!textBox) return true;
  const size = Math.max(...c.words.map((w) => w.size));
  return textBox.y - c.interior.y >= 2 * size;
}

/**
 * Cells of printed tables (instruction pages: "If you are… / Then check…"): a column of stacked
 * cells one of which is a full paragraph. Their other text cells have leftover room only because
 * a neighbour wrapped to more lines; it is layout, not a blank (unless the room is lines deep).
 */
function printedColumns(contents: readonly CellContent[]): Set<CellContent> {
  const out = new Set<CellContent>();
  const withText = contents.filter((c) => c.words.length > 0 && !c.cell.virtual);
  const sameColumn = (a: CellContent, b: CellContent) => Math.abs(a.cell.left - b.cell.left) < 2 && Math.abs(a.cell.right - b.cell.right) < 2;
  for (const full of withText.filter(isFull)) {
    if (out.has(full)) continue;
    // Walk up and down the column through touching cells that hold text.
    const column = [full];
    for (const dir of [1, -1]) {
      let cur = full;
      for (;;) {
        const next = withText.find((o) => sameColumn(o, cur) && Math.abs(dir > 0 ? o.cell.bottom - cur.cell.top : o.cell.top - cur.cell.bottom) < 1.5);
        if (!next) break;
        column.push(next);
        cur = next;
      }
    }
    if (column.length >= 3) for (const c of column) out.add(c);
  }
  return out;
}

type Test = (c: CellContent) => boolean;

/** Narrowest room (points) of a section open at one side: narrower tall cells are a grid's label or amount column. */
const MIN_SECTION_ROOM = 120;

/**
 * A tall cell with one side implied and text in it: a section ruled off across the page, open at
 * the margin, its caption over the room to write in. (Implied sides otherwise only make rows.)
 */
function openSection(c: CellContent): boolean {
  return !c.cell.sidesImplied && c.interior.height > 36 && c.interior.width >= MIN_SECTION_ROOM && c.lines.length > 0;
}

function classify(c: CellContent, pageArea: number, below: Test, header: Test, beside: Test, stacked: Test = () => false): Candidate | Candidate[] | null {
  const { interior } = c;
  const w = interior.width;
  const h = interior.height;
  if (w < 4 || h < 4) return null;
  if (c.darkCover >= 0.5 || c.blobs.length) return null;
  const box = { x: c.cell.left, y: c.cell.bottom, width: c.cell.right - c.cell.left, height: c.cell.top - c.cell.bottom };
  // Implied sides only make row cells and open sections; an empty one must be wide enough to be
  // a blank (narrow ones are the margins of open-sided tables, where row letters sit).
  if (c.cell.virtual && (w < 30 || (h > 36 && !openSection(c)) || (c.words.length === 0 && w < 45))) return null;
  // A small square with only a centred dot printed in it is a checkbox drawn with a bullet.
  if (!c.cell.virtual && w <= 16 && h <= 16 && w / h > 0.7 && w / h < 1.45 && c.words.length === 1 && isMark(c.words[0], /^[•·∙▪●]$/, h)) {
    return { kind: 'checkbox', type: 'checkbox', rect: interior, anchor: box, confidence: 0.75 };
  }
  if (c.words.length === 0) {
    // Grey-shaded blanks are "office use" areas; fields are white (or a light tint).
    if (c.baseLum < 0.9) return null;
    const ticks = combTicks(c);
    if (ticks) {
      const gaps = ticks.slice(1).map((x, i) => x - ticks[i]);
      const unit = combUnit(gaps) ?? Math.min(...gaps);
      return { kind: 'comb', type: 'text', rect: interior, anchor: box, confidence: 0.8, max_len: gaps.reduce((n, g) => n + Math.round(g / unit), 0) };
    }
    if (c.inner.some((s) => (s.orient === 'h' ? s.hi - s.lo > w * 0.3 : s.hi - s.lo > h * 0.5))) return null; // a frame around other boxes
    const ratio = w / h;
    if (!c.cell.virtual && w <= 20 && h <= 20 && w >= 4.5 && h >= 4.5 && ratio > 0.7 && ratio < 1.45) {
      return { kind: 'checkbox', type: 'checkbox', rect: grownSquare(interior), anchor: box, confidence: 0.85 };
    }
    if (h < 6 || w < 8) return null; // slivers between double rules
    if (area(interior) > 0.4 * pageArea) return null; // page frame
    // A cell of a stacked amount column, up to three lines tall, is written on its bottom line (the
    // row's text runs over more lines; the amount goes where the row ends), as high as the writing
    // area of the tallest one-line box.
    if (h > ONE_LINE_MAX && h <= TALL_ROW && stacked(c)) return { kind: 'box', type: 'text', rect: { ...interior, height: 0.7 * ONE_LINE_MAX }, anchor: box, confidence: 0.7 };
    return { kind: 'box', type: 'text', rect: writingArea(interior), anchor: box, confidence: h > 60 ? 0.6 : 0.75 };
  }
  // Before the marks below: a scan's words are ink, and in a tall box they are the size of marks.
  const rooms = captionsOverRooms(c, box, header);
  if (rooms) return rooms;
  const split = splitAtDecimal(c, box);
  if (split) return split;
  const framed = betweenMarks(c, box);
  if (framed) return framed;
  return labelInside(c, box, header) ?? labelUnderInside(c, box, below, beside) ?? labelLeftInside(c, box, below, beside);
}

/**
 * The part of an empty one-line box that the field takes. Forms disagree on the height of a
 * one-line field in a box up to two lines tall: some fill the box, many (IRS tables) use a
 * 12 pt line at its bottom. Nothing on the page tells which, so such boxes get the lower 70%,
 * where handwriting and typed text sit either way; taller boxes are multi-line and filled.
 */
/** Tallest box taken for one line, and tallest row cell written on its bottom line. */
const ONE_LINE_MAX = 32;
const TALL_ROW = 48;

export function writingArea(interior: Rect): Rect {
  const h = interior.height;
  if (h < 18 || h > ONE_LINE_MAX) return interior;
  return { ...interior, height: Math.max(14, 0.7 * h) };
}

/**
 * A box holding only punctuation at its ends, "( … )" for losses, "$ … %": the field is the blank
 * between them.
 */
function betweenMarks(c: CellContent, box: Rect): Candidate | null {
  const { interior } = c;
  if (!c.words.length || !c.words.every((w) => isMark(w, /^[()$%€£]+$/, interior.height))) return null;
  const mid = interior.x + interior.width / 2;
  const lefts = c.words.filter((w) => w.rect.x + w.rect.width / 2 < mid);
  const rights = c.words.filter((w) => w.rect.x + w.rect.width / 2 >= mid);
  const x1 = lefts.length ? Math.max(...lefts.map((w) => right(w.rect))) + 0.5 : interior.x;
  const x2 = rights.length ? Math.min(...rights.map((w) => w.rect.x)) - 0.5 : right(interior);
  if (x2 - x1 < Math.max(20, 0.6 * interior.width)) return null;
  const blank = { x: x1, y: interior.y, width: x2 - x1, height: interior.height };
  return { kind: 'box', type: 'text', rect: onWritingRule(c, blank) ?? onSignLine(lefts, blank) ?? writingArea(blank), anchor: box, confidence: 0.7 };
}

/** A "$" (or € £). On a scan the sign is ink not read yet: a "$" is taller than wide, a "–" flat. */
function isCurrencySign(w: Word, boxHeight: number): boolean {
  return isMark(w, /^[$€£]$/, boxHeight) && (w.text !== '' || w.rect.height >= w.rect.width);
}

/** Least height (points) of the line an amount is written on beside its sign. */
const SIGN_LINE = 12;

/**
 * A currency sign standing at the bottom of a box more than a line tall ("$" low in a tall amount
 * box, at its left): the amount is written on the line the sign stands on, a line tall, not over
 * the whole box. (Operator signs say nothing of the line: "–" is set at mid-height.)
 */
function onSignLine(lefts: readonly Word[], blank: Rect): Rect | null {
  if (lefts.length !== 1 || !isCurrencySign(lefts[0], blank.height)) return null;
  const ink = lefts[0].rect;
  const height = Math.max(SIGN_LINE, top(ink) + 2 - blank.y);
  if (ink.y - blank.y > 0.25 * blank.height || height > 0.6 * blank.height) return null;
  return { ...blank, height };
}

/**
 * A rule drawn or typed across the lower half of a box's blank ("$ __________" set in an amount
 * box) is the line the entry is written on: the field is one line of writing standing on that
 * rule (as over a free rule), not the whole box. Typed underscores hang below the baseline, so
 * the line reaches down to the descender line, 0.2 em under the underscore's middle.
 */
function onWritingRule(c: CellContent, blank: Rect): Rect | null {
  const rule = c.inner.find((s) => s.orient === 'h' && s.source !== 'dots' && overlap1d(s.lo, s.hi, blank.x, right(blank)) >= 0.6 * blank.width && s.pos < blank.y + 0.5 * blank.height);
  if (!rule) return null;
  const y = Math.max(blank.y, rule.source === 'underscore' && rule.size ? rule.pos - 0.2 * rule.size : rule.pos + rule.thickness / 2);
  const room = top(blank) - y;
  if (room < RULED_ROW_LINE / 2) return null;
  return { x: blank.x, y, width: blank.width, height: Math.min(room, RULED_ROW_LINE) };
}

/**
 * Amount boxes printed with a decimal point ("[ dollars . cents ]") hold two fields: the part
 * before the point and the cents after it.
 */
function splitAtDecimal(c: CellContent, box: Rect): Candidate[] | null {
  if (c.words.length !== 1 || !isMark(c.words[0], /^[.,]$/, c.interior.height)) return null;
  const { interior } = c;
  const dot = c.words[0].rect;
  const leftW = dot.x - interior.x;
  const rightW = right(interior) - right(dot);
  if (leftW < 20 || rightW < 8 || rightW > leftW) return null;
  return [
    { kind: 'box', type: 'text', rect: { x: interior.x, y: interior.y, width: leftW, height: interior.height }, anchor: box, confidence: 0.7 },
    { kind: 'box', type: 'text', rect: { x: right(dot), y: interior.y, width: rightW, height: interior.height }, anchor: box, confidence: 0.7 },
  ];
}

function isShaded(c: CellContent): boolean {
  return c.shadeCover > 0.8;
}

/** Label in the top band of the box and room below it: the field is the room below. */
function labelInside(c: CellContent, box: Rect, header: Test): Candidate | null {
  const { interior } = c;
  const sign = leadingSignBelow(c);
  const textBox = unionAll(c.words.filter((w) => w !== sign).map((w) => w.rect));
  if (!textBox) return null;
  // Too narrow to write in: item-number and letter columns ("6.", "B").
  if (interior.width < 36) return null;
  // A checkbox drawn inside makes it an option cell ("☐ No (go to 6.C)"), not a labelled blank.
  if (c.inner.length >= 2) return null;
  // A column title over an empty cell of the same column: the cell below is the field.
  if (header(c)) return null;
  const lowest = textBox.y;
  const room = lowest - interior.y;
  const size = Math.max(...c.words.map((w) => w.size));
  // The label hugs the top and leaves at least a line of writing room below.
  if (top(interior) - top(textBox) > Math.max(6, size * 1.2)) return null;
  if (room < Math.max(8, size * 0.9)) return null;
  if (c.inner.some((s) => s.orient === 'h' && s.hi - s.lo > interior.width * 0.5 && s.pos < lowest)) return null;
  const x = sign ? right(sign.rect) + 0.5 : interior.x;
  const rect = { x, y: interior.y, width: right(interior) - x, height: room - 0.5 };
  return { kind: 'label-inside', type: 'text', rect, anchor: box, confidence: 0.7, insideLabel: c.lines };
}

/**
 * A currency sign printed at the left of the room under a box's caption ("1 Nonemployee
 * compensation" over "$"): it says what to write and where the entry begins; it is no part of the
 * caption. The lowest word of the box, alone at its left side, glyph-sized.
 */
function leadingSignBelow(c: CellContent): Word | undefined {
  if (c.words.length < 2) return undefined;
  const sign = c.words.reduce((a, b) => (b.rect.y < a.rect.y ? b : a));
  if (sign.rect.x - c.interior.x > 8 || !isCurrencySign(sign, c.interior.height)) return undefined;
  const others = c.words.filter((w) => w !== sign);
  return others.every((w) => w.rect.y > top(sign.rect)) ? sign : undefined;
}

/** Largest side (points) of a checkbox set among a caption's lines, and how far it may stand out of them. */
const MAX_ANSWER_BOX = 16;
const ANSWER_BOX_SLACK = 3;

/** Lines of a cell that read as one caption: each starts within the block's width and follows within a line's room. */
interface CaptionBlock {
  lines: TextLine[];
  rect: Rect;
}

function captionBlocks(lines: readonly TextLine[], minRoom: number): CaptionBlock[] {
  const blocks: CaptionBlock[] = [];
  for (const l of [...lines].sort((a, b) => top(b.rect) - top(a.rect))) {
    const b = blocks.find((k) => k.rect.y - top(l.rect) < minRoom && l.rect.x < right(k.rect) && right(l.rect) > k.rect.x);
    if (b) {
      b.lines.push(l);
      b.rect = unionAll([b.rect, l.rect])!;
    } else blocks.push({ lines: [l], rect: l.rect });
  }
  return blocks.sort((a, b) => top(b.rect) - top(a.rect));
}

/**
 * A box that holds several blanks one under another, each headed by its caption, the captions in
 * a column at its left and no rule between them ("Claimant's name and address", "Defendant's name
 * and address", "Brief details of claim" in one panel; "Recipient's name", "Street address", "City
 * or town" in one box of an information return): each caption heads a field, the room down to the
 * next caption or to the box's bottom. A short word or a drawn mark set apart at the right of a
 * room ("In the … Court", "Petitioner: … vs.", a seal) ends that room's field before it. Answer
 * boxes on a caption's lines ("☐ Yes (explain below)  ☐ No") are part of the caption, and the
 * room under them is the explanation's. A box with one caption and nothing else is labelInside's.
 */
function captionsOverRooms(c: CellContent, box: Rect, header: Test): Candidate[] | null {
  const { interior } = c;
  if (interior.width < 60 || (c.cell.virtual && !openSection(c)) || isShaded(c) || !c.lines.length || header(c)) return null;
  const size = Math.max(...c.words.map((w) => w.size), ...c.lines.map((l) => l.size));
  // A blank between two captions holds a line of handwriting (16 pt, as tall as a one-line box)
  // and a line and a half of the captions' type: closer lines are one caption or a paragraph. (A
  // scan's sizes are those of the ink, smaller than the type's: the floor decides there.)
  const minRoom = Math.max(16, 1.5 * size);
  const blocks = captionBlocks(c.lines, minRoom);
  const column = Math.min(...blocks.map((b) => b.rect.x));
  const captions = blocks.filter((b) => b.rect.x - column < 3);
  const apart: Rect[] = blocks.filter((b) => !captions.includes(b)).map((b) => b.rect);
  let answers = false;
  for (const s of c.inner) {
    if (s.orient === 'h' && s.hi - s.lo > 0.5 * interior.width) return null; // a divided box: its parts are cells of their own
    const r = s.orient === 'h' ? rectFromEdges(s.lo, s.pos, s.hi, s.pos) : rectFromEdges(s.pos, s.lo, s.pos, s.hi);
    // The sides of a checkbox set on a caption's lines ("☐ Yes (explain below)  ☐ No") are the
    // question's answers, part of the caption: the room under them is for the explanation.
    const caption = s.hi - s.lo <= MAX_ANSWER_BOX ? captions.find((b) => r.y >= b.rect.y - ANSWER_BOX_SLACK && top(r) <= top(b.rect) + ANSWER_BOX_SLACK) : undefined;
    if (caption) {
      caption.rect = unionAll([caption.rect, r])!;
      answers = true;
    } else apart.push(r);
  }
  if (captions.length < 2 && !apart.length && !answers) return null;
  // The captions head the box: the first one hugs its top.
  if (top(interior) - top(captions[0].rect) > Math.max(6, 1.2 * size)) return null;
  const rooms = captions.map((b, k) => ({ caption: b, floor: k + 1 < captions.length ? top(captions[k + 1].rect) : interior.y, right: right(interior) }));
  if (rooms.some((r) => r.caption.rect.y - r.floor < minRoom)) return null;
  for (const a of apart) {
    // What stands apart must be at the right end of a blank, not in the middle of it.
    if (a.x < interior.x + 0.5 * interior.width) return null;
    const mid = a.y + a.height / 2;
    const room = rooms.find((r) => mid < r.caption.rect.y && mid > r.floor);
    if (room) room.right = Math.min(room.right, a.x - 1);
  }
  return rooms.map((r) => ({
    kind: 'label-inside',
    type: 'text',
    rect: { x: interior.x, y: r.floor + 0.5, width: r.right - interior.x, height: r.caption.rect.y - r.floor - 1 },
    anchor: box,
    confidence: 0.7,
    insideLabel: r.caption.lines,
  }));
}

/**
 * Caption printed along the bottom of the box, the room above it blank ("Number; Street;
 * Apartment" under the writing space of an address table, as court and immigration forms print
 * them): the field is the room above the caption.
 */
/**
 * A caption in words, not a unit or a sign (".00", "-"): three letters in a row. A scan's lines
 * are not read until their field is chosen: there, ink at least three of its heights wide.
 */
function readsAsWords(l: TextLine): boolean {
  if (l.text.trim()) return /\p{L}{3,}/u.test(l.text);
  return l.rect.width >= 3 * l.size;
}

function labelUnderInside(c: CellContent, box: Rect, below: Test, beside: Test): Candidate | null {
  const { interior } = c;
  // A column title set low in its cell sits over the column's empty box, a row caption beside
  // the row's box: that box is the field.
  if (below(c) || beside(c)) return null;
  if (c.lines.length !== 1 || !readsAsWords(c.lines[0])) return null;
  const textBox = unionAll(c.words.map((w) => w.rect));
  if (!textBox || c.inner.length || isShaded(c)) return null;
  if (interior.width < 60) return null;
  const size = Math.max(...c.words.map((w) => w.size));
  const room = top(interior) - top(textBox);
  if (textBox.y - interior.y > Math.max(4, 0.8 * size) || room < Math.max(10, 1.2 * size)) return null;
  const y = top(textBox) + 0.5;
  const rect = { x: interior.x, y, width: interior.width, height: Math.min(top(interior) - y, ONE_LINE_MAX) };
  return { kind: 'label-under-inside', type: 'text', rect, anchor: box, confidence: 0.65, insideLabel: c.lines };
}

/**
 * Label at the left end of a one-line box, the rest blank: the field is the blank part. Also the
 * mirror case, a short unit or suffix printed at the right end (".00", "%"): the field is left of it.
 */
function labelLeftInside(c: CellContent, box: Rect, below: Test, beside: Test): Candidate | null {
  const { interior } = c;
  const textBox = unionAll(c.words.map((w) => w.rect));
  if (!textBox) return null;
  if (isShaded(c)) return null; // shaded bars holding a title are section headers
  const size = Math.max(...c.words.map((w) => w.size));
  if (interior.height > 40 || interior.height < Math.max(9, 1.3 * size)) return null;
  if (interior.width < 36) return null;
  const suffix = right(interior) - right(textBox) < 8 && textBox.width < Math.min(30, 0.3 * interior.width);
  if (suffix) {
    const x2 = textBox.x - 1;
    if (x2 - interior.x < 20) return null;
    return { kind: 'label-left-inside', type: 'text', rect: { x: interior.x, y: interior.y, width: x2 - interior.x, height: interior.height }, anchor: box, confidence: 0.55 };
  }
  const free = right(interior) - right(textBox);
  if (free < Math.max(40, interior.width * 0.4)) return null;
  if (textBox.x - interior.x > 12) return null;
  // A strip of titles over a row of entry boxes, or a label cell with its blank beside it: the
  // entry box is the field.
  if (below(c) || beside(c)) return null;
  const x = right(textBox) + 2;
  const rect = { x, y: interior.y, width: right(interior) - x, height: interior.height };
  // On a scan, a tinted blank beside a title is a heading bar (the fills of a vector page say so
  // before this; a scan only has its shading).
  if (c.shade && onTint(c.shade, rect)) return null;
  return { kind: 'label-left-inside', type: 'text', rect, anchor: box, confidence: 0.55, insideLabel: c.lines };
}

/** Smallest checkbox field: a tick needs about 10 pt, and widgets over smaller drawn squares are that big. */
const MIN_CHECKBOX = 10;

/** A drawn checkbox square as a field: the square, grown about its centre to at least MIN_CHECKBOX. */
export function grownSquare(r: Rect): Rect {
  const w = Math.max(r.width, MIN_CHECKBOX);
  const h = Math.max(r.height, MIN_CHECKBOX);
  return { x: r.x + r.width / 2 - w / 2, y: r.y + r.height / 2 - h / 2, width: w, height: h };
}
