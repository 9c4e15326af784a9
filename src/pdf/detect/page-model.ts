// Stage 1 (vector pages): pdfjs text items + operator list → PageModel.
// The operator list is interpreted just enough to know where ink lands: the current transform,
// line width, colours and paths. Strokes and thin fills become segments; larger fills become
// Fill regions whose outlines count as box edges when they contrast with what lies beneath
// (a white field on a tinted form); small closed curves become circle marks (radio buttons).
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Rect } from '../types.ts';
import { bracketPairs, bracketSquare } from './brackets.ts';
import { bulletSquare, optionBullets } from './bullets.ts';
import type { Matrix } from './geometry.ts';
import { apply, area, contains, multiply, rectFromEdges, transformRect } from './geometry.ts';
import type { Fill, Mark, PageModel, Segment, Word } from './model.ts';
import { OPS } from './ops.ts';
import { readOperators } from './page-operators.ts';
import { mergeSegments } from './segments.ts';
import type { FontStyle, RawTextItem } from './text.ts';
import { BOX_GLYPHS, CIRCLE_GLYPHS, displayMatrix, wordsFromItems } from './text.ts';
import { groupLines } from './text-lines.ts';
import type { SmallImage } from './shapes.ts';
import { imageMark } from './shapes.ts';

/** What pdfjs gives for one page, fetched once (I/O), so the model build below stays pure. */
export interface RawPage {
  index: number;
  view: [number, number, number, number];
  rotate: number;
  items: RawTextItem[];
  styles: Record<string, FontStyle>;
  fnArray: number[];
  argsArray: unknown[][];
  /** Decoded pixels of small images (by object id): checkboxes and radios are sometimes pictures. */
  smallImages: Map<string, SmallImage>;
  /** Real font names by pdfjs font id (symbol fonts change what a character means). */
  fontNames?: Record<string, string>;
  /** Whether the page uses blend modes, for rendering it from fnArray/argsArray (null: unknown). */
  transparency?: boolean | null;
  /** What went wrong reading the page without failing it (small images that never came). */
  warnings?: string[];
}

/**
 * Longest wait for a page's small images. Only a guard against a hang: pdf.js sends every image it
 * lists (see readSmallImages), so under normal operation the wait ends when the last one is here.
 */
export const SMALL_IMAGE_WAIT_CAP_MS = 10_000;

export interface ReadRawPageOptions {
  /** The hang guard of the small-image wait (tests shorten it). */
  imageWaitCapMs?: number;
}

export async function readRawPage(page: PDFPageProxy, index: number, options: ReadRawPageOptions = {}): Promise<RawPage> {
  const text = await page.getTextContent();
  // Annotations are left out: links and comments are not part of the printed form.
  const ops = await readOperators(page);
  const items: RawTextItem[] = [];
  for (const it of text.items) {
    if ('str' in it) items.push({ str: it.str, transform: it.transform, width: it.width, fontName: it.fontName });
  }
  const view = page.view.map(Number) as [number, number, number, number];
  const common = page.commonObjs as unknown as ObjStore & { has(id: string): boolean; get(id: string): { name?: string } | null };
  const { images: smallImages, warnings } = await readSmallImages(page, ops.fnArray, ops.argsArray, options.imageWaitCapMs ?? SMALL_IMAGE_WAIT_CAP_MS);
  const fontNames: Record<string, string> = {};
  for (const it of items) {
    const id = it.fontName;
    if (!id || id in fontNames) continue;
    try {
      fontNames[id] = (common.has(id) && common.get(id)?.name) || '';
    } catch {
      fontNames[id] = '';
    }
  }
  return { index, view, rotate: page.rotate, items, styles: text.styles as Record<string, FontStyle>, fnArray: ops.fnArray, argsArray: ops.argsArray, smallImages, fontNames, transparency: ops.transparency, warnings };
}

type ObjStore = { get(id: string, cb: (v: unknown) => void): void };

