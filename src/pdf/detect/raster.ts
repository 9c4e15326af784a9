// Scanned pages, image side: render the page to grey pixels, measure and undo the skew, and
// binarise with a local threshold (paper tone, shading and noise vary across a scan). Plain
// typed-array code: a 200 dpi letter page is 3.7 Mpx, so every pass is kept linear.
import { createCanvas } from '@napi-rs/canvas';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface GrayImage {
  width: number;
  height: number;
  /** 0 = black .. 255 = white, row-major. */
  data: Uint8Array;
}

export interface Rendered {
  image: GrayImage;
  /** Pixels per point. */
  scale: number;
}

/** A window of the rendered page, in pixels from its top-left corner. */
export interface PixelWindow {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Render the page to grey pixels at `dpi`, turned by `rotation` (degrees, as /Rotate). With
 * `window`, only that part is rasterised (the page is still interpreted, but most of the cost is
 * pixels).
 */
export async function renderGray(page: PDFPageProxy, dpi: number, rotation = page.rotate, window?: PixelWindow): Promise<Rendered> {
  const scale = dpi / 72;
  const viewport = page.getViewport({ scale, rotation, offsetX: window ? -window.left : 0, offsetY: window ? -window.top : 0 });
  const width = Math.max(1, Math.round(window ? window.width : viewport.width));
  const height = Math.max(1, Math.round(window ? window.height : viewport.height));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  // pdfjs draws on any 2D canvas with the DOM API; @napi-rs/canvas provides one in Node.
  const params = { canvas, viewport, annotationMode: 0 } as unknown as Parameters<PDFPageProxy['render']>[0];
  await page.render(params).promise;
  // The canvas's own pixel memory (opaque on the white fill: the same bytes getImageData copies out).
  const own = canvas.data();
  const rgba = own.length === width * height * 4 ? own : ctx.getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < data.length; i++, j += 4) {
    data[i] = (rgba[j] * 77 + rgba[j + 1] * 150 + rgba[j + 2] * 29) >> 8;
  }
  return { image: { width, height, data }, scale };
}

/**
 * Dark pixels: darker than the local mean by `offset`, and darker than `ceiling`. Both default
 * from the page's own noise: the spread of the paper's grey (most pixels are paper) sets how far
 * below the local mean ink must be, so scanner noise and dust stay white on noisy scans while
 * faint rules survive on clean ones.
 */
export function binarize(img: GrayImage, window = 31, offset?: number, ceiling?: number): Uint8Array {
  if (offset === undefined || ceiling === undefined) {
    const hist = histogram(img.data);
    const p50 = histogramPercentile(hist, img.data.length, 0.5);
    const p85 = histogramPercentile(hist, img.data.length, 0.85);
    const sigma = Math.max(1, (p85 - p50) / 1.04);
    offset ??= Math.max(16, 4 * sigma);
    ceiling ??= p50 - Math.max(12, 4 * sigma);
  }
  const { width: w, height: h, data } = img;
  // Integral image of grey values (row stride w + 1). Its sums are whole numbers up to 255 per
  // pixel: 32-bit integers hold them for pages up to 16.8 Mpx, at half the memory of doubles.
  const W = w + 1;
  const integral = w * h * 255 < 2 ** 32 ? new Uint32Array(W * (h + 1)) : new Float64Array(W * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += data[y * w + x];
      integral[(y + 1) * W + x + 1] = integral[y * W + x + 1] + row;
    }
  }
  const out = new Uint8Array(w * h);
  const r = window >> 1;
  const off = offset;
  const ceil = ceiling;
  for (let y = 0; y < h; y++) {
    const y1 = Math.max(0, y - r);
    const y2 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const v = data[y * w + x];
      if (v > ceil) continue;
      const x1 = Math.max(0, x - r);
      const x2 = Math.min(w, x + r + 1);
      const sum = integral[y2 * W + x2] - integral[y1 * W + x2] - integral[y2 * W + x1] + integral[y1 * W + x1];
      const mean = sum / ((x2 - x1) * (y2 - y1));
      // In a large dark area the local mean is dark too: fall back to an absolute test.
      if (v < mean - off || v < 90) out[y * w + x] = 1;
    }
  }
  return out;
}

