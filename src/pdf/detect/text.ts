// Text items (pdfjs getTextContent) → words, plus the blanks typed as characters: runs of
// underscores ("Name ________") and dot leaders become segments, because on paper they are lines.
import type { Rect } from '../types.ts';
import type { Matrix } from './geometry.ts';
import { apply, multiply, rectFromEdges } from './geometry.ts';
import type { Segment, Word } from './model.ts';

/** The part of a pdfjs TextItem we use. */
export interface RawTextItem {
  str: string;
  /** Text space → user space (font size included), as pdfjs gives it. */
  transform: number[];
  /** Advance along the baseline, user-space units. */
  width: number;
  fontName?: string;
}

export interface FontStyle {
  ascent?: number;
  descent?: number;
}

// Helvetica advance widths (1/1000 em) for ASCII 32..126: real widths are unknown here (pdfjs
// gives only the item's total advance), so a character's position inside an item is estimated
// in proportion to these. Good to a point or two, which is all label/underscore placement needs.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556,
  556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

export function charWidth(ch: string): number {
  const c = ch.codePointAt(0) ?? 32;
  if (c >= 32 && c <= 126) return HELVETICA[c - 32];
  if (c >= 0x2500 && c <= 0x27bf) return 800; // box drawing, shapes, dingbats
  return 556;
}

/** Checkbox-like glyphs: ballot boxes, white squares, dingbat squares. */
export const BOX_GLYPHS = /^[\u2610\u2611\u2612\u25a1\u25a2\u25fb\u25fd\u274f\u2750\u2751\u2752\u2b1c\u25ab\uf06f\uf070\uf071\uf072\uf078\uf0a8\uf0fd\uf0fe]$/u;
// (U+F0xx: Wingdings code points as pdfjs reports them for symbol fonts without a Unicode map:
// o p q r are squares, x is a boxed x, A8 is the square Word uses for checkboxes, FD/FE boxed marks.)
/** Radio-like glyphs: white circles. */
export const CIRCLE_GLYPHS = /^[\u25cb\u25ef\u274d\u26aa\u25cc\u25ce\uf0a1]$/u;

function fontBox(style: FontStyle | undefined): [number, number] {
  // Clamp font-reported ascent/descent: some fonts report 0 or absurd values.
  let asc = style?.ascent ?? 0.8;
  let desc = style?.descent ?? -0.2;
  if (!(asc >= 0.6 && asc <= 1.05)) asc = 0.8;
  if (!(desc <= -0.05 && desc >= -0.4)) desc = -0.2;
  // Labels' visible ink is about cap height; the em box overstates it: shave the top a little.
  return [Math.min(asc, 0.85), desc];
}

interface Piece {
  kind: 'word' | 'underscore' | 'dots';
  text: string;
  start: number;
  end: number;
}

/** Split a string into words, underscore runs and dot-leader runs (character index ranges). */
export function splitPieces(str: string): Piece[] {
  const out: Piece[] = [];
  const re = /_{3,}|(?:\.\s?){6,}|…{2,}|[^\s_]+|_{1,2}/gu;
  for (let m = re.exec(str); m; m = re.exec(str)) {
    const t = m[0];
    let kind: Piece['kind'] = 'word';
    if (/^_{3,}$/.test(t)) kind = 'underscore';
    else if (/^(?:\.\s?){6,}$|^…+$/.test(t)) kind = 'dots';
    const end = m.index + t.length;
    out.push({ kind, text: t.trimEnd(), start: m.index, end: kind === 'dots' ? m.index + t.trimEnd().length : end });
  }
  return out;
}

export interface TextExtraction {
  words: Word[];
  segments: Segment[];
}

/**
 * Words and typed blanks of the page, in the model's coordinates (`toModel` maps user space to
 * the upright display space of a rotated page; identity for unrotated pages).
 */
