// Stage 1 (scanned pages): binary pixels → the same PageModel vector pages produce.
// Ruling lines are long runs of ink (a morphological opening with a 1×L / L×1 line element, done
// as run-length scanning); short runs standing on a rule are comb ticks. Connected components of
// the remaining ink are glyphs, grouped into words and lines whose text stays empty until the
// label stage asks for OCR. Hollow squares and rings among the components are checkboxes and
// radio buttons.
import type { Rect } from '../types.ts';
import { rectFromEdges } from './geometry.ts';
import type { Mark, PageModel, Segment, ShadeMap, TextLine, Word } from './model.ts';
import type { GrayImage } from './raster.ts';
import { percentile } from './raster.ts';
import { mergeSegments } from './segments.ts';
import { groupLines } from './text-lines.ts';
import { bracketSquares, density, hollowShape } from './shapes.ts';

/** Pixel ↔ model coordinates of a rendered (upright, deskewed) page. */
export interface PixelFrame {
  /** Model x of pixel column 0 and model y of pixel row 0 (the top). */
  x0: number;
  yTop: number;
  /** Pixels per point. */
  scale: number;
}

const toX = (f: PixelFrame, px: number) => f.x0 + px / f.scale;
const toY = (f: PixelFrame, py: number) => f.yTop - py / f.scale;

/** A pixel box → model rect. */
export function pixelRect(f: PixelFrame, x1: number, y1: number, x2: number, y2: number): Rect {
  return rectFromEdges(toX(f, x1), toY(f, y2), toX(f, x2), toY(f, y1));
}

/** Model rect → pixel box [x1, y1, x2, y2] (clamped to the image). */
export function rectPixels(f: PixelFrame, r: Rect, w: number, h: number): [number, number, number, number] {
  const x1 = Math.max(0, Math.floor((r.x - f.x0) * f.scale));
  const x2 = Math.min(w, Math.ceil((r.x + r.width - f.x0) * f.scale));
  const y1 = Math.max(0, Math.floor((f.yTop - (r.y + r.height)) * f.scale));
  const y2 = Math.min(h, Math.ceil((f.yTop - r.y) * f.scale));
  return [x1, y1, x2, y2];
}

interface Run {
  a: number; // start along the run axis
  b: number; // end (exclusive)
  at: number; // row (or column) index
}

/**
 * The maximal runs of ink (1) along each row of a binary image, left to right and top to bottom:
 * run k covers [start[k], end[k]) of row `row[k]`; the runs of row y are [first[y], first[y + 1]).
 * Read once per image, for rules and components alike: most of a page is paper, and every
 * pixel of it would otherwise be looked at again by each of them.
 */
interface InkRuns {
  start: Int32Array;
  end: Int32Array;
  row: Int32Array;
  first: Int32Array;
}

function inkRuns(bin: Uint8Array, w: number, h: number): InkRuns {
  let start = new Int32Array(1024);
  let end = new Int32Array(1024);
  let row = new Int32Array(1024);
  const first = new Int32Array(h + 1);
  let n = 0;
  for (let y = 0; y < h; y++) {
    first[y] = n;
    const base = y * w;
    let x = 0;
    while (x < w) {
      if (!bin[base + x]) {
        x++;
        continue;
      }
      const a = x;
      while (x < w && bin[base + x]) x++;
      if (n === start.length) [start, end, row] = [grown(start), grown(end), grown(row)];
      [start[n], end[n], row[n]] = [a, x, y];
      n++;
    }
  }
  first[h] = n;
  return { start: start.subarray(0, n), end: end.subarray(0, n), row: row.subarray(0, n), first };
}

/** `a` copied into one twice as long. */
function grown(a: Int32Array): Int32Array<ArrayBuffer> {
  const out = new Int32Array(a.length * 2);
  out.set(a);
  return out;
}

/**
 * Runs of ink along rows at least `minLen` long (columns: the rows of the transposed image). Short
 * breaks (noise, JPEG) inside a rule are bridged, but only between pieces that are themselves
 * long, so neighbouring letters never chain into a rule.
 */
function runs(ink: InkRuns, minLen: number, bridge = 2, piece = 6): Run[] {
  const out: Run[] = [];
  for (let i = 0; i + 1 < ink.first.length; i++) {
    let curA = -1;
    let curB = -1;
    for (let k = ink.first[i]; k < ink.first[i + 1]; k++) {
      const a = ink.start[k];
      const b = ink.end[k];
      if (curA >= 0 && a - curB <= bridge && b - a >= piece && curB - curA >= piece) curB = b;
      else {
        if (curA >= 0 && curB - curA >= minLen) out.push({ a: curA, b: curB, at: i });
        curA = a;
        curB = b;
      }
    }
    if (curA >= 0 && curB - curA >= minLen) out.push({ a: curA, b: curB, at: i });
  }
  return out;
}

function transpose(bin: Uint8Array, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) if (bin[row + x]) out[x * h + y] = 1;
  }
  return out;
}

