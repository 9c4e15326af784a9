// Stage 2b: open rules → candidates. A horizontal rule that is not the side of a box, with a
// label beside it (left, right, caption below or title above), is a blank to write on: the field
// is the writing room above it. Typed underscores count as rules; a dot leader counts only when
// nothing follows it. Rules crossed by long verticals (table grids), rules under printed text
// (underlined headings), the row-letter stubs of open-sided tables and page-wide separators are
// rejected. Ticks along a rule make a comb.
import { isItemMarker } from '../labels/words.ts';
import type { Rect } from '../types.ts';
import type { Candidate } from './candidate.ts';
import type { Cell } from './cells.ts';
import { combUnit } from './candidates-boxes.ts';
import { overlap1d, right, top } from './geometry.ts';
import type { PageModel, Segment, TextLine } from './model.ts';

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

/** The nearest text that explains a rule: left or right on its row, else a caption below. */
export function ruleLabel(lo: number, hi: number, y: number, lines: readonly TextLine[]): RuleLabel | null {
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
    if (top(r) <= y - 0.5 && top(r) >= y - 14 && xOverlap > 0.6 * r.width) {
      const d = y - top(r);
      if (d < bestDist) [best, bestDist] = [{ line: l, side: 'below' }, d];
    }
    // (A title above a rule is not enough: on the dev corpus such rules were rules under
    // headings and paragraph text, never blanks.)
  }
  return best;
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

/** Writing room above a rule: up to the nearest text or rule above it, capped. */
function roomAbove(lo: number, hi: number, y: number, model: PageModel, labelSize: number): number {
  let limit = Infinity;
  const width = hi - lo;
  for (const l of model.lines) {
    const r = l.rect;
    if (r.y < y + 1) continue;
    if (overlap1d(r.x, right(r), lo, hi) <= Math.min(4, 0.1 * width)) continue;
    limit = Math.min(limit, r.y - y);
  }
  for (const s of model.segments) {
    if (s.orient !== 'h' || s.pos <= y + 2) continue;
    if (overlap1d(s.lo, s.hi, lo, hi) < 0.3 * width) continue;
    limit = Math.min(limit, s.pos - y);
  }
  const cap = Math.min(24, Math.max(14, 1.8 * labelSize));
  return Math.max(8, Math.min(cap, limit - 1.5));
}

export function lineCandidates(model: PageModel, segments: readonly Segment[], cells: readonly Cell[]): Candidate[] {
  const out: Candidate[] = [];
  const pageWidth = model.view[2] - model.view[0];
  segments.forEach((seg, index) => {
    if (seg.orient !== 'h' || seg.thickness > 3 || seg.source === 'virtual') return;
    for (const [lo, hi] of freeIntervals(seg, index, cells)) {
      const minLen = seg.source === 'underscore' ? 8 : 18;
      if (hi - lo < minLen) continue;
      const y = seg.pos;
      // Underlined text: printed words sitting on the rule.
      const onRule = model.lines.filter((l) => l.rect.y >= y - 1.5 && l.rect.y <= y + 4 && overlap1d(l.rect.x, right(l.rect), lo, hi) > 0.5 * l.rect.width);
      const covered = onRule.reduce((a, l) => a + overlap1d(l.rect.x, right(l.rect), lo, hi), 0);
      if (covered > 0.25 * (hi - lo)) continue;
      // A row letter or number on it: the row-label column of an open-sided table.
      if (onRule.some((l) => isItemMarker(l.text))) continue;
      const { ticks, tall } = ticksOn(lo, hi, y, segments);
      if (tall) continue;
      const label = ruleLabel(lo, hi, y, model.lines);
      if (!label) continue;
      if (seg.source === 'dots' && !dotsAreBlank(lo, hi, y, model)) continue;
      if (hi - lo > 0.75 * pageWidth && label.side !== 'left') continue;
      const cellsN = combCells(lo, hi, ticks);
      const h = cellsN ? Math.min(16, Math.max(...segmentsRising(ticks, y, segments)) || 12) : roomAbove(lo, hi, y, model, label.line.size);
      // Typed underscores hang below the baseline: what is written over them reaches down to the
      // descender line, 0.3 em under the baseline (0.2 em under the underscore's middle).
      const y0 = seg.source === 'underscore' && seg.size ? y - 0.2 * seg.size : y + seg.thickness / 2;
      const rect: Rect = { x: lo, y: y0, width: hi - lo, height: h };
      const anchor: Rect = { x: lo, y: y - seg.thickness / 2, width: hi - lo, height: seg.thickness };
      out.push({
        kind: cellsN ? 'comb' : seg.source === 'dots' ? 'dots' : 'underline',
        type: 'text',
        rect,
        anchor,
        confidence: label.side === 'left' || label.side === 'below' ? 0.7 : 0.55,
        ...(cellsN ? { max_len: cellsN } : {}),
      });
    }
  });
  return out;
}

function segmentsRising(ticks: number[], y: number, segments: readonly Segment[]): number[] {
  return segments.filter((v) => v.orient === 'v' && ticks.includes(v.pos) && v.lo <= y + 1.5).map((v) => v.hi - y);
}

/** A dot leader is a blank only if nothing (text or box) follows it on its row. */
function dotsAreBlank(lo: number, hi: number, y: number, model: PageModel): boolean {
  const row = { y1: y - 3, y2: y + 10 };
  const after = model.lines.some((l) => l.rect.x >= hi - 1 && l.rect.x <= hi + 40 && overlap1d(l.rect.y, top(l.rect), row.y1, row.y2) > 0);
  const box = model.segments.some((s) => s.orient === 'v' && s.pos >= hi - 1 && s.pos <= hi + 25 && overlap1d(s.lo, s.hi, row.y1, row.y2) > 0);
  return !after && !box && hi - lo >= 30;
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
  const groups: Segment[][] = [];
  for (const s of faint) {
    const g = groups.find((gr) => Math.abs(gr[0].lo - s.lo) < 1.5 && Math.abs(gr[0].hi - s.hi) < 1.5);
    if (g) g.push(s);
    else groups.push([s]);
  }
  for (const g of groups) {
    g.sort((a, b) => a.pos - b.pos);
    let run: Segment[] = [g[0]];
    const flush = () => {
      if (run.length >= 4) {
        const lo = run[0].lo;
        const hi = run[0].hi;
        const y1 = run[0].pos;
        const y2 = run[run.length - 1].pos;
        const rect = { x: lo, y: y1, width: hi - lo, height: y2 - y1 };
        cands.push({ kind: 'box', type: 'text', rect, anchor: rect, confidence: 0.6, multiline: true });
        for (const s of run) consumed.add(s);
      }
    };
    for (let i = 1; i < g.length; i++) {
      const gap = g[i].pos - g[i - 1].pos;
      const prevGap = run.length > 1 ? run[run.length - 1].pos - run[run.length - 2].pos : gap;
      const empty = !model.lines.some((l) => l.rect.y > g[i - 1].pos && top(l.rect) < g[i].pos + 2 && overlap1d(l.rect.x, right(l.rect), g[i].lo, g[i].hi) > 0);
      if (gap >= 10 && gap <= 30 && Math.abs(gap - prevGap) < 1.5 && empty) run.push(g[i]);
      else {
        flush();
        run = [g[i]];
      }
    }
    flush();
  }
  return { cands, consumed };
}