/**
 * The decoded pixels of the small images the page paints (checkbox and radio pictures).
 *
 * pdf.js lists an image in the operator list at once and decodes it afterwards, off the list's
 * path: its pixels reach page.objs (or commonObjs) some time after the list, later the busier the
 * process is (0.1 s on a loaded machine, and more). It sends exactly one message for every image
 * it lists: the pixels, or null when the image cannot be decoded ("Unable to decode image"). So
 * the wait is for every listed image, and ends when the last one is here: an undecodable image
 * answers at once with null, and a bigger image is not waited for. A fixed short timeout here
 * made the result depend on the machine's load (late pictures were dropped, their checkboxes
 * lost). The images that never come are those of a page cleaned up or destroyed meanwhile (pdf.js
 * then drops them); the cap only guards against such a hang and says so in a warning.
 */
async function readSmallImages(page: PDFPageProxy, fnArray: number[], argsArray: unknown[][], capMs: number): Promise<{ images: Map<string, SmallImage>; warnings: string[] }> {
  const images = new Map<string, SmallImage>();
  const objs = page.objs as unknown as ObjStore;
  // pdf.js puts images shared across pages ("g_" ids) in commonObjs: waiting on page.objs for
  // them never resolves.
  const common = page.commonObjs as unknown as ObjStore;
  const storeOf = (id: string): ObjStore => (id.startsWith('g_') ? common : objs);
  const wanted = new Set<string>();
  fnArray.forEach((fn, k) => {
    if (fn !== OPS.paintImageXObject) return;
    const [id, w, h] = argsArray[k] as [string, number, number];
    if (typeof id === 'string' && w <= 256 && h <= 256) wanted.add(id);
  });
  if (!wanted.size) return { images, warnings: [] };
  const pending = new Set(wanted);
  const arrived = Promise.all(
    [...wanted].map(
      (id) =>
        new Promise<void>((resolve) => {
          try {
            storeOf(id).get(id, (v) => {
              const img = v as SmallImage | null;
              if (img && img.data && img.width && img.height) images.set(id, img);
              pending.delete(id);
              resolve();
            });
          } catch {
            pending.delete(id); // not a store pdf.js delivers to: nothing will come
            resolve();
          }
        }),
    ),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const capped = new Promise<'cap'>((resolve) => (timer = setTimeout(() => resolve('cap'), capMs)));
  const outcome = await Promise.race([arrived, capped]);
  clearTimeout(timer);
  if (outcome !== 'cap') return { images, warnings: [] };
  const message = `${pending.size} of ${wanted.size} small images not delivered by pdf.js within ${capMs} ms (${[...pending].slice(0, 3).join(', ')}); checkboxes pictured by them are left out`;
  console.warn(`detect: page ${page.pageNumber}: ${message}`);
  // A copy: images still arriving after the cap must not change a result already returned.
  return { images: new Map(images), warnings: [message] };
}

interface GState {
  ctm: Matrix;
  lineWidth: number;
  fillLum: number;
  strokeLum: number;
  fillAlpha: number;
  strokeAlpha: number;
  dashed: boolean;
}

/** Luminance 0..1 of "#rrggbb". */
export function hexLum(hex: unknown): number {
  if (typeof hex !== 'string' || !/^#[0-9a-f]{6}$/i.test(hex)) return 0;
  const v = parseInt(hex.slice(1), 16);
  return (0.299 * ((v >> 16) & 255) + 0.587 * ((v >> 8) & 255) + 0.114 * (v & 255)) / 255;
}

interface SubPath {
  pts: [number, number][];
  curves: number;
  closed: boolean;
  /** Bounds of pts, kept as points are added: pages of outlined text have tens of thousands. */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

function subPath(): SubPath {
  return { pts: [], curves: 0, closed: false, x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity };
}

function addPoint(s: SubPath, p: [number, number]): void {
  s.pts.push(p);
  const [x, y] = p;
  if (x < s.x1) s.x1 = x;
  if (x > s.x2) s.x2 = x;
  if (y < s.y1) s.y1 = y;
  if (y > s.y2) s.y2 = y;
}

/** The bounds of a subpath's points (what bounds(s.pts) gives). */
const boxOf = (s: SubPath): Rect => rectFromEdges(s.x1, s.y1, s.x2, s.y2);

/** The bounds of all the subpaths' points together. */
function boxOfAll(subs: readonly SubPath[]): Rect {
  let [x1, y1, x2, y2] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const s of subs) {
    if (s.x1 < x1) x1 = s.x1;
    if (s.x2 > x2) x2 = s.x2;
    if (s.y1 < y1) y1 = s.y1;
    if (s.y2 > y2) y2 = s.y2;
  }
  return rectFromEdges(x1, y1, x2, y2);
}

/** DrawOPS-encoded path (pdfjs ≥ 4: moveTo 0, lineTo 1, curveTo 2, quadraticCurveTo 3, closePath 4). */
function parsePath(data: ArrayLike<number>, ctm: Matrix): SubPath[] {
  const subs: SubPath[] = [];
  let cur: SubPath | null = null;
  const pt = (x: number, y: number) => apply(ctm, x, y);
  for (let i = 0; i < data.length; ) {
    const op = data[i++];
    if (op === 0) {
      cur = subPath();
      addPoint(cur, pt(data[i], data[i + 1]));
      subs.push(cur);
      i += 2;
    } else if (op === 1) {
      if (!cur) subs.push((cur = subPath()));
      addPoint(cur, pt(data[i], data[i + 1]));
      i += 2;
    } else if (op === 2) {
      if (!cur) subs.push((cur = subPath()));
      // Keep control points: the curve stays inside their hull, enough for a bounding box.
      addPoint(cur, pt(data[i], data[i + 1]));
      addPoint(cur, pt(data[i + 2], data[i + 3]));
      addPoint(cur, pt(data[i + 4], data[i + 5]));
      cur.curves++;
      i += 6;
    } else if (op === 3) {
      if (!cur) subs.push((cur = subPath()));
      addPoint(cur, pt(data[i], data[i + 1]));
      addPoint(cur, pt(data[i + 2], data[i + 3]));
      cur.curves++;
      i += 4;
    } else if (op === 4) {
      if (cur) {
        cur.closed = true;
        if (cur.pts.length) {
          const start = cur.pts[0];
          cur = subPath();
          addPoint(cur, start);
        }
        subs.push(cur);
      }
    } else {
      break; // unknown opcode: stop rather than misread the rest
    }
  }
  return subs.filter((s) => s.pts.length > 1);
}

function bounds(pts: [number, number][]): Rect {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const [x, y] of pts) {
    if (x < x1) x1 = x;
    if (x > x2) x2 = x;
    if (y < y1) y1 = y;
    if (y > y2) y2 = y;
  }
  return rectFromEdges(x1, y1, x2, y2);
}

/** An axis-aligned rectangle path (4 corners, optionally repeating the first). */
function asRect(s: SubPath): Rect | null {
  if (s.curves) return null;
  let pts = s.pts;
  if (pts.length === 5 && Math.abs(pts[0][0] - pts[4][0]) < 0.01 && Math.abs(pts[0][1] - pts[4][1]) < 0.01) pts = pts.slice(0, 4);
  if (pts.length !== 4) return null;
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = pts[i];
    const [bx, by] = pts[(i + 1) % 4];
    if (Math.abs(ax - bx) > 0.05 && Math.abs(ay - by) > 0.05) return null;
  }
  return bounds(pts);
}