/** Stack runs of neighbouring rows into rules: one segment per straight line of some thickness. */
function stackRuns(rs: Run[], horizontal: boolean, f: PixelFrame, maxThick: number): { seg: Segment; px: [number, number, number, number] }[] {
  rs.sort((p, q) => p.at - q.at || p.a - q.a);
  interface Group {
    a: number;
    b: number;
    first: number;
    last: number;
    sumAt: number;
    n: number;
    runs: Run[];
  }
  const open: Group[] = [];
  const done: Group[] = [];
  for (const r of rs) {
    // Close groups that no longer continue.
    for (let k = open.length - 1; k >= 0; k--) if (open[k].last < r.at - 1) done.push(...open.splice(k, 1));
    const g = open.find((o) => o.last === r.at - 1 && Math.min(o.b, r.b) - Math.max(o.a, r.a) > 0.7 * Math.min(o.b - o.a, r.b - r.a));
    if (g) {
      g.a = Math.min(g.a, r.a);
      g.b = Math.max(g.b, r.b);
      g.last = r.at;
      g.sumAt += r.at;
      g.n++;
      g.runs.push(r);
    } else open.push({ a: r.a, b: r.b, first: r.at, last: r.at, sumAt: r.at, n: 1, runs: [r] });
  }
  done.push(...open);
  const out: { seg: Segment; px: [number, number, number, number] }[] = [];
  for (const g of done) {
    const thick = g.last - g.first + 1;
    if (thick > maxThick) {
      // A filled area, not a rule; but a rule running into it (a column rule meeting a
      // blacked-out cell or a dark header bar) is a run far longer than the block's own runs.
      const lens = g.runs.map((r) => r.b - r.a).sort((p, q) => p - q);
      const med = lens[lens.length >> 1];
      const long = g.runs.filter((r) => r.b - r.a > 2.5 * med);
      if (long.length && long.length < g.runs.length / 2) out.push(...stackRuns(long, horizontal, f, maxThick));
      continue;
    }
    const mid = g.sumAt / g.n + 0.5;
    if (horizontal) {
      const y = toY(f, mid);
      out.push({ seg: { orient: 'h', pos: y, lo: toX(f, g.a), hi: toX(f, g.b), thickness: thick / f.scale, source: 'raster' }, px: [g.a, g.first, g.b, g.last + 1] });
    } else {
      const x = toX(f, mid);
      out.push({ seg: { orient: 'v', pos: x, lo: toY(f, g.b), hi: toY(f, g.a), thickness: thick / f.scale, source: 'raster' }, px: [g.first, g.a, g.last + 1, g.b] });
    }
  }
  return out;
}

interface Component {
  x1: number;
  y1: number;
  x2: number; // exclusive
  y2: number;
  count: number;
}

/**
 * 8-connected components of ink (bounding boxes and pixel counts). Works on row runs rather than
 * pixels: union-find over runs that touch the previous row's runs, so large blank or solid areas
 * cost one run per row.
 */
export function components(bin: Uint8Array, w: number, h: number): Component[] {
  return componentsOfRuns(inkRuns(bin, w, h));
}

function componentsOfRuns({ start, end, row, first }: InkRuns): Component[] {
  const parent = Int32Array.from({ length: start.length }, (_, k) => k);
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]];
      a = parent[a];
    }
    return a;
  };
  for (let y = 1; y + 1 < first.length; y++) {
    // Runs of a row come left to right: those of the row above that end before this run starts
    // end before every later one too, so the scan of the row above only moves on.
    let above = first[y - 1];
    for (let id = first[y]; id < first[y + 1]; id++) {
      // 8-connectivity: runs of the row above that overlap [start - 1, end] touch this one.
      while (above < first[y] && end[above] < start[id]) above++;
      for (let k = above; k < first[y] && start[k] <= end[id]; k++) {
        const ra = find(k);
        const rb = find(id);
        if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
      }
    }
  }
  const boxes = new Map<number, Component>();
  for (let k = 0; k < start.length; k++) {
    const r = find(k);
    const c = boxes.get(r);
    const y = row[k];
    if (!c) boxes.set(r, { x1: start[k], y1: y, x2: end[k], y2: y + 1, count: end[k] - start[k] });
    else {
      if (start[k] < c.x1) c.x1 = start[k];
      if (end[k] > c.x2) c.x2 = end[k];
      if (y + 1 > c.y2) c.y2 = y + 1;
      if (y < c.y1) c.y1 = y;
      c.count += end[k] - start[k];
    }
  }
  return [...boxes.values()];
}

/** Is the paper right beside a rule (2–5 px off, either side) mostly ink? Then it is text, not a rule. */
function crowded(bin: Uint8Array, w: number, h: number, px: [number, number, number, number], horizontal: boolean, limit = 0.35): boolean {
  const [x1, y1, x2, y2] = px;
  if (horizontal) {
    const above = density(bin, w, x1, Math.max(0, y1 - 5), x2, Math.max(0, y1 - 2));
    const below = density(bin, w, x1, Math.min(h, y2 + 2), x2, Math.min(h, y2 + 5));
    return above > limit || below > limit;
  }
  const left = density(bin, w, Math.max(0, x1 - 5), y1, Math.max(0, x1 - 2), y2);
  const rightD = density(bin, w, Math.min(w, x2 + 2), y1, Math.min(w, x2 + 5), y2);
  return left > limit || rightD > limit;
}


/** Most ink in the bands beside a comb tick: a speck of noise, not a letter's arm or bowl. */
const TICK_CLEAR = 0.15;

/**
 * A comb tick is a lone stroke: beside it (1–4 px off, either side), away from the rule it stands
 * on, lies paper. A letter's stem standing on or hanging from a rule (a caption set tight under
 * its line) has its letter's arms, bowls and neighbours there: taken for ticks, such stems
 * divide the box the caption is in and are cut out of the caption's words.
 */
function tickStandsClear(bin: Uint8Array, w: number, px: [number, number, number, number], rule: [number, number, number, number]): boolean {
  const [x1, y1, x2, y2] = px;
  // The tick's rows off the rule (its run often includes the rule's own rows).
  const top = y1 >= rule[1] - 3 ? Math.max(y1, rule[3] + 2) : y1;
  const bottom = y1 >= rule[1] - 3 ? y2 : Math.min(y2, rule[1] - 2);
  if (bottom - top < 2) return true;
  return density(bin, w, Math.max(0, x1 - 4), top, Math.max(0, x1 - 1), bottom) <= TICK_CLEAR && density(bin, w, x2 + 1, top, Math.min(w, x2 + 4), bottom) <= TICK_CLEAR;
}

