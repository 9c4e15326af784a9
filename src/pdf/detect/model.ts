// The page model: what every candidate stage reads. Vector pages (page-model.ts) and scanned
// pages (raster-model.ts) both produce it, so the candidate, label and type logic is shared.
// Everything is PDF user space of the unrotated page (points, y up).
import type { Rect } from '../types.ts';

/** An axis-aligned ruling: a stroked line, a thin filled bar, a box edge, or an underscore run. */
export interface Segment {
  orient: 'h' | 'v';
  /** Position across the segment (y for 'h', x for 'v'). */
  pos: number;
  /** Extent along the segment: x1 < x2 for 'h', y1 < y2 (as lo, hi) for 'v'. */
  lo: number;
  hi: number;
  /** Drawn thickness in points (0.5 for an edge between two colours). */
  thickness: number;
  /** Where it came from: a drawn line, a fill's outline, typed underscores, or a scan. */
  source: 'stroke' | 'fill' | 'edge' | 'underscore' | 'dots' | 'raster' | 'virtual';
  /** Dashed or dotted stroke. */
  dashed?: boolean;
  /** Font size of typed underscores (their glyph hangs below the baseline by a share of it). */
  size?: number;
  /** Ink luminance 0 (black) .. 1 (white); absent when unknown (dark). */
  lum?: number;
}

/** A word of printed text (from the content stream, or a blob of ink waiting for OCR). */
export interface Word {
  text: string;
  rect: Rect;
  /** Font size (points) of horizontal text; for a scan, the blob height. */
  size: number;
  /** Text not written left-to-right along x (rotated labels): ink only, never a label. */
  rotated?: boolean;
}

/** Words on one baseline that belong together (a phrase; wide gaps split phrases). */
export interface TextLine {
  words: Word[];
  rect: Rect;
  text: string;
  size: number;
}

/** A filled area larger than a rule: background tint, a white field box on a tinted form, a dark header bar. */
export interface Fill {
  rect: Rect;
  /** Luminance 0 (black) .. 1 (white). */
  lum: number;
}

/** A small closed curve (radio button) or a drawn square mark found as a whole. */
export interface Mark {
  kind: 'circle' | 'square';
  rect: Rect;
}

/** Coarse picture of a scan's shading (block means, paper = 1), to tell grey cells from white ones. */
export interface ShadeMap {
  /** Model x of the left edge and model y of the top edge of block (0, 0). */
  x0: number;
  yTop: number;
  /** Block size in points. */
  block: number;
  width: number;
  height: number;
  /** Luminance relative to the paper, 0..1, row-major from the top. */
  lum: Float32Array;
}

export interface PageModel {
  index: number;
  /** Visible box [x1, y1, x2, y2] in user space (crop box). */
  view: [number, number, number, number];
  /** The quarter turn that maps user space to this model's upright frame (see displayMatrix). */
  rotate: number;
  segments: Segment[];
  fills: Fill[];
  words: Word[];
  lines: TextLine[];
  marks: Mark[];
  /** Ink that is not text nor ruling (logos, pictures, barcodes, dark blobs of a scan). */
  blobs: Rect[];
  /** Scanned page: words have no text until OCR'd. */
  scanned: boolean;
  shade?: ShadeMap;
}