/** Area enclosed by a polygon (shoelace); a frame traced as one outline encloses little. */
function polygonArea(pts: [number, number][]): number {
  let sum = 0;
  for (let i = 0; i < pts.length; i++) {
    const [ax, ay] = pts[i];
    const [bx, by] = pts[(i + 1) % pts.length];
    sum += ax * by - bx * ay;
  }
  return Math.abs(sum) / 2;
}

/** Every edge runs along x or y (a frame or an L-shaped panel, not a glyph or logo). */
function isOrthogonal(s: SubPath): boolean {
  const pts = s.pts;
  for (let i = 0; i < pts.length; i++) {
    const [ax, ay] = pts[i];
    const [bx, by] = pts[(i + 1) % pts.length];
    if (Math.abs(ax - bx) > 0.05 && Math.abs(ay - by) > 0.05) return false;
  }
  return pts.length >= 4;
}

/** Several small curved shapes in one fill, about a text line high: outlined glyphs. */
function looksLikeGlyphs(subs: SubPath[], all: Rect): boolean {
  if (subs.length < 3 || all.height > 30) return false;
  let curved = 0;
  for (const s of subs) {
    const b = boxOf(s);
    if (b.width > 20 || b.height > 20) return false;
    if (s.curves) curved++;
  }
  return curved >= 2;
}