/**
 * A letter O is a ring too, but it sits inside a word: glyphs of about its height on both sides,
 * or one almost touching it. `sameHeight`: only a close neighbour of its very height counts (the
 * letters of a large title set tight in their words: o beside n, e beside r; a box has its
 * number on one side, its label on the other, or a label set right against it, all shorter).
 */
function insideWord(c: Component, all: readonly Component[], sameHeight = false): boolean {
  const ch = c.y2 - c.y1;
  let left = false;
  let rightSide = false;
  let tight = false;
  for (const o of all) {
    if (o === c) continue;
    const oh = o.y2 - o.y1;
    // A lower-case letter set right after it on its baseline ("Ci", "Co"): a capital starting a
    // word, not a button, whose label keeps at least a space away.
    const after = o.x1 >= c.x2 ? o.x1 - c.x2 : -1;
    if (!sameHeight && after >= 0 && after < 0.2 * ch && oh >= 0.4 * ch && oh < 0.85 * ch && Math.abs(o.y2 - c.y2) <= 0.15 * ch) return true;
    if (oh < 0.6 * ch || oh > 1.5 * ch) continue;
    if (Math.min(o.y2, c.y2) - Math.max(o.y1, c.y1) < 0.5 * Math.min(oh, ch)) continue;
    const gap = o.x1 >= c.x2 ? o.x1 - c.x2 : c.x1 >= o.x2 ? c.x1 - o.x2 : -1;
    if (gap < 0 || gap >= 0.3 * ch) continue;
    // A glued neighbour, or a close one of the very same height (capitals of a title word).
    if ((!sameHeight && gap < 0.12 * ch) || (oh >= 0.85 * ch && oh <= 1.2 * ch)) tight = true;
    if (o.x1 >= c.x2) rightSide = true;
    else left = true;
  }
  // Letters on both sides, or one glued to it: part of a word. A button keeps its label apart.
  return tight || (!sameHeight && left && rightSide);
}

/**
 * Smallest side (points) of a hollow square taken as a checkbox wherever it stands. A scan thins
 * ink: the 7-8 pt squares of many forms come out 6-6.5 pt, as small as a bold capital (D, O), so
 * those are taken only apart from words, like rings. Under MIN_HOLLOW a square is a list bullet,
 * and under SURE_HOLLOW a ring is.
 */
const SURE_HOLLOW = 6.5;
const MIN_HOLLOW = 6;

/** A hollow square (checkbox) or ring (radio button) component of checkbox size? */
function hollowMark(c: Component, bin: Uint8Array, w: number, scale: number): Mark['kind'] | null {
  const cw = c.x2 - c.x1;
  const ch = c.y2 - c.y1;
  if (cw < MIN_HOLLOW * scale || ch < MIN_HOLLOW * scale || cw > 22 * scale || ch > 22 * scale) return null;
  const kind = hollowShape(bin, w, c.x1, c.y1, c.x2, c.y2, c.count);
  // Rings that small are letters (o, e, a) and bullets: buttons are drawn larger.
  return kind === 'circle' && Math.min(cw, ch) < SURE_HOLLOW * scale ? null : kind;
}

/** A hollow mark that could be a letter: a ring, or a square as small as a bold capital. */
function letterSized(c: Component, kind: Mark['kind'], scale: number): boolean {
  return kind !== 'square' || Math.min(c.x2 - c.x1, c.y2 - c.y1) < SURE_HOLLOW * scale;
}

export interface RasterModelInput {
  index: number;
  view: [number, number, number, number];
  rotate: number;
  frame: PixelFrame;
  bin: Uint8Array;
  width: number;
  height: number;
  /** The deskewed grey image (for white boxes on a tinted ground). */
  gray?: GrayImage;
  /** Mean grey per block (for shaded cells), block size in pixels. */
  shade: GrayImage;
  shadeCell: number;
}

/** What a binarised page holds before any use of its grey: rules, marks, glyph words, large blobs. */
interface Ink {
  hRules: { seg: Segment; px: [number, number, number, number] }[];
  vRules: { seg: Segment; px: [number, number, number, number] }[];
  shortV: { seg: Segment; px: [number, number, number, number] }[];
  marks: Mark[];
  blobs: Rect[];
  words: Word[];
}

