// Connected components of a binary page, found from row runs: they must be exactly the 8-connected
// pixel regions a flood fill finds (boxes, pixel counts, in the order their first pixel comes).
import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random.ts';
import { components } from '../../../src/pdf/detect/raster-model.ts';

/** The definition: flood fill over the 8 neighbours, regions in raster order of their first pixel. */
function floodFill(bin: Uint8Array, w: number, h: number) {
  const seen = new Uint8Array(w * h);
  const out: { x1: number; y1: number; x2: number; y2: number; count: number }[] = [];
  for (let start = 0; start < w * h; start++) {
    if (!bin[start] || seen[start]) continue;
    const c = { x1: w, y1: h, x2: 0, y2: 0, count: 0 };
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const p = stack.pop()!;
      const [x, y] = [p % w, Math.floor(p / w)];
      Object.assign(c, { x1: Math.min(c.x1, x), y1: Math.min(c.y1, y), x2: Math.max(c.x2, x + 1), y2: Math.max(c.y2, y + 1), count: c.count + 1 });
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const [u, v] = [x + dx, y + dy];
          if (u < 0 || v < 0 || u >= w || v >= h) continue;
          const q = v * w + u;
          if (bin[q] && !seen[q]) {
            seen[q] = 1;
            stack.push(q);
          }
        }
      }
    }
    out.push(c);
  }
  return out;
}

describe('raster components', () => {
  it('joins runs that touch only at a corner, and a run bridging two above it', () => {
    // Row 0: two runs; row 1: one run under both (a U turned over); row 2: a pixel diagonal to it.
    const w = 8;
    const bin = Uint8Array.from([1, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1]);
    expect(components(bin, w, 3)).toEqual([{ x1: 0, y1: 0, x2: 6, y2: 3, count: 9 }, { x1: 7, y1: 2, x2: 8, y2: 3, count: 1 }]);
  });

  it('finds what a flood fill finds on random pages, sparse to crowded', () => {
    for (const [seed, density, w, h] of [
      [1, 0.05, 97, 61],
      [2, 0.3, 120, 80],
      [3, 0.45, 64, 64],
      [4, 0.6, 150, 40],
    ] as const) {
      const next = seededRandom(seed);
      // Short horizontal strokes as well as lone pixels, so rows hold runs of many lengths.
      const bin = new Uint8Array(w * h);
      for (let i = 0; i < w * h; i++) if (next() < density) bin.fill(1, i, Math.min(i + Math.floor(next() * 4), w * Math.ceil((i + 1) / w)) + 1);
      expect(components(bin, w, h)).toEqual(floodFill(bin, w, h));
    }
  });
});