/** Pairs (outer, inner) of subpaths where the inner nearly fills the outer: a ring or frame. */
function nestedPairs(subs: SubPath[]): [SubPath, SubPath][] {
  const out: [SubPath, SubPath][] = [];
  if (subs.length < 2) return out;
  const bs = subs.map(boxOf);
  const used = new Set<number>();
  for (let i = 0; i < subs.length; i++) {
    if (used.has(i)) continue;
    for (let j = 0; j < subs.length; j++) {
      if (i === j || used.has(j)) continue;
      const o = bs[i];
      const n = bs[j];
      if (!contains(o, n, 0.01) || area(n) >= area(o)) continue;
      const gap = Math.max(n.x - o.x, o.x + o.width - n.x - n.width, n.y - o.y, o.y + o.height - n.y - n.height);
      if (gap <= 6 && area(n) > 0.3 * area(o)) {
        out.push([subs[i], subs[j]]);
        used.add(i).add(j);
        break;
      }
    }
  }
  return out;
}

function ringSides(o: Rect, n: Rect): Segment[] {
  const out: Segment[] = [];
  const add = (r: Rect) => {
    if (r.width <= 0 || r.height <= 0) return;
    const bar = barSegment(r, 'fill');
    if (bar) out.push(bar);
  };
  add(rectFromEdges(o.x, n.y + n.height, o.x + o.width, o.y + o.height)); // top
  add(rectFromEdges(o.x, o.y, o.x + o.width, n.y)); // bottom
  add(rectFromEdges(o.x, o.y, n.x, o.y + o.height)); // left
  add(rectFromEdges(n.x + n.width, o.y, o.x + o.width, o.y + o.height)); // right
  return out;
}

const lineScale = (m: Matrix) => Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2])) || 1;

/** Edges of a stroked polyline that run along x or y. */
function strokeSegments(s: SubPath, thickness: number, dashed: boolean, out: Segment[], lum = 0): void {
  const pts = s.closed ? [...s.pts, s.pts[0]] : s.pts;
  for (let i = 0; i + 1 < pts.length; i++) {
    const [ax, ay] = pts[i];
    const [bx, by] = pts[i + 1];
    const dx = Math.abs(bx - ax);
    const dy = Math.abs(by - ay);
    if (dx >= 0.5 && dy <= Math.max(0.3, dx * 0.01)) {
      out.push({ orient: 'h', pos: (ay + by) / 2, lo: Math.min(ax, bx), hi: Math.max(ax, bx), thickness, source: 'stroke', dashed, lum });
    } else if (dy >= 0.5 && dx <= Math.max(0.3, dy * 0.01)) {
      out.push({ orient: 'v', pos: (ax + bx) / 2, lo: Math.min(ay, by), hi: Math.max(ay, by), thickness, source: 'stroke', dashed, lum });
    }
  }
}

/** A filled rect thin enough to be a rule. */
function barSegment(r: Rect, source: Segment['source']): Segment | null {
  const thin = Math.min(r.width, r.height);
  const long = Math.max(r.width, r.height);
  if (thin > 3 || long < 2 * thin || long < 2) return null;
  return r.width >= r.height
    ? { orient: 'h', pos: r.y + r.height / 2, lo: r.x, hi: r.x + r.width, thickness: r.height, source }
    : { orient: 'v', pos: r.x + r.width / 2, lo: r.y, hi: r.y + r.height, thickness: r.width, source };
}

function isCircleLike(s: SubPath): Rect | null {
  if (s.curves < 2) return null;
  const b = boxOf(s);
  const ratio = b.width / (b.height || 1);
  return b.width >= 4 && b.width <= 22 && ratio > 0.75 && ratio < 1.33 ? b : null;
}

export interface VectorExtras {
  /** Image bounds (user space → model space), to decide whether the page is a scan. */
  images: Rect[];
}