function readInk(input: Pick<RasterModelInput, 'bin' | 'width' | 'height' | 'frame' | 'gray'>): Ink {
  const { bin, width: w, height: h, frame: f } = input;
  const s = f.scale;
  const minRule = Math.round(9 * s); // rules shorter than ~9 pt are glyph strokes
  const maxThick = Math.max(3, Math.round(3 * s));
  // Serif feet along a text baseline chain into long runs too: a rule has clear paper beside it.
  const clear = (r: { px: [number, number, number, number] }, horizontal: boolean) => !crowded(bin, w, h, r.px, horizontal);
  const binRuns = inkRuns(bin, w, h);
  const solidH = stackRuns(runs(binRuns, Math.round(12 * s)), true, f, maxThick).filter((r) => clear(r, true));
  // Dotted and dashed rules (writing lines of many forms) break into short runs: bridge gaps of a
  // few pixels, then keep only long, thin, evenly inked results with paper on both sides.
  const dotted = stackRuns(runs(binRuns, Math.round(50 * s), 5, 1), true, f, Math.round(2 * s))
    .filter((r) => !crowded(bin, w, h, r.px, true, 0.12) && density(bin, w, r.px[0], r.px[1], r.px[2], r.px[3]) >= 0.3)
    .filter((r) => !solidH.some((o) => Math.abs(o.seg.pos - r.seg.pos) < 1.5 && o.seg.lo <= r.seg.lo + 2 && o.seg.hi >= r.seg.hi - 2))
    .map((r) => ({ ...r, seg: { ...r.seg, dashed: true, ...(dotsOf(bin, w, r.px, s) ? { source: 'dots' as const } : {}) } }));
  const hRules = [...solidH, ...dotted];
  // Vertical runs once (on the transposed image, row scans are cache-friendly), then split:
  // long ones are rules, short ones (≥ 3.5 pt) standing on a horizontal rule are comb ticks.
  const vAll = stackRuns(runs(inkRuns(transpose(bin, w, h), h, w), Math.round(3.5 * s)), false, f, maxThick);
  const vRules = vAll.filter((r) => r.px[3] - r.px[1] >= minRule && clear(r, false));
  const shortV = vAll.filter(({ px }) => {
    if (px[3] - px[1] >= minRule) return false;
    // The tick's foot (or head) lies on the rule; its run usually includes the rule's own rows.
    const near = (y: number, hp: number[]) => y >= hp[1] - 3 && y <= hp[3] + 3;
    const rule = hRules.find(({ px: hp }) => px[0] >= hp[0] - 2 && px[2] <= hp[2] + 2 && (near(px[3], hp) || near(px[1], hp)));
    return rule !== undefined && tickStandsClear(bin, w, px, rule.px);
  });
  // Ink that is not a rule: erase rule pixels (with a one-pixel halo), then take components.
  const ink = bin.slice();
  for (const { px } of [...hRules, ...vRules, ...shortV]) {
    for (let y = Math.max(0, px[1] - 1); y < Math.min(h, px[3] + 1); y++) ink.fill(0, y * w + Math.max(0, px[0] - 1), y * w + Math.min(w, px[2] + 1));
  }
  const marks: Mark[] = [];
  const faint = input.gray ? faintInk(input.gray) : () => false;
  const all = componentsOfRuns(binRuns);
  for (const c of all) {
    const kind = hollowMark(c, bin, w, s);
    // Letters make rings (O, Q, 0), and squares only when small (bold D, O): those are checked
    // for being in a word. A pale ring is a watermark's letter O: buttons are printed in the
    // form's own ink. Larger squares are letters of titles (o, e, a at 20 pt and more), set
    // tight among letters of their height.
    if (kind && (letterSized(c, kind, s) ? !insideWord(c, all) && !faint(c, bin) : !insideWord(c, all, true))) marks.push({ kind, rect: pixelRect(f, c.x1, c.y1, c.x2, c.y2) });
  }
  // A square the scan broke open at top and bottom is left as two facing brackets.
  for (const b of bracketSquares(bin, w, all, SURE_HOLLOW * s, 22 * s)) marks.push({ kind: 'square', rect: pixelRect(f, b.x1, b.y1, b.x2, b.y2) });
  const glyphs: Component[] = [];
  const blobs: Rect[] = [];
  const markPx = marks.map((m) => rectPixels(f, m.rect, w, h));
  // A small printed square or ring is where to tick, but the box one ticks in is drawn over it,
  // centred and hardly ever under MIN_MARK: the ink alone (6–9 pt, thinned by the scan) is too
  // small a field.
  for (const m of marks) m.rect = atLeast(m.rect, MIN_MARK);
  const inkParts = components(ink, w, h);
  const watermark = watermarkLetters(inkParts.filter((c) => faint(c, ink)), s);
  for (const c of inkParts) {
    if (watermark.has(c)) continue;
    // The mark's own outline (or what is left of it) is not a glyph.
    if (markPx.some(([x1, y1, x2, y2]) => c.x1 >= x1 - 2 && c.x2 <= x2 + 2 && c.y1 >= y1 - 2 && c.y2 <= y2 + 2)) continue;
    const cw = c.x2 - c.x1;
    const ch = c.y2 - c.y1;
    if (c.count < 6 || (cw < 2 && ch < 2)) continue; // specks
    if (cw > 40 * s && ch > 40 * s) {
      if (c.count > 0.15 * cw * ch) blobs.push(pixelRect(f, c.x1, c.y1, c.x2, c.y2)); // photo, seal, logo
      continue;
    }
    if (ch > 30 * s || cw > 60 * s) continue;
    glyphs.push(c);
  }
  const words = wordsFromGlyphs(glyphs, f);
  return { hRules, vRules, shortV, marks, blobs, words };
}

export function buildRasterModel(input: RasterModelInput): PageModel {
  const { bin, frame: f } = input;
  const { hRules, vRules, shortV, marks, blobs, words } = readInk(input);
  let edges: Segment[] = [];
  if (input.gray && tintedShare(input.gray) > 0.1) edges = whiteBoxEdges(input.gray, f, percentile(input.gray.data, 0.95) - 22);
  else if (input.gray) {
    // A tint only a few grey levels below the paper (scanner noise is as strong) shows once the
    // paper tone is averaged over a few pixels, ink left out.
    const light = lightTint(input.gray, bin);
    if (light) edges = whiteBoxEdges(light.img, f, light.level);
  }
  // How dark each rule is (faint writing lines vs black frames), relative to the paper.
  if (input.gray) {
    const g = input.gray;
    const paper = Math.max(1, percentile(g.data, 0.9));
    for (const r of [...hRules, ...vRules]) {
      const [x1, y1, x2, y2] = r.px;
      const horizontal = r.seg.orient === 'h';
      // The darkest line of pixels along the rule is its ink; its blurred edges only dilute it
      // (a thin black rule on a soft scan would average out as grey as a faint writing line).
      let darkest = Infinity;
      for (let k = horizontal ? y1 : x1; k < (horizontal ? y2 : x2); k++) {
        let sum = 0;
        let n = 0;
        if (horizontal) for (let x = x1; x < x2; x += 2, n++) sum += g.data[k * g.width + x];
        else for (let y = y1; y < y2; y += 2, n++) sum += g.data[y * g.width + k];
        if (n) darkest = Math.min(darkest, sum / n);
      }
      if (darkest < Infinity) r.seg.lum = Math.min(1, darkest / paper);
    }
  }
  const segments = mergeSegments([...hRules, ...vRules, ...shortV].map((r) => r.seg).concat(edges), 1.2, 2);
  return {
    index: input.index,
    view: input.view,
    rotate: input.rotate,
    segments: bridgeBrokenRules(segments, words).filter((sg) => !isDotLeader(sg, words)),
    fills: [],
    words,
    lines: groupLines(words, 1.2),
    marks,
    blobs,
    scanned: true,
    shade: shadeModel(input),
  };
}