/**
 * Skew in degrees (counter-clockwise positive, PDF convention) that best aligns ink rows:
 * the angle whose horizontal projection profile is sharpest. Measured on a 3× reduced, block-
 * averaged image thresholded against the paper level: averaging removes scan noise and JPEG
 * block artefacts, which otherwise pull the answer to exactly 0°.
 */
export function estimateSkew(img: GrayImage, maxDeg = 2): number {
  const f = 3;
  const w = Math.floor(img.width / f);
  const h = Math.floor(img.height / f);
  const small = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let dy = 0; dy < f; dy++) {
        const row = (y * f + dy) * img.width + x * f;
        for (let dx = 0; dx < f; dx++) sum += img.data[row + dx];
      }
      small[y * w + x] = sum / (f * f);
    }
  }
  const paper = percentile(small, 0.9);
  const pts: number[] = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (small[y * w + x] < paper - 60) pts.push(x, y);
  if (pts.length < 200) return 0;
  const cx = w / 2;
  const cy = h / 2;
  const off = Math.ceil(h * 0.1);
  const bins = new Float64Array(h + 2 * off + 2);
  const score = (deg: number) => {
    // Image y grows downward: a counter-clockwise tilt makes ink rows rise to the right.
    const t = (deg * Math.PI) / 180;
    const s = Math.sin(t);
    const c = Math.cos(t);
    bins.fill(0);
    for (let i = 0; i < pts.length; i += 2) {
      const x = pts[i] - cx;
      const y = pts[i + 1] - cy;
      const yr = x * s + y * c + cy + off;
      // Linear split between the two nearest bins keeps the profile smooth in the angle.
      const b = Math.floor(yr);
      const fr = yr - b;
      if (b >= 0 && b + 1 < bins.length) {
        bins[b] += 1 - fr;
        bins[b + 1] += fr;
      }
    }
    let sum = 0;
    for (let i = 0; i < bins.length; i++) sum += bins[i] * bins[i];
    return sum;
  };
  let best = 0;
  let bestScore = -1;
  for (let d = -maxDeg; d <= maxDeg + 1e-9; d += 0.1) {
    const sc = score(d);
    if (sc > bestScore) [best, bestScore] = [d, sc];
  }
  const coarse = best;
  for (let d = coarse - 0.1; d <= coarse + 0.1 + 1e-9; d += 0.01) {
    const sc = score(d);
    if (sc > bestScore) [best, bestScore] = [d, sc];
  }
  return Math.abs(best) < 0.05 ? 0 : Math.round(best * 100) / 100;
}

/**
 * Does the text on this picture run vertically? Text lines make the row profile of ink sharp;
 * on a sideways page the column profile is the sharp one.
 */
export function looksSideways(img: GrayImage): boolean {
  const f = 4;
  const w = Math.floor(img.width / f);
  const h = Math.floor(img.height / f);
  const paper = percentile(img.data, 0.9);
  const rows = new Float64Array(h);
  const cols = new Float64Array(w);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (img.data[y * f * img.width + x * f] < paper - 60) {
        rows[y]++;
        cols[x]++;
      }
    }
  }
  // Sharpness: variance of neighbouring differences, per unit of ink.
  const sharp = (p: Float64Array) => {
    let s = 0;
    for (let i = 1; i < p.length; i++) s += (p[i] - p[i - 1]) ** 2;
    return s / Math.max(1, p.length);
  };
  return sharp(cols) > 1.5 * sharp(rows);
}

export function percentile(values: ArrayLike<number>, q: number): number {
  return histogramPercentile(histogram(values), values.length, q);
}