/** Interpret the operator list into segments, fills, marks and ink blobs (model space). */
export function interpretOps(raw: RawPage, toModel: Matrix): { segments: Segment[]; fills: Fill[]; marks: Mark[]; blobs: Rect[]; images: Rect[] } {
  const segments: Segment[] = [];
  const fills: Fill[] = [];
  const marks: Mark[] = [];
  const blobs: Rect[] = [];
  const images: Rect[] = [];
  const ringMarks: Rect[] = [];
  const pageArea = Math.abs((raw.view[2] - raw.view[0]) * (raw.view[3] - raw.view[1]));
  let gs: GState = { ctm: toModel, lineWidth: 1, fillLum: 0, strokeLum: 0, fillAlpha: 1, strokeAlpha: 1, dashed: false };
  const stack: GState[] = [];
  const { fnArray, argsArray } = raw;

  // Background luminance under a new fill: the latest earlier fill that contains it, else paper.
  // A fill containing r covers r's centre, so only the fills listed in the centre's bucket of a
  // coarse grid are tried (pages of outlined text ask this for tens of thousands of paths).
  const BUCKET = 64;
  const buckets = new Map<number, number[]>();
  const bucketKey = (bx: number, by: number) => bx * 4099 + by;
  const register = (i: number) => {
    const r = fills[i].rect;
    // Grown by the containment tolerance, so a rect on the fill's very edge still finds it.
    for (let bx = Math.floor((r.x - 0.5) / BUCKET); bx <= Math.floor((r.x + r.width + 0.5) / BUCKET); bx++) {
      for (let by = Math.floor((r.y - 0.5) / BUCKET); by <= Math.floor((r.y + r.height + 0.5) / BUCKET); by++) {
        const list = buckets.get(bucketKey(bx, by));
        if (list) list.push(i);
        else buckets.set(bucketKey(bx, by), [i]);
      }
    }
  };
  const background = (r: Rect): number => {
    const list = buckets.get(bucketKey(Math.floor((r.x + r.width / 2) / BUCKET), Math.floor((r.y + r.height / 2) / BUCKET)));
    if (!list) return 1;
    for (let k = list.length - 1; k >= 0; k--) {
      const f = fills[list[k]];
      if (contains(f.rect, r, 0.5) && area(f.rect) > area(r) * 1.01) return f.lum;
    }
    return 1;
  };
  const pushFill = (fill: Fill) => {
    fills.push(fill);
    register(fills.length - 1);
  };

  const addFill = (r: Rect, lum: number, alpha: number) => {
    const bg = background(r);
    const eff = bg + (lum - bg) * alpha;
    const bar = barSegment(r, 'fill');
    if (bar) {
      if (Math.abs(eff - bg) > 0.12) segments.push({ ...bar, lum: eff });
      return;
    }
    if (r.width < 1 || r.height < 1) return;
    pushFill({ rect: r, lum: eff });
    // Its outline is visible when it differs from what is under it (white box on a tinted form).
    // A page-size tint is background: its border is the edge of a colour, not of a field.
    if (Math.abs(eff - bg) > 0.025 && area(r) < 0.2 * pageArea) {
      const t = 0.5;
      const x2 = r.x + r.width;
      const y2 = r.y + r.height;
      segments.push(
        { orient: 'h', pos: r.y, lo: r.x, hi: x2, thickness: t, source: 'edge' },
        { orient: 'h', pos: y2, lo: r.x, hi: x2, thickness: t, source: 'edge' },
        { orient: 'v', pos: r.x, lo: r.y, hi: y2, thickness: t, source: 'edge' },
        { orient: 'v', pos: x2, lo: r.y, hi: y2, thickness: t, source: 'edge' },
      );
    }
  };

  for (let k = 0; k < fnArray.length; k++) {
    const fn = fnArray[k];
    const args = argsArray[k] ?? [];
    switch (fn) {
      case OPS.save:
        stack.push({ ...gs });
        break;
      case OPS.restore:
        gs = stack.pop() ?? gs;
        break;
      case OPS.transform:
        gs.ctm = multiply(args as unknown as Matrix, gs.ctm);
        break;
      case OPS.paintFormXObjectBegin: {
        stack.push({ ...gs });
        const m = args[0] as number[] | null;
        if (Array.isArray(m) || ArrayBuffer.isView(m)) gs.ctm = multiply(Array.from(m as ArrayLike<number>) as Matrix, gs.ctm);
        break;
      }
      case OPS.paintFormXObjectEnd:
        gs = stack.pop() ?? gs;
        break;
      case OPS.setLineWidth:
        gs.lineWidth = Number(args[0]) || 0;
        break;
      case OPS.setDash: {
        const arr = args[0] as number[] | undefined;
        gs.dashed = Array.isArray(arr) && arr.length > 0 && arr.some((v) => v > 0);
        break;
      }
      case OPS.setGState:
        for (const pair of (args[0] as [string, unknown][]) ?? []) {
          if (!Array.isArray(pair)) continue;
          const [key, value] = pair;
          if (key === 'LW') gs.lineWidth = Number(value) || 0;
          else if (key === 'CA') gs.strokeAlpha = Number(value);
          else if (key === 'ca') gs.fillAlpha = Number(value);
          else if (key === 'D' && Array.isArray(value)) gs.dashed = Array.isArray(value[0]) && (value[0] as number[]).length > 0;
        }
        break;
      case OPS.setFillRGBColor:
        gs.fillLum = hexLum(args[0]);
        break;
      case OPS.setStrokeRGBColor:
        gs.strokeLum = hexLum(args[0]);
        break;
      case OPS.setFillTransparent:
        gs.fillAlpha = 0;
        break;
      case OPS.setStrokeTransparent:
        gs.strokeAlpha = 0;
        break;
      case OPS.setFillColorN:
        gs.fillLum = 0.85; // pattern or shading: assume a light tint
        break;
      case OPS.paintImageXObject: {
        const r = transformRect(gs.ctm, { x: 0, y: 0, width: 1, height: 1 });
        const img = raw.smallImages.get(String(args[0]));
        const kind = img && r.width >= 4 && r.width <= 24 && r.height >= 4 && r.height <= 24 ? imageMark(img) : null;
        if (kind) marks.push({ kind, rect: r });
        else images.push(r);
        break;
      }
      case OPS.paintInlineImageXObject:
      case OPS.paintImageMaskXObject:
      case OPS.paintImageXObjectRepeat:
      case OPS.paintSolidColorImageMask:
        images.push(transformRect(gs.ctm, { x: 0, y: 0, width: 1, height: 1 }));
        break;
      case OPS.constructPath: {
        const paint = Number(args[0]);
        const dataHolder = args[1] as unknown[] | undefined;
        const data = dataHolder?.[0] as ArrayLike<number> | undefined;
        if (!data || !data.length) break;
        const doStroke = paint === OPS.stroke || paint === OPS.closeStroke || paint === OPS.fillStroke || paint === OPS.eoFillStroke || paint === OPS.closeFillStroke || paint === OPS.closeEOFillStroke;
        const doFill = paint === OPS.fill || paint === OPS.eoFill || paint === OPS.fillStroke || paint === OPS.eoFillStroke || paint === OPS.closeFillStroke || paint === OPS.closeEOFillStroke;
        if (!doStroke && !doFill) break; // clipping path or no-op
        const subs = parsePath(data, gs.ctm);
        if (paint === OPS.closeStroke || paint === OPS.closeFillStroke || paint === OPS.closeEOFillStroke) for (const s of subs) s.closed = true;
        const all = subs.length ? boxOfAll(subs) : null;
        // Visible means: differs from what it is drawn on (a white rule on a tan panel counts).
        const bgLum = all ? background(all) : 1;
        const strokeVisible = doStroke && gs.strokeAlpha > 0.05 && Math.abs(gs.strokeLum - bgLum) > 0.07;
        const fillVisible = doFill && gs.fillAlpha > 0.05;
        const thickness = Math.max(0.1, gs.lineWidth * lineScale(gs.ctm));
        if (fillVisible && !doStroke && all && looksLikeGlyphs(subs, all)) {
          // Text drawn as outlines: ink, not rules or marks.
          blobs.push(all);
          break;
        }
        const holes = fillVisible ? nestedPairs(subs) : [];
        const skip = new Set<SubPath>();
        for (const [outer, inner] of holes) {
          skip.add(outer).add(inner);
          const o = boxOf(outer);
          const n = boxOf(inner);
          if (outer.curves || inner.curves) {
            // A thin round ring is a radio button outline; letters with counters (O, D, 0) are not.
            const ring = Math.max(n.x - o.x, o.x + o.width - n.x - n.width);
            const round = o.width >= 6 && o.width <= 20 && Math.abs(o.width - o.height) < 0.08 * o.width;
            if (round && ring < 0.16 * o.width && outer.curves && inner.curves) ringMarks.push(o);
            else blobs.push(o);
            continue;
          }
          // A frame painted as a ring: its four sides are rules as thick as the ring.
          for (const bar of ringSides(o, n)) if (Math.abs(gs.fillLum - bgLum) > 0.07) segments.push(bar);
        }
        for (const s of subs) {
          if (skip.has(s)) {
            if (strokeVisible) strokeSegments(s, thickness, gs.dashed, segments, gs.strokeLum);
            continue;
          }
          const circle = isCircleLike(s);
          if (circle && (strokeVisible || (fillVisible && gs.fillLum < 0.9))) {
            // A hollow ring is a radio button; a solid dot (bullet) is not.
            if (strokeVisible) marks.push({ kind: 'circle', rect: circle });
            continue;
          }
          const rect = fillVisible ? asRect(s) : null;
          if (rect) addFill(rect, gs.fillLum, gs.fillAlpha);
          else if (fillVisible) {
            const b = boxOf(s);
            if (!s.curves && b.width > 40 && b.height > 40 && polygonArea(s.pts) > 0.6 * area(b)) {
              // A large straight-edged polygon (an L-shaped panel): background for what is drawn on it.
              pushFill({ rect: b, lum: background(b) + (gs.fillLum - background(b)) * gs.fillAlpha });
            } else if (gs.fillLum < 0.9 || Math.abs(gs.fillLum - bgLum) > 0.07) {
              // Thin straight fills still rule; an outline traced as an axis-aligned polygon (a
              // box frame exported as a shape) gives its sides; curved or slanted ink (glyph
              // outlines, logos, seals) is a blob.
              const bar = s.curves ? null : barSegment(b, 'fill');
              if (bar) segments.push(bar);
              else if (!s.curves && isOrthogonal(s)) strokeSegments({ ...s, closed: true }, 0.5, false, segments);
              else if (b.width > 0.5 || b.height > 0.5) blobs.push(b);
            }
          }
          // Stroked outlines leave their inside blank, so they are never blobs; the straight runs
          // (also those of a rounded rectangle) are rules.
          if (strokeVisible) strokeSegments(s, thickness, gs.dashed, segments, gs.strokeLum);
        }
        break;
      }
      default:
        break;
    }
  }
  // Pages whose text is drawn as outlines are full of letter rings: trust rings only elsewhere.
  const glyphPage = blobs.length > 300;
  if (!glyphPage) for (const r of ringMarks) marks.push({ kind: 'circle', rect: r });
  return { segments, fills, marks, blobs, images };
}