export function wordsFromItems(items: readonly RawTextItem[], styles: Record<string, FontStyle>, toModel: Matrix): TextExtraction {
  const words: Word[] = [];
  const segments: Segment[] = [];
  for (const it of items) {
    if (!it.str || !it.str.trim() || !Array.isArray(it.transform) || it.transform.length < 6) continue;
    const m = multiply(it.transform as Matrix, toModel);
    // Baseline direction and size in model space.
    const ux = m[0];
    const uy = m[1];
    const size = Math.hypot(m[2], m[3]);
    const scaleX = Math.hypot(ux, uy);
    if (!(size > 0.5) || !(scaleX > 0)) continue;
    const [asc, desc] = fontBox(styles[it.fontName ?? '']);
    // Advance in model units: pdfjs width is in user space along the baseline; rotation keeps length.
    const advance = Math.abs(it.width);
    const horizontal = Math.abs(uy) < 0.01 * scaleX && ux > 0 && m[3] > 0 && Math.abs(m[2]) < 0.01 * size;
    // An item of nothing but underscores is a piece of a typed blank, however short: writers split
    // a run into items of one or two ("_", "__"), which the rules below would take for words.
    const pieces = /^_+$/.test(it.str.trim()) ? [{ kind: 'underscore' as const, text: it.str.trim(), start: it.str.indexOf('_'), end: it.str.lastIndexOf('_') + 1 }] : splitPieces(it.str);
    const widths = [...it.str].map(charWidth);
    const total = widths.reduce((a, b) => a + b, 0) || 1;
    const prefix: number[] = [0];
    for (const w of widths) prefix.push(prefix[prefix.length - 1] + w);
    // Map a char index to an offset along the baseline (model units).
    const at = (i: number) => (prefix[Math.min(i, widths.length)] / total) * advance;
    const [ox, oy] = [m[4], m[5]];
    if (!horizontal) {
      // Rotated or mirrored text: keep its ink box so boxes holding it are not taken as empty.
      const dir = [ux / scaleX, uy / scaleX];
      const nrm = [m[2] / size, m[3] / size];
      const corners = [
        [0, desc * size],
        [advance, desc * size],
        [0, asc * size],
        [advance, asc * size],
      ].map(([s, t]) => [ox + dir[0] * s + nrm[0] * t, oy + dir[1] * s + nrm[1] * t]);
      const xs = corners.map((c) => c[0]);
      const ys = corners.map((c) => c[1]);
      words.push({ text: it.str.trim(), rect: rectFromEdges(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)), size, rotated: true });
      continue;
    }
    for (const p of pieces) {
      const x1 = ox + at(p.start);
      const x2 = ox + at(p.end);
      if (x2 - x1 <= 0.1) continue;
      if (p.kind === 'underscore') {
        // The underscore glyph sits just below the baseline.
        segments.push({ orient: 'h', pos: oy - 0.1 * size, lo: x1, hi: x2, thickness: 0.05 * size + 0.3, source: 'underscore', size });
      } else if (p.kind === 'dots') {
        segments.push({ orient: 'h', pos: oy, lo: x1, hi: x2, thickness: 0.1 * size, source: 'dots', dashed: true });
      } else {
        words.push({ text: p.text, rect: rectFromEdges(x1, oy + desc * size, x2, oy + asc * size), size });
      }
    }
  }
  return { words, segments };
}

/** Upright-display transform of a page: identity for /Rotate 0, else a rotation onto [0,w]×[0,h]. */
export function displayMatrix(view: readonly number[], rotate: number): Matrix {
  const [x0, y0, x1, y1] = view;
  switch (((rotate % 360) + 360) % 360) {
    case 90:
      return [0, -1, 1, 0, -y0, x1];
    case 180:
      return [-1, 0, 0, -1, x1, y1];
    case 270:
      return [0, 1, -1, 0, y1, -x0];
    default:
      return [1, 0, 0, 1, 0, 0];
  }
}

export function invert(m: Matrix): Matrix {
  const det = m[0] * m[3] - m[1] * m[2];
  const a = m[3] / det;
  const b = -m[1] / det;
  const c = -m[2] / det;
  const d = m[0] / det;
  return [a, b, c, d, -(m[4] * a + m[5] * c), -(m[4] * b + m[5] * d)];
}

/** Axis-aligned rect through an axis-preserving matrix (rotations by multiples of 90°). */
export function mapRect(m: Matrix, r: Rect): Rect {
  const [ax, ay] = apply(m, r.x, r.y);
  const [bx, by] = apply(m, r.x + r.width, r.y + r.height);
  return rectFromEdges(ax, ay, bx, by);
}