/** Counts of the 0..255 values (bytes are their own bin: no rounding or clamping). */
function histogram(values: ArrayLike<number>): Uint32Array {
  const hist = new Uint32Array(256);
  if (values instanceof Uint8Array || values instanceof Uint8ClampedArray) {
    // Four tables filled in turn: consecutive pixels are mostly the same grey (paper), and
    // incrementing one counter back to back waits on each previous increment.
    const h1 = new Uint32Array(256);
    const h2 = new Uint32Array(256);
    const h3 = new Uint32Array(256);
    const n = values.length;
    let i = 0;
    for (; i + 3 < n; i += 4) {
      hist[values[i]]++;
      h1[values[i + 1]]++;
      h2[values[i + 2]]++;
      h3[values[i + 3]]++;
    }
    for (; i < n; i++) hist[values[i]]++;
    for (let v = 0; v < 256; v++) hist[v] += h1[v] + h2[v] + h3[v];
  } else for (let i = 0; i < values.length; i++) hist[Math.max(0, Math.min(255, Math.round(values[i])))]++;
  return hist;
}

/** The `q` quantile of `count` values counted in `hist`. */
function histogramPercentile(hist: Uint32Array, count: number, q: number): number {
  let acc = 0;
  const target = q * count;
  for (let v = 0; v < 256; v++) {
    acc += hist[v];
    if (acc >= target) return v;
  }
  return 255;
}

/**
 * Rotate the image by `deg` (counter-clockwise positive in PDF terms, i.e. y up) about its
 * centre, bilinear, white outside. Deskewing applies minus the measured skew.
 */
export function rotateGray(img: GrayImage, deg: number): GrayImage {
  if (!deg) return img;
  const { width: w, height: h, data } = img;
  const out = new Uint8Array(w * h).fill(255);
  const t = (deg * Math.PI) / 180;
  // In image coordinates (y down) a y-up counter-clockwise rotation is clockwise: invert for sampling.
  const c = Math.cos(t);
  const s = Math.sin(t);
  const cx = w / 2;
  const cy = h / 2;
  for (let y = 0; y < h; y++) {
    const dy = y - cy;
    for (let x = 0; x < w; x++) {
      const dx = x - cx;
      // Source point: inverse rotation of (dx, dy) in y-down coordinates.
      const sx = c * dx - s * dy + cx;
      const sy = s * dx + c * dy + cy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= w - 1 || y0 >= h - 1) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * w + x0;
      const top = data[i] + (data[i + 1] - data[i]) * fx;
      const bot = data[i + w] + (data[i + w + 1] - data[i + w]) * fx;
      out[y * w + x] = top + (bot - top) * fy;
    }
  }
  return { width: w, height: h, data: out };
}

/** Average grey per `cell`×`cell` block: a small picture of shading (grey boxes, dark bars). */
export function shadeMap(img: GrayImage, cell: number): GrayImage {
  const w = Math.ceil(img.width / cell);
  const h = Math.ceil(img.height / cell);
  // Whole sums (255 × cell² at most per block), each pixel row added block by block.
  const sum = new Uint32Array(w * h);
  for (let y = 0; y < img.height; y++) {
    const by = Math.floor(y / cell) * w;
    const row = y * img.width;
    for (let bx = 0, x = 0; bx < w; bx++) {
      const end = Math.min(img.width, x + cell);
      let s = 0;
      for (; x < end; x++) s += img.data[row + x];
      sum[by + bx] += s;
    }
  }
  const data = new Uint8Array(w * h);
  for (let by = 0; by < h; by++) {
    const rows = Math.min(cell, img.height - by * cell);
    for (let bx = 0; bx < w; bx++) data[by * w + bx] = Math.round(sum[by * w + bx] / (rows * Math.min(cell, img.width - bx * cell)));
  }
  return { width: w, height: h, data };
}