/**
 * The text lines of a rendered page and nothing else (no rule tones, tinted boxes or shading): for
 * a vector page whose words are drawn as outlines, whose rules and boxes the vectors already give.
 */
export function rasterTextLines(input: Pick<RasterModelInput, 'bin' | 'width' | 'height' | 'frame'>): TextLine[] {
  return groupLines(readInk(input).words, 1.2);
}

/**
 * How far below the paper's grey (0..255) a component's darkest pixel must reach to be print.
 * Type, rules and marks reach near black even when thin or grey-printed; a watermark stays a few
 * tens of levels under the paper.
 */
const PRINT_DEPTH = 64;

/** Farthest a watermark letter's neighbour stands (points, centre to centre). */
const WATERMARK_SPACING = 40;
/** Steps a watermark's line is followed from its letters to pieces of letters beside them. */
const WATERMARK_STEPS = 3;
/** Widest gap (points) between a watermark letter and a piece of it cut off by a rule. */
const WATERMARK_PIECE_GAP = 3;

/**
 * A watermark ("THIS FORM IS AVAILABLE FOR FREE AT …") is set pale and slanted across the page, so
 * the form shows through. Its letters are pale components whose nearest pale neighbour lies along
 * a slant (25–65°); a form's own pale print (comb dividers, guide marks) runs along rows and
 * columns. Such letters are not words of the form: they would cross its blanks and captions.
 */
export function watermarkLetters(pale: readonly Component[], scale: number): Set<Component> {
  const out = new Set<Component>();
  const cx = Float64Array.from(pale, (c) => (c.x1 + c.x2) / 2);
  const cy = Float64Array.from(pale, (c) => (c.y1 + c.y2) / 2);
  const reach = WATERMARK_SPACING * scale;
  const slanted = (dx: number, dy: number) => {
    const slant = (Math.atan2(Math.abs(dy), Math.abs(dx)) * 180) / Math.PI;
    return slant >= 25 && slant <= 65;
  };
  // Each component's nearest neighbour is searched ring by ring of grid cells around it, nearest
  // rings first, until no farther cell can hold one as near (or within reach): linear in the
  // components (a scan has thousands, a pale page most of its ink) where comparing every pair was
  // quadratic. Cells a quarter of the reach wide hold a few letters each.
  const centres = new CellGrid(pale.map((_, i) => [cx[i], cy[i], cx[i], cy[i]]), reach / 4);
  pale.forEach((c, i) => {
    const [x, y] = [cx[i], cy[i]];
    let best = Infinity;
    let bestIndex = -1;
    let dx = 0;
    let dy = 0;
    const [col, row] = centres.cellAt(x, y);
    // Ring r and beyond lie at least r - 1 cells away (less a hair for rounding at cell edges):
    // no nearer neighbour, nor one as near, nor one within reach.
    for (let r = 0; !(best < (r - 1.01) * centres.cell) && (r - 1.01) * centres.cell <= reach; r++) {
      for (const k of centres.ring(col, row, r)) {
        if (k === i) continue;
        const d = Math.hypot(cx[k] - x, cy[k] - y);
        // Of equally near neighbours the first in `pale` counts, as when all were compared in order.
        if (d < best || (d === best && k < bestIndex)) [best, bestIndex, dx, dy] = [d, k, cx[k] - x, cy[k] - y];
      }
    }
    if (best <= reach && slanted(dx, dy)) out.add(c);
  });
  // Pieces of those letters (a stroke cut where it crosses a rule) lie right beside them; other
  // letters of the line stand on its slant from one of them.
  const gap = WATERMARK_PIECE_GAP * scale;
  const near = (a: Component, b: Component) => Math.max(a.x1 - b.x2, b.x1 - a.x2, a.y1 - b.y2, b.y1 - a.y2) < gap;
  const onSlant = (i: number, k: number) => Math.hypot(cx[k] - cx[i], cy[k] - cy[i]) <= reach && slanted(cx[k] - cx[i], cy[k] - cy[i]);
  // A letter cut by a rule into pieces that lie side by side (an S crossed by a writing line) has no
  // slanted nearest neighbour of its own: the line is followed from the letters found, a few
  // steps, as far as its pieces reach.
  let letters = pale.flatMap((c, i) => (out.has(c) ? [i] : []));
  for (let step = 0; step < WATERMARK_STEPS && letters.length; step++) {
    // Letters filed by their box grown by the gap (a piece within the gap overlaps that box) and by
    // centre (one on the slant within reach is in the 3×3 cells a reach wide around c's centre).
    const found = letters;
    const byBox = new CellGrid(found.map((k) => [pale[k].x1 - gap, pale[k].y1 - gap, pale[k].x2 + gap, pale[k].y2 + gap]), reach);
    const byCentre = new CellGrid(found.map((k) => [cx[k], cy[k], cx[k], cy[k]]), reach);
    letters = [];
    pale.forEach((c, i) => {
      if (out.has(c)) return;
      const beside =
        byBox.some(byBox.cellsOf([c.x1, c.y1, c.x2, c.y2], 0), (l) => near(c, pale[found[l]])) ||
        byCentre.some(byCentre.cellsOf([cx[i], cy[i], cx[i], cy[i]], 1), (l) => onSlant(i, found[l]));
      if (beside) letters.push(i);
    });
    for (const i of letters) out.add(pale[i]);
  }
  return out;
}