/** Build the model of a vector page (pure). */
/**
 * Which way the page's text runs in user space (0, 90, 180 or 270 degrees), by characters.
 * Pages say /Rotate 90 and draw text sideways so it reads upright on screen, but some draw text
 * upright in user space and rotate the whole view; the text decides the frame labels are read in.
 */
export function textOrientation(items: readonly RawTextItem[], fallback: number): number {
  const votes = new Map<number, number>();
  for (const it of items) {
    const n = it.str.trim().length;
    if (!n || it.transform.length < 6) continue;
    const deg = (Math.round((Math.atan2(it.transform[1], it.transform[0]) * 180) / Math.PI / 90) * 90 + 360) % 360;
    votes.set(deg, (votes.get(deg) ?? 0) + n);
  }
  let best = ((fallback % 360) + 360) % 360;
  let bestN = 20; // too little text to tell: trust /Rotate
  for (const [deg, n] of votes) if (n > bestN) [best, bestN] = [deg, n];
  return best;
}

export function buildVectorModel(raw: RawPage): { model: PageModel; images: Rect[] } {
  const orientation = textOrientation(raw.items, raw.rotate);
  const toModel = displayMatrix(raw.view, orientation);
  const { words, segments: typed } = wordsFromItems(symbolText(raw), raw.styles, toModel);
  const drawn = interpretOps(raw, toModel);
  const viewRect = transformRect(toModel, rectFromEdges(raw.view[0], raw.view[1], raw.view[2], raw.view[3]));
  const view: [number, number, number, number] = [viewRect.x, viewRect.y, viewRect.x + viewRect.width, viewRect.y + viewRect.height];
  const marks = [...drawn.marks];
  // Box and circle glyphs typed as text are checkboxes and radios.
  const textWords = words.filter((w) => {
    if (w.rotated || w.text.length !== 1) return true;
    if (BOX_GLYPHS.test(w.text)) {
      marks.push({ kind: 'square', rect: glyphSquare(w.rect, w.size) });
      return false;
    }
    if (CIRCLE_GLYPHS.test(w.text)) {
      marks.push({ kind: 'circle', rect: glyphSquare(w.rect, w.size) });
      return false;
    }
    return true;
  });
  // Bullets that mark choices ("• Yes • No") are checkboxes too.
  const bullets = new Set(optionBullets(textWords));
  for (const b of bullets) marks.push({ kind: 'square', rect: bulletSquare(b) });
  // So are empty brackets ("[ ] Yes").
  const brackets = new Set<Word>();
  for (const [open, close] of bracketPairs(textWords)) {
    marks.push({ kind: 'square', rect: bracketSquare(open, close) });
    brackets.add(open).add(close);
  }
  const kept = bullets.size || brackets.size ? textWords.filter((w) => !bullets.has(w) && !brackets.has(w)) : textWords;
  const segments = mergeSegments([...drawn.segments, ...typed].filter((s) => s.hi - s.lo > 0.3));
  const model: PageModel = {
    index: raw.index,
    view,
    rotate: orientation,
    segments,
    fills: drawn.fills,
    words: kept,
    lines: groupLines(kept.filter((w) => !w.rotated)),
    marks,
    blobs: drawn.blobs,
    scanned: false,
  };
  return { model, images: drawn.images };
}

