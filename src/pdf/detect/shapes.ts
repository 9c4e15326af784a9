// Hollow squares and rings in pixels: checkboxes and radio buttons, whether they come from a
// scan or from a small picture placed on a vector page.
import type { Mark } from './model.ts';

/** Ink share of a pixel box of a 0/1 mask with row stride `w`. */
export function density(bin: Uint8Array, w: number, x1: number, y1: number, x2: number, y2: number): number {
  let n = 0;
  let t = 0;
  for (let y = y1; y < y2; y++) for (let x = x1; x < x2; x++, t++) n += bin[y * w + x];
  return t ? n / t : 0;
}

/**
 * Is the ink in box [x1,y1,x2,y2) (holding `count` ink pixels) a hollow outline, and which?
 * Hollow: the inner half is (almost) empty and the outline is continuous. A square has ink in its
 * four corners, a circle in none.
 */
export function hollowShape(bin: Uint8Array, w: number, x1: number, y1: number, x2: number, y2: number, count: number): Mark['kind'] | null {
  const cw = x2 - x1;
  const ch = y2 - y1;
  if (cw < 4 || ch < 4) return null;
  const ratio = cw / ch;
  if (ratio < 0.75 || ratio > 1.33) return null;
  const ix = Math.round(cw * 0.25);
  const iy = Math.round(ch * 0.25);
  if (density(bin, w, x1 + ix, y1 + iy, x2 - ix, y2 - iy) > 0.08) return null;
  if (count / (2 * (cw + ch)) < 0.6) return null; // broken outline: a glyph or a fragment
  const k = Math.max(1, Math.round(Math.min(cw, ch) * 0.12));
  const corners = [density(bin, w, x1, y1, x1 + k, y1 + k), density(bin, w, x2 - k, y1, x2, y1 + k), density(bin, w, x1, y2 - k, x1 + k, y2), density(bin, w, x2 - k, y2 - k, x2, y2)];
  const filled = corners.filter((d) => d > 0.2).length;
  if (filled >= 3) return 'square';
  if (filled === 0) return 'circle';
  return null;
}

/** Decoded pdfjs image (kind 1: 1 bit grey, 2: RGB, 3: RGBA). */
export interface SmallImage {
  width: number;
  height: number;
  kind: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** A small picture of a checkbox or radio button (forms paint them as images too)? */
export function imageMark(img: SmallImage): Mark['kind'] | null {
  const { width: w, height: h, kind, data } = img;
  if (w < 5 || h < 5 || w > 256 || h > 256) return null;
  const bin = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) {
    let lum = 255;
    if (kind === 3) {
      const a = data[i * 4 + 3] / 255;
      lum = 255 - a * (255 - (0.299 * data[i * 4] + 0.587 * data[i * 4 + 1] + 0.114 * data[i * 4 + 2]));
    } else if (kind === 2) lum = 0.299 * data[i * 3] + 0.587 * data[i * 3 + 1] + 0.114 * data[i * 3 + 2];
    else if (kind === 1) lum = (data[(i / w | 0) * Math.ceil(w / 8) + ((i % w) >> 3)] >> (7 - (i % 8))) & 1 ? 255 : 0;
    bin[i] = lum < 140 ? 1 : 0;
  }
  let x1 = w;
  let y1 = h;
  let x2 = 0;
  let y2 = 0;
  let count = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!bin[y * w + x]) continue;
      count++;
      if (x < x1) x1 = x;
      if (y < y1) y1 = y;
      if (x + 1 > x2) x2 = x + 1;
      if (y + 1 > y2) y2 = y + 1;
    }
  }
  if (!count || x2 - x1 < 0.5 * w || y2 - y1 < 0.5 * h) return null;
  return hollowShape(bin, w, x1, y1, x2, y2, count);
}

/** A component's pixel box and ink count (as raster-model's components give them). */
export interface InkBox {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  count: number;
}

/**
 * Squares whose thin top and bottom edges a scan broke: what is left is a pair of facing brackets
 * "[ ]" of one height, the inside blank. Both the drawn square and the typed "[ ]" of plain-text
 * forms come out this way, and the vector path takes both for checkboxes. Each bracket is a
 * stroke with short arms (not a solid bar, which "ll" or "||" would be); together they make a
 * hollow square, corners inked. Sizes in pixels: `minSide` to `maxSide`.
 */
export function bracketSquares(bin: Uint8Array, w: number, parts: readonly InkBox[], minSide: number, maxSide: number): InkBox[] {
  const tall = parts.filter((c) => {
    const cw = c.x2 - c.x1;
    const ch = c.y2 - c.y1;
    return ch >= minSide && ch <= maxSide && cw >= 3 && cw <= 0.45 * ch;
  });
  const opening = tall.filter((c) => bracketShape(bin, w, c, 'left')).sort((a, b) => a.x1 - b.x1);
  const closing = tall.filter((c) => bracketShape(bin, w, c, 'right'));
  const out: InkBox[] = [];
  const used = new Set<InkBox>();
  for (const a of opening) {
    const h = a.y2 - a.y1;
    for (const b of closing) {
      if (used.has(b) || b.x1 <= a.x2 || b.x2 - a.x1 > 1.33 * h) continue;
      if (Math.abs(b.y1 - a.y1) > 0.15 * h || Math.abs(b.y2 - a.y2) > 0.15 * h) continue;
      const box = { x1: a.x1, y1: Math.min(a.y1, b.y1), x2: b.x2, y2: Math.max(a.y2, b.y2), count: a.count + b.count };
      if (hollowShape(bin, w, box.x1, box.y1, box.x2, box.y2, box.count) !== 'square') continue;
      used.add(a);
      used.add(b);
      out.push(box);
      break;
    }
  }
  return out;
}

/**
 * Is the ink a bracket: a stroke down its `stem` side on (nearly) every row, and arms reaching to
 * the other side at its top and its bottom only ("[" has its stem left, "]" right)? Letters fail:
 * "f" and "1" have no bottom arm, "l" no arms, "t" an arm in the middle.
 */
function bracketShape(bin: Uint8Array, w: number, c: InkBox, stem: 'left' | 'right'): boolean {
  const cw = c.x2 - c.x1;
  const ch = c.y2 - c.y1;
  const band = Math.max(1, Math.round(0.4 * cw));
  const [sx1, sx2] = stem === 'left' ? [c.x1, c.x1 + band] : [c.x2 - band, c.x2];
  // The arms' ends: the third of the width farthest from the stem (the stem may be thick).
  const arm = Math.max(1, Math.floor(cw / 3));
  const [ax1, ax2] = stem === 'left' ? [c.x2 - arm, c.x2] : [c.x1, c.x1 + arm];
  let stemRows = 0;
  for (let y = c.y1; y < c.y2; y++) {
    let ink = 0;
    for (let x = sx1; x < sx2; x++) ink += bin[y * w + x];
    if (ink) stemRows++;
  }
  if (stemRows < 0.85 * ch) return false;
  const q = Math.max(1, Math.round(0.25 * ch));
  const topArm = density(bin, w, ax1, c.y1, ax2, c.y1 + q) > 0.1;
  const bottomArm = density(bin, w, ax1, c.y2 - q, ax2, c.y2) > 0.1;
  const middle = density(bin, w, ax1, c.y1 + q, ax2, c.y2 - q);
  return topArm && bottomArm && middle < 0.1;
}
