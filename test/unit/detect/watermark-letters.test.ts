// The watermark-letter test of scanned pages: pale components whose nearest pale neighbour lies on a
// slant, and the pieces and letters beside them. Looked up in grid cells rather than pair by pair,
// it must take exactly the components the pairwise definition (written out below) takes.
import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random.ts';
import { watermarkLetters } from '../../../src/pdf/detect/raster-model.ts';

interface Component {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  count: number;
}

const SPACING = 40;
const PIECE_GAP = 3;
const STEPS = 3;

/** The definition, every pair compared: the nearest neighbour (first of equals) on a 25–65° slant. */
function pairwise(pale: readonly Component[], scale: number): Set<Component> {
  const out = new Set<Component>();
  const centre = (c: Component) => [(c.x1 + c.x2) / 2, (c.y1 + c.y2) / 2];
  const reach = SPACING * scale;
  const slanted = (dx: number, dy: number) => {
    const a = (Math.atan2(Math.abs(dy), Math.abs(dx)) * 180) / Math.PI;
    return a >= 25 && a <= 65;
  };
  for (const c of pale) {
    const [x, y] = centre(c);
    let best = Infinity;
    let dx = 0;
    let dy = 0;
    for (const o of pale) {
      if (o === c) continue;
      const [u, v] = centre(o);
      const d = Math.hypot(u - x, v - y);
      if (d < best) [best, dx, dy] = [d, u - x, v - y];
    }
    if (best <= reach && slanted(dx, dy)) out.add(c);
  }
  const near = (a: Component, b: Component) => Math.max(a.x1 - b.x2, b.x1 - a.x2, a.y1 - b.y2, b.y1 - a.y2) < PIECE_GAP * scale;
  const onSlant = (a: Component, b: Component) => {
    const [x, y] = centre(a);
    const [u, v] = centre(b);
    return Math.hypot(u - x, v - y) <= reach && slanted(u - x, v - y);
  };
  // The line is followed from the letters found, STEPS times, each step from the last one's finds.
  let letters = [...out];
  for (let step = 0; step < STEPS && letters.length; step++) {
    const found = letters;
    letters = pale.filter((c) => !out.has(c) && found.some((l) => near(c, l) || onSlant(c, l)));
    for (const c of letters) out.add(c);
  }
  return out;
}

const glyph = (x: number, y: number, w = 8, h = 10): Component => ({ x1: x, y1: y, x2: x + w, y2: y + h, count: w * h });

describe('watermark letters', () => {
  it('takes letters set on a slant and leaves pale print set along a row', () => {
    const slanted = Array.from({ length: 12 }, (_, i) => glyph(100 + 30 * i, 600 - 25 * i));
    const row = Array.from({ length: 8 }, (_, i) => glyph(100 + 30 * i, 900));
    const found = watermarkLetters([...row, ...slanted], 1);
    expect(slanted.every((c) => found.has(c))).toBe(true);
    expect(row.some((c) => found.has(c))).toBe(false);
  });

  it('takes a piece cut off a letter beside it, though its nearest neighbour is not on the slant', () => {
    // Tall letters, so that a piece right under one is farther from it than the next letter is.
    const slanted = Array.from({ length: 5 }, (_, i) => glyph(100 + 12 * i, 600 - 10 * i, 8, 30));
    // 2 px under the first letter: straight down from it (its nearest), so only "near" takes it.
    const piece = glyph(100, 632, 8, 3);
    const far = glyph(100, 660, 8, 3);
    const found = watermarkLetters([...slanted, piece, far], 1);
    expect(found.has(piece)).toBe(true);
    expect(found.has(far)).toBe(false);
  });

  it('follows the slant from the letters through letters a rule cut into pieces side by side', () => {
    // Whole letters up the slant, then letters cut in two (each piece's nearest is its partner,
    // straight beside it): each cut letter lies on the slant within reach of the one before.
    const whole = Array.from({ length: 3 }, (_, i) => glyph(100 + 20 * i, 600 - 16 * i));
    const cut = Array.from({ length: 3 }, (_, i) => [glyph(160 + 28 * i, 550 - 22 * i, 4, 10), glyph(166 + 28 * i, 550 - 22 * i, 4, 10)]);
    const found = watermarkLetters([...whole, ...cut.flat()], 1);
    expect(cut.flat().every((c) => found.has(c))).toBe(true);
  });

  it('of two equally near neighbours, judges by the first listed', () => {
    // c's neighbours A (30 px to the right: flat) and B (18, 24 up-right: 30 px on a 53° slant) are
    // equally near; D sits beside B so that neither A nor B is a letter of its own. B lies a grid
    // row above c, so a lookup by cells meets it before A.
    const c = glyph(400, 405);
    const a = glyph(430, 405);
    const b = glyph(418, 381);
    const d = glyph(428, 381);
    expect(watermarkLetters([c, a, b, d], 1).has(c)).toBe(false);
    expect(watermarkLetters([c, b, a, d], 1).has(c)).toBe(true);
  });

  it('takes exactly what comparing every pair takes, on crowded random pages at several scales', () => {
    // [seed, scale, page side]: sparse pages, and dense ones where every reach holds dozens.
    for (const [seed, scale, side] of [
      [1, 1, 1700],
      [2, 200 / 72, 1700],
      [3, 0.5, 1700],
      [4, 3, 1700],
      [5, 200 / 72, 400],
      [6, 1, 250],
    ] as const) {
      const next = seededRandom(seed);
      const pale: Component[] = [];
      for (let i = 0; i < 700; i++) {
        // Whole-pixel boxes, as components are; many share a centre (ties) or sit a reach apart.
        const x = Math.floor(next() * side);
        const y = Math.floor(next() * side * 1.3);
        pale.push(glyph(x, y, 1 + Math.floor(next() * 30), 1 + Math.floor(next() * 30)));
        if (next() < 0.2) pale.push(glyph(x + Math.round(SPACING * scale * 0.7), y - Math.round(SPACING * scale * 0.7), 6, 6));
        if (next() < 0.1) pale.push(glyph(x, y, 2, 2));
      }
      const want = pairwise(pale, scale);
      const got = watermarkLetters(pale, scale);
      expect(want.size).toBeGreaterThan(20);
      expect(pale.filter((c) => got.has(c))).toEqual(pale.filter((c) => want.has(c)));
      expect(got.size).toBe(want.size);
    }
  });
});
