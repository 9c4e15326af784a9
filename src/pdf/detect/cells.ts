// Closed boxes from rulings: every minimal rectangle whose four sides are drawn. A form's boxes,
// table cells, comb cells and checkbox squares all come out of this one search.
import type { Segment } from './model.ts';

export interface Cell {
  left: number;
  right: number;
  bottom: number;
  top: number;
  /** Drawn thickness of each side (to find the blank interior). */
  thick: { l: number; r: number; b: number; t: number };
  /** Indexes (into the segment list) of the top and bottom rules. */
  topSeg: number;
  bottomSeg: number;
  /** A side is implied (open-sided row), not drawn. */
  virtual: boolean;
  /** Both sides implied: a row between two rules, no side drawn (a stack of writing lines). */
  sidesImplied: boolean;
}

const MIN_SIDE = 3;

/**
 * Minimal boxes: for each horizontal rule as a top edge, each pair of verticals hanging from it
 * (nearest right partner first) closes into a cell at the highest rule below that meets both.
 */
export function findCells(segments: readonly Segment[], tol = 1.6): Cell[] {
  const hIdx: number[] = [];
  const vIdx: number[] = [];
  segments.forEach((s, i) => {
    if (s.hi - s.lo < MIN_SIDE) return;
    if (s.source === 'dots') return; // dot leaders never close a box
    (s.orient === 'h' ? hIdx : vIdx).push(i);
  });
  // Bottom candidates sorted from the top down, so the first hit is the nearest.
  const hSorted = [...hIdx].sort((a, b) => segments[b].pos - segments[a].pos);
  const cells: Cell[] = [];
  const seen = new Set<string>();
  const t = (s: Segment) => Math.max(tol, s.thickness / 2 + 0.6);
  const sortedPos = hSorted.map((i) => segments[i].pos);
  for (const ti of hIdx) {
    const top = segments[ti];
    // First rule strictly below the top (binary search: pages of outlined text have thousands).
    let start = 0;
    for (let hi = sortedPos.length; start < hi; ) {
      const mid = (start + hi) >> 1;
      if (sortedPos[mid] >= top.pos - MIN_SIDE) start = mid + 1;
      else hi = mid;
    }
    const hanging = vIdx
      .filter((vi) => {
        const v = segments[vi];
        const tt = Math.max(t(top), t(v));
        // Within the rule's extent, reaching up to it (or crossing it), and going down from it.
        return v.pos >= top.lo - tt && v.pos <= top.hi + tt && v.hi >= top.pos - tt && v.lo < top.pos - MIN_SIDE;
      })
      .sort((a, b) => segments[a].pos - segments[b].pos);
    for (let i = 0; i < hanging.length; i++) {
      const vl = segments[hanging[i]];
      for (let j = i + 1; j < hanging.length; j++) {
        const vr = segments[hanging[j]];
        if (vr.pos - vl.pos < MIN_SIDE) continue;
        let found = -1;
        const floor = Math.max(vl.lo, vr.lo) - 2 * tol;
        for (let k = start; k < hSorted.length; k++) {
          const bi = hSorted[k];
          const b = segments[bi];
          if (b.pos < floor - 3) break; // below where both sides end: nothing further down closes
          const tb = Math.max(t(b), t(vl), t(vr));
          if (b.lo > vl.pos + tb || b.hi < vr.pos - tb) continue;
          if (vl.lo > b.pos + tb || vr.lo > b.pos + tb) continue;
          found = bi;
          break;
        }
        if (found < 0) continue;
        const b = segments[found];
        const key = `${Math.round(vl.pos * 2)},${Math.round(vr.pos * 2)},${Math.round(b.pos * 2)},${Math.round(top.pos * 2)}`;
        if (!seen.has(key)) {
          seen.add(key);
          cells.push({
            left: vl.pos,
            right: vr.pos,
            bottom: b.pos,
            top: top.pos,
            thick: { l: vl.thickness, r: vr.thickness, b: b.thickness, t: top.thickness },
            topSeg: ti,
            bottomSeg: found,
            virtual: vl.source === 'virtual' || vr.source === 'virtual',
            sidesImplied: vl.source === 'virtual' && vr.source === 'virtual',
          });
        }
        break; // the nearest right partner closes the minimal cell
      }
    }
  }
  return cells;
}

export function cellInterior(c: Cell): { x: number; y: number; width: number; height: number } {
  const x1 = c.left + c.thick.l / 2;
  const x2 = c.right - c.thick.r / 2;
  const y1 = c.bottom + c.thick.b / 2;
  const y2 = c.top - c.thick.t / 2;
  return { x: x1, y: y1, width: Math.max(0, x2 - x1), height: Math.max(0, y2 - y1) };
}
