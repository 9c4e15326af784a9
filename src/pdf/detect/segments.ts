// Segment clean-up shared by vector and scanned pages: the same rule is often drawn twice
// (a stroke over a fill edge, a table drawn cell by cell), and long rules come in pieces.
import type { Segment, TextLine } from './model.ts';

/** Merge collinear pieces: same orientation, positions within `posTol`, gaps up to `gapTol`. */
export function mergeSegments(segs: readonly Segment[], posTol = 1, gapTol = 1.2): Segment[] {
  const out: Segment[] = [];
  for (const orient of ['h', 'v'] as const) {
    const list = segs.filter((s) => s.orient === orient).sort((a, b) => a.pos - b.pos || a.lo - b.lo);
    // Cluster by position first, then sweep along the axis inside each cluster.
    let i = 0;
    while (i < list.length) {
      let j = i + 1;
      while (j < list.length && list[j].pos - list[j - 1].pos <= posTol * 0.5) j++;
      const cluster = list.slice(i, j).sort((a, b) => a.lo - b.lo);
      let cur: Segment | null = null;
      let weight = 0;
      for (const s of cluster) {
        const gap = s.source === 'dots' && cur?.source === 'dots' ? 4 : gapTol;
        if (cur && s.lo <= cur.hi + gap && Math.abs(s.pos - cur.pos) <= posTol) {
          const w = s.hi - s.lo;
          cur.pos = (cur.pos * weight + s.pos * w) / (weight + w || 1);
          weight += w;
          cur.hi = Math.max(cur.hi, s.hi);
          cur.thickness = Math.max(cur.thickness, s.thickness);
          // A merged rule is as "real" as its strongest piece.
          if (rank(s.source) > rank(cur.source)) cur.source = s.source;
          cur.dashed = Boolean(cur.dashed && s.dashed);
          cur.lum = Math.min(cur.lum ?? 0, s.lum ?? 0);
        } else {
          if (cur) out.push(cur);
          cur = { ...s };
          weight = s.hi - s.lo;
        }
      }
      if (cur) out.push(cur);
      i = j;
    }
  }
  return out;
}

function rank(source: Segment['source']): number {
  return { virtual: 0, dots: 0, underscore: 1, edge: 2, raster: 3, fill: 3, stroke: 4 }[source];
}

export const segLength = (s: Segment): number => s.hi - s.lo;

/** Do an 'h' and a 'v' segment meet (cross or touch), within `tol`? */
export function meets(h: Segment, v: Segment, tol: number): boolean {
  return v.pos >= h.lo - tol && v.pos <= h.hi + tol && h.pos >= v.lo - tol && h.pos <= v.hi + tol;
}

/**
 * Open-sided boxes: many forms (IRS style) draw rows as full-width rules with dividers but no
 * outer left or right side. Where consecutive horizontal rules end at the same x, an undrawn
 * side is implied; adding it lets the closed-box search find those cells. Sections ruled off
 * across the text column (a question and the room for its answer, open at the margin) get their
 * side too, however tall.
 */
/** Shortest rule (points) that rules off a section of the page rather than a table row, and the tallest such section. */
const SECTION_RULE = 300;
const MAX_SECTION_GAP = 400;

export function virtualEdges(segs: readonly Segment[], maxGap = 60, xTol = 1.5): Segment[] {
  const hs = segs.filter((s) => s.orient === 'h' && s.source !== 'dots' && s.hi - s.lo >= 20);
  const vs = segs.filter((s) => s.orient === 'v');
  const out: Segment[] = [];
  for (const side of ['lo', 'hi'] as const) {
    // Only free ends: a rule whose end already meets a drawn side belongs to a closed box.
    const free = hs.filter((h) => !vs.some((v) => Math.abs(v.pos - h[side]) <= 2 && v.lo <= h.pos + 2 && v.hi >= h.pos - 2));
    const ends = free.map((s) => ({ x: s[side], y: s.pos, length: s.hi - s.lo })).sort((a, b) => a.x - b.x);
    // Cluster endpoints by x, then join vertically consecutive ones.
    let i = 0;
    while (i < ends.length) {
      let j = i + 1;
      while (j < ends.length && ends[j].x - ends[j - 1].x <= xTol) j++;
      const group = ends.slice(i, j).sort((a, b) => a.y - b.y);
      const x = group.reduce((acc, e) => acc + e.x, 0) / group.length;
      for (let k = 0; k + 1 < group.length; k++) {
        const y1 = group[k].y;
        const y2 = group[k + 1].y;
        // Rows are short; a section between two rules across the text column can be tall.
        const section = Math.min(group[k].length, group[k + 1].length) >= SECTION_RULE;
        if (y2 - y1 < 4 || y2 - y1 > (section ? MAX_SECTION_GAP : maxGap)) continue;
        const drawn = vs.some((v) => Math.abs(v.pos - x) <= 2 && v.lo <= y1 + 2 && v.hi >= y2 - 2);
        // Only consecutive rows: a rule running across x between the two is a row in between.
        const crossed = hs.some((h) => h.pos > y1 + 2 && h.pos < y2 - 2 && h.lo < x - 2 && h.hi > x + 2);
        // A tall side (a section's) is implied only where nothing is drawn along it: boxes set
        // flush with the margin inside the section have sides of their own.
        const touched = y2 - y1 > maxGap && vs.some((v) => Math.abs(v.pos - x) <= 2 && v.hi > y1 + 2 && v.lo < y2 - 2);
        if (!drawn && !crossed && !touched) out.push({ orient: 'v', pos: x, lo: y1, hi: y2, thickness: 0, source: 'virtual' });
      }
      i = j;
    }
  }
  return out;
}

/**
 * A scan's short vertical inside a line of printed text is a stroke of its letters: the rule
 * finder takes the stems of "ZIP Code" or "P. Any" for little rules (and takes them out of the
 * words). It divides nothing and draws no box. (Vector pages draw their text as text.)
 */
export function isLetterStroke(s: Segment, lines: readonly TextLine[]): boolean {
  if (s.orient !== 'v' || s.source !== 'raster') return false;
  return lines.some((l) => s.pos >= l.rect.x - 0.5 && s.pos <= l.rect.x + l.rect.width + 0.5 && s.lo >= l.rect.y - 1 && s.hi <= l.rect.y + l.rect.height + 1);
}