type Box = [number, number, number, number];

/**
 * Boxes (by index) filed in the square cells of a grid they overlap, for finding those near a
 * place without going through all of them. Cells are a little wider than asked, so that rounding
 * never puts two points `size` apart more than one cell apart.
 */
class CellGrid {
  readonly cell: number;
  private readonly x0: number;
  private readonly y0: number;
  private readonly columns: number;
  private readonly rows: number;
  private readonly cells: number[][];

  constructor(boxes: readonly Box[], size: number) {
    let [x0, y0, x1, y1] = [0, 0, 0, 0];
    for (const b of boxes) [x0, y0, x1, y1] = [Math.min(x0, b[0]), Math.min(y0, b[1]), Math.max(x1, b[2]), Math.max(y1, b[3])];
    this.cell = Math.max(size, 1) * 1.01;
    [this.x0, this.y0] = [x0, y0];
    this.columns = Math.floor((x1 - x0) / this.cell) + 1;
    this.rows = Math.floor((y1 - y0) / this.cell) + 1;
    this.cells = Array.from({ length: this.columns * this.rows }, () => []);
    boxes.forEach((b, k) => {
      for (const cell of this.cellsOf(b, 0)) this.cells[cell].push(k);
    });
  }

  /** Column and row of the cell holding (x, y), clipped to the grid. */
  cellAt(x: number, y: number): [number, number] {
    const col = Math.min(this.columns - 1, Math.max(0, Math.floor((x - this.x0) / this.cell)));
    const row = Math.min(this.rows - 1, Math.max(0, Math.floor((y - this.y0) / this.cell)));
    return [col, row];
  }

  /** The cells `b` overlaps, grown by `margin` cells each way (clipped to the grid). */
  cellsOf(b: Box, margin: number): number[] {
    const [c1, r1] = this.cellAt(b[0], b[1]);
    const [c2, r2] = this.cellAt(b[2], b[3]);
    const out: number[] = [];
    for (let r = Math.max(0, r1 - margin); r <= Math.min(this.rows - 1, r2 + margin); r++) {
      for (let c = Math.max(0, c1 - margin); c <= Math.min(this.columns - 1, c2 + margin); c++) out.push(r * this.columns + c);
    }
    return out;
  }

  /** The boxes filed in the cells `r` steps (Chebyshev) from cell (col, row). */
  ring(col: number, row: number, r: number): number[] {
    const out: number[] = [];
    for (let y = row - r; y <= row + r; y++) {
      if (y < 0 || y >= this.rows) continue;
      const edge = y === row - r || y === row + r;
      for (let x = col - r; x <= col + r; x += edge || r === 0 ? 1 : 2 * r) {
        if (x >= 0 && x < this.columns) out.push(...this.cells[y * this.columns + x]);
      }
    }
    return out;
  }

  /** Whether `test` holds for a box filed in one of `cells`. */
  some(cells: readonly number[], test: (k: number) => boolean): boolean {
    for (const cell of cells) for (const k of this.cells[cell]) if (test(k)) return true;
    return false;
  }
}

/**
 * Test for components whose ink stays within PRINT_DEPTH of the paper: pale print. A speck of dust
 * in the box of a pale letter is dark too, so print needs a few dark pixels, not one.
 */
function faintInk(gray: GrayImage): (c: Component, mask: Uint8Array) => boolean {
  const paper = percentile(gray.data, 0.9);
  const lightest = paper - PRINT_DEPTH;
  return (c, mask) => {
    const enough = Math.min(DARK_PIXELS, Math.ceil(0.25 * c.count));
    let dark = 0;
    for (let y = c.y1; y < c.y2; y++) {
      for (let x = c.x1, i = y * gray.width + c.x1; x < c.x2; x++, i++) if (mask[i] && gray.data[i] <= lightest && ++dark >= enough) return false;
    }
    return true;
  };
}

/** Dark pixels that make a component print rather than pale ink (more than a speck of dust has). */
const DARK_PIXELS = 5;

/** Smallest side of a checkbox or radio field (points). */
const MIN_MARK = 9.5;

/** `r` grown about its centre to at least `side` × `side`. */
export function atLeast(r: Rect, side: number): Rect {
  const width = Math.max(r.width, side);
  const height = Math.max(r.height, side);
  return { x: r.x + (r.width - width) / 2, y: r.y + (r.height - height) / 2, width, height };
}

/** Longest mean piece (points) of a dotted rule made of dots, typed periods or round dots. */
const DOT_PIECE = 2.2;

/**
 * Is a dotted rule (pixel box) a row of dots rather than dashes? Dots are what a typed leader
 * ("Name ..........") leaves on a scan, and the vector page reads those as dots, not as a drawn
 * rule: writing lines of dots are blanks even when they run across the page.
 */
function dotsOf(bin: Uint8Array, w: number, px: [number, number, number, number], scale: number): boolean {
  const y = (px[1] + px[3]) >> 1;
  let pieces = 0;
  let ink = 0;
  for (let x = px[0], prev = 0; x < px[2]; x++) {
    const v = bin[y * w + x];
    if (v && !prev) pieces++;
    ink += v;
    prev = v;
  }
  // A dot is about as long as it is thick (blurred a little by the scan); a dash is longer.
  return pieces >= 3 && ink / pieces <= Math.min(DOT_PIECE * scale, 2 * (px[3] - px[1]));
}

