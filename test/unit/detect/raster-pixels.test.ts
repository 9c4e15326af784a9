// The page-image passes of scanned and outlined pages: percentile() is the smallest grey level at
// or below which `q` of the values lie, whatever the length (it counts four pixels at a time) or
// type; binarize() marks ink; shadeMap() averages blocks, the ones cut by the edges too.
import { describe, expect, it } from 'vitest';
import { binarize, percentile, shadeMap } from '../../../src/pdf/detect/raster.ts';

/** The same answer by sorting. */
function sorted(values: ArrayLike<number>, q: number): number {
  const v = Array.from(values, (x) => Math.max(0, Math.min(255, Math.round(x)))).sort((a, b) => a - b);
  const k = Math.max(0, Math.ceil(q * v.length) - 1);
  return v[k];
}

describe('percentile', () => {
  it('matches a sort for every length, including ones that are not a multiple of four', () => {
    for (const n of [1, 2, 3, 4, 5, 7, 8, 101, 1000, 4099]) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 7919 + (i >> 3)) % 256);
      for (const q of [0.1, 0.5, 0.85, 0.9, 1]) expect(percentile(bytes, q), `n=${n} q=${q}`).toBe(sorted(bytes, q));
    }
  });

  it('counts the last pixels of a length that is not a multiple of four', () => {
    // Three black pixels after 4k white ones: 3 of 4003 values are 0.
    const bytes = new Uint8Array(4003).fill(255);
    bytes.fill(0, 4000);
    expect(percentile(bytes, 3 / 4003)).toBe(0);
    expect(percentile(bytes, 4 / 4003)).toBe(255);
  });

  it('rounds and clamps values that are not bytes', () => {
    const values = Float32Array.from([-5, 0.4, 10.6, 300, 128.5, 20]);
    for (const q of [0.2, 0.5, 0.7, 1]) expect(percentile(values, q)).toBe(sorted(values, q));
  });
});

describe('binarize', () => {
  it('marks ink on paper, from its own paper and ink levels', () => {
    const w = 64;
    const h = 64;
    const data = new Uint8Array(w * h).fill(235);
    for (let x = 8; x < 56; x++) for (let y = 30; y < 33; y++) data[y * w + x] = 20; // a rule
    const bin = binarize({ width: w, height: h, data });
    expect(bin[31 * w + 32]).toBe(1);
    expect(bin[10 * w + 32]).toBe(0);
    expect(bin.reduce((a, b) => a + b, 0)).toBe(48 * 3);
  });
});

describe('shadeMap', () => {
  it('averages each block, blocks cut by the right and bottom edges over their own pixels', () => {
    // 8 × 5 pixels in blocks of 3: columns 0-2, 3-5, 6-7; rows 0-2, 3-4. Grey = 10·x + y.
    const w = 8;
    const h = 5;
    const data = Uint8Array.from({ length: w * h }, (_, i) => 10 * (i % w) + Math.floor(i / w));
    const shade = shadeMap({ width: w, height: h, data }, 3);
    expect([shade.width, shade.height]).toEqual([3, 2]);
    // Block means: x 1, 4 and 6.5 (×10), y 1 and 3.5; halves round up.
    expect(Array.from(shade.data)).toEqual([11, 41, 66, 14, 44, 69]);
  });
});