// Dingbat fonts without a Unicode map report their raw character codes (or U+F0xx), and each
// font draws its own shapes: in Wingdings "o p q r" and 0xA8 are squares, 0xFD/0xFE boxed marks,
// "m" and 0xA1 circles; in ZapfDingbats "o p q r" squares and "m" a circle; in Webdings "c" is
// the ballot box Word inserts for a checkbox (its "o p q r" are not squares).
const SYMBOL_SHAPES: { font: RegExp; box: RegExp; circle: RegExp }[] = [
  { font: /webding/i, box: /^[c\uf063]$/, circle: /(?!)/ },
  { font: /wingding|dingbat|zapf/i, box: /^[opqr\u00a8\u00fd\u00fe\uf06f\uf070\uf071\uf072\uf0a8]$/, circle: /^[m\u00a1\uf06d\uf0a1]$/ },
];

/** Text items with dingbat characters rewritten as the box or circle they draw. */
export function symbolText(raw: Pick<RawPage, 'items' | 'fontNames'>): RawTextItem[] {
  const names = raw.fontNames ?? {};
  return raw.items.map((it) => {
    const name = names[it.fontName ?? ''] ?? '';
    const shapes = SYMBOL_SHAPES.find((f) => f.font.test(name));
    if (!shapes) return it;
    const t = it.str.trim();
    if (!t) return it;
    if (shapes.box.test(t)) return { ...it, str: '\u2610' };
    if (shapes.circle.test(t)) return { ...it, str: '\u25cb' };
    return it;
  });
}

/**
 * The square of a ballot-box glyph: about 0.9 em, at most the advance wide, centred where the
 * glyph's ink is (0.575 em above the text's bottom). Box glyphs draw their square a little
 * smaller than the font size, and the field over them (a widget) is about the font size.
 */
function glyphSquare(r: Rect, size: number): Rect {
  const side = Math.min(r.width, size * 0.9);
  const mid = r.y + 0.575 * size;
  return { x: r.x + (r.width - side) / 2, y: mid - side / 2, width: side, height: side };
}