/** A dotted run starting right where text ends on its line is a dot leader ("Total ....... 12"). */
function isDotLeader(sg: Segment, words: readonly Word[]): boolean {
  if (!sg.dashed || sg.orient !== 'h') return false;
  return words.some((w) => w.rect.height > 3 && Math.abs(w.rect.x + w.rect.width - sg.lo) < 5 && w.rect.y < sg.pos + 8 && w.rect.y + w.rect.height > sg.pos - 1);
}

/** Widest gap (points) bridged between two pieces of a rule. */
const BRIDGE_GAP = 10;
/** Widest gap (points) a scan breaks into a rule between two long pieces. */
const LONG_BRIDGE_GAP = 2.5;
/** Length (points) from which a rule's piece is a blank of its own, not a fragment or a comb cell. */
const LONG_PIECE = 30;

/**
 * Typed underscores and worn rules come out of a scan in pieces. Join collinear horizontal pieces
 * across gaps of up to 10 pt when nothing is printed in the gap: a label between two blanks keeps
 * them apart. Two long pieces a few points apart are two blanks drawn side by side (Street | City
 * | State | Zip): a scan breaks a rule by a pixel or two.
 */
function bridgeBrokenRules(segments: Segment[], words: readonly Word[]): Segment[] {
  const hs = segments.filter((s) => s.orient === 'h').sort((a, b) => a.lo - b.lo);
  const others = segments.filter((s) => s.orient !== 'h');
  const out: Segment[] = [];
  for (const s of hs) {
    const reach = (o: Segment) => (o.hi - o.lo >= LONG_PIECE && s.hi - s.lo >= LONG_PIECE ? LONG_BRIDGE_GAP : BRIDGE_GAP);
    const prev = out.find((o) => Math.abs(o.pos - s.pos) <= 1.2 && s.lo >= o.hi - 0.5 && s.lo - o.hi <= reach(o));
    const gapFree =
      prev &&
      // (Text above or below the gap, a caption, separates blanks too; flat bits in the gap are
      // more of the same rule, too short to count as one.)
      !words.some((w) => w.rect.height > 4.5 && w.rect.x < s.lo && w.rect.x + w.rect.width > prev.hi && w.rect.y < s.pos + 10 && w.rect.y + w.rect.height > s.pos - 12);
    // A piece with its own caption starting at its left end (CITY | STATE | ZIP) is its own blank.
    const captioned = words.some((w) => w.rect.height > 4.5 && w.rect.x >= s.lo - 3 && w.rect.x <= s.lo + 10 && w.rect.y < s.pos + 14 && w.rect.y + w.rect.height > s.pos - 14);
    if (prev && gapFree && !captioned) {
      prev.hi = Math.max(prev.hi, s.hi);
      prev.thickness = Math.max(prev.thickness, s.thickness);
    } else out.push({ ...s });
  }
  return [...out, ...others];
}

/** Glyph components → words: neighbours on one text row closer than about a letter's height. */
function wordsFromGlyphs(glyphs: Component[], f: PixelFrame): Word[] {
  glyphs.sort((a, b) => a.x1 - b.x1);
  const words: Component[] = [];
  const open: Component[] = [];
  for (const g of glyphs) {
    const gh = g.y2 - g.y1;
    let target: Component | undefined;
    for (const o of open) {
      const oh = o.y2 - o.y1;
      const vOverlap = Math.min(o.y2, g.y2) - Math.max(o.y1, g.y1);
      const gap = g.x1 - o.x2;
      // Punctuation and i-dots are short: overlap is judged against the shorter of the two.
      if (vOverlap > 0.3 * Math.min(oh, gh) && gap < 0.55 * Math.max(Math.min(oh, 40), gh * 0.8) && gap > -Math.max(oh, gh)) {
        target = o;
        break;
      }
    }
    if (target) {
      target.x1 = Math.min(target.x1, g.x1);
      target.y1 = Math.min(target.y1, g.y1);
      target.x2 = Math.max(target.x2, g.x2);
      target.y2 = Math.max(target.y2, g.y2);
      target.count += g.count;
    } else {
      const n = { ...g };
      open.push(n);
      words.push(n);
    }
    // Drop words left far behind to keep the scan short.
    for (let k = open.length - 1; k >= 0; k--) if (g.x1 - open[k].x2 > 200) open.splice(k, 1);
  }
  return words
    .filter((wd) => wd.y2 - wd.y1 >= 3 * f.scale || wd.x2 - wd.x1 >= 3 * f.scale)
    .map((wd) => ({ text: '', rect: pixelRect(f, wd.x1, wd.y1, wd.x2, wd.y2), size: (wd.y2 - wd.y1) / f.scale }));
}

/**
 * Share of the page in a flat mid tone (a tinted panel): pixels well below paper but far from
 * ink black. Text alone gives few such pixels (only glyph edges); noise stays near paper.
 */
function tintedShare(img: GrayImage): number {
  const paper = percentile(img.data, 0.9);
  let n = 0;
  let t = 0;
  for (let i = 0; i < img.data.length; i += 7, t++) {
    const v = img.data[i];
    if (v < paper - 30 && v > paper - 110) n++;
  }
  return n / Math.max(1, t);
}

/**
 * A light tint (a panel 8–40 grey levels below the paper, as tax forms print their background):
 * the paper tone averaged over 7×7 pixels without the ink, and the level halfway between the
 * tint and the paper. Null unless a fifth of the page is tint, some of it paper, and the two
 * tones are apart (a valley between them in the histogram).
 */
export function lightTint(img: GrayImage, bin: Uint8Array): { img: GrayImage; level: number } | null {
  const { width: w, height: h, data } = img;
  const r = 3;
  // Row pass then column pass of windowed sums of paper tone and paper count (ink excluded).
  const rowSum = new Float32Array(w * h);
  const rowCnt = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let sum = 0;
    let cnt = 0;
    for (let x = -r; x < w; x++) {
      const add = x + r;
      if (add < w && !bin[row + add]) {
        sum += data[row + add];
        cnt++;
      }
      const drop = x - r - 1;
      if (drop >= 0 && !bin[row + drop]) {
        sum -= data[row + drop];
        cnt--;
      }
      if (x >= 0) {
        rowSum[row + x] = sum;
        rowCnt[row + x] = cnt;
      }
    }
  }
  const out = new Uint8Array(w * h);
  const colSum = new Float32Array(w);
  const colCnt = new Int32Array(w);
  for (let y = -r; y < h; y++) {
    const add = y + r;
    if (add < h) for (let x = 0; x < w; x++) {
      colSum[x] += rowSum[add * w + x];
      colCnt[x] += rowCnt[add * w + x];
    }
    const drop = y - r - 1;
    if (drop >= 0) for (let x = 0; x < w; x++) {
      colSum[x] -= rowSum[drop * w + x];
      colCnt[x] -= rowCnt[drop * w + x];
    }
    if (y >= 0) for (let x = 0; x < w; x++) out[y * w + x] = bin[y * w + x] ? 0 : colCnt[x] ? Math.round(colSum[x] / colCnt[x]) : 0;
  }
  const hist = new Float64Array(256);
  let n = 0;
  for (let i = 0; i < out.length; i += 3) {
    if (bin[i]) continue;
    hist[out[i]]++;
    n++;
  }
  if (!n) return null;
  const smooth = { width: w, height: h, data: out };
  const paper = percentile(out, 0.97);
  const share = (lo: number, hi: number) => {
    let k = 0;
    for (let v = Math.max(0, lo); v <= Math.min(255, hi); v++) k += hist[v];
    return k / n;
  };
  let tint = -1;
  let best = 0;
  for (let t = paper - 40; t <= paper - 8; t++) {
    const sh = share(t - 2, t + 2);
    if (sh > best) [tint, best] = [t, sh];
  }
  if (tint < 0 || share(tint - 4, tint + 4) < 0.2 || share(paper - 3, 255) < 0.03) return null;
  // Two tones, not one spread by noise or an uneven scan: a clear valley between tint and paper.
  let valley = Infinity;
  for (let v = tint + 3; v <= paper - 3; v++) valley = Math.min(valley, share(v - 1, v + 1));
  if (!(valley < 0.3 * share(tint - 1, tint + 1))) return null;
  return { img: smooth, level: (tint + paper) / 2 };
}

/**
 * Fields printed as white boxes on a tinted panel have no outline: their sides are the edge
 * between tint and paper. Paper-white components that fill their bounding box and are ringed by
 * tint are such boxes; their four sides become rules.
 */
function whiteBoxEdges(img: GrayImage, f: PixelFrame, level: number): Segment[] {
  const { width: w, height: h, data } = img;
  const mask = new Uint8Array(w * h);
  for (let i = 0; i < mask.length; i++) mask[i] = data[i] >= level ? 1 : 0;
  const out: Segment[] = [];
  const boxes: Rect[] = [];
  const s = f.scale;
  for (const c of components(mask, w, h)) {
    const cw = c.x2 - c.x1;
    const ch = c.y2 - c.y1;
    if (cw < 6 * s || ch < 6 * s || ch > 150 * s || cw > 0.9 * w) continue;
    if (c.count < 0.8 * cw * ch) continue;
    // Ringed by tint: the band just outside the box is mostly not paper.
    let tint = 0;
    let total = 0;
    const ring = (x: number, y: number) => {
      if (x < 0 || y < 0 || x >= w || y >= h) return;
      total++;
      if (!mask[y * w + x]) tint++;
    };
    for (let x = c.x1; x < c.x2; x += 2) {
      ring(x, c.y1 - 3);
      ring(x, c.y2 + 2);
    }
    for (let y = c.y1; y < c.y2; y += 2) {
      ring(c.x1 - 3, y);
      ring(c.x2 + 2, y);
    }
    if (!total || tint < 0.6 * total) continue;
    boxes.push(pixelRect(f, c.x1, c.y1, c.x2, c.y2));
  }
  // Comb cells divided by faint lines break apart unevenly on a scan: side-by-side white boxes
  // of one height are one blank.
  boxes.sort((a, b) => a.y - b.y || a.x - b.x);
  const merged: Rect[] = [];
  for (const b of boxes) {
    const m = merged.find((o) => Math.abs(o.y - b.y) < 2 && Math.abs(o.height - b.height) < 2.5 && b.x - (o.x + o.width) < 2.5 && b.x >= o.x);
    if (m) m.width = Math.max(m.width, b.x + b.width - m.x);
    else merged.push({ ...b });
  }
  for (const r of merged) {
    const x2 = r.x + r.width;
    const y2 = r.y + r.height;
    out.push(
      { orient: 'h', pos: r.y, lo: r.x, hi: x2, thickness: 0.5, source: 'raster' },
      { orient: 'h', pos: y2, lo: r.x, hi: x2, thickness: 0.5, source: 'raster' },
      { orient: 'v', pos: r.x, lo: r.y, hi: y2, thickness: 0.5, source: 'raster' },
      { orient: 'v', pos: x2, lo: r.y, hi: y2, thickness: 0.5, source: 'raster' },
    );
  }
  return out;
}

/** Shade map in model space: block means relative to the paper level (its 90th percentile). */
function shadeModel(input: RasterModelInput): ShadeMap {
  const { shade, shadeCell, frame } = input;
  const paper = Math.max(1, percentile(shade.data, 0.9));
  const lum = new Float32Array(shade.data.length);
  for (let i = 0; i < lum.length; i++) lum[i] = Math.min(1, shade.data[i] / paper);
  return { x0: frame.x0, yTop: frame.yTop, block: shadeCell / frame.scale, width: shade.width, height: shade.height, lum };
}
