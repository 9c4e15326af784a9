// OCR of label lines on scanned pages, with tesseract.js and the English model shipped in the
// npm package @tesseract.js-data/eng (never downloaded). Only the lines the label stage picked
// are read, packed into one tall strip per call: one recognition per strip costs far less than
// one per line, and whole-page OCR would cost ten times more again.
import type { Rect } from '../types.ts';
import { OcrWorker } from '../tesseract.ts';
import type { PixelFrame } from './raster-model.ts';
import { rectPixels } from './raster-model.ts';
import type { GrayImage } from './raster.ts';

/** An OCR worker set up for label strips: a block of separate lines (label lines stacked with gaps). */
export const labelOcrWorker = () => new OcrWorker('6', 'formfill-tesseract');

// The detector's own worker, for callers that pass none (DetectOptions.ocrWorker).
const ocr = labelOcrWorker();

/** Stop the detector's own OCR worker now (tests, benchmarks, shutdown). It restarts on the next need. */
export const terminateOcr = () => ocr.terminate();

/** Start `worker` (default: the detector's own) ahead of the first strip: see OcrWorker.warm. */
export const warmOcr = (worker: OcrWorker = ocr) => worker.warm();

interface Crop {
  index: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  scale: number;
  top: number; // row in the strip
  height: number; // scaled height in the strip
}

const GAP = 18;
const TARGET_H = 34;
const MAX_STRIP_H = 2400;

/**
 * Read the text of each model-space rect on the page image. Returns one string per rect
 * ('' when nothing was read).
 */
export async function ocrLines(img: GrayImage, frame: PixelFrame, rects: readonly Rect[], worker: OcrWorker = ocr): Promise<string[]> {
  const texts = rects.map(() => '');
  const crops: Crop[] = [];
  rects.forEach((r, index) => {
    const [x1, y1, x2, y2] = rectPixels(frame, { x: r.x - 2, y: r.y - 2, width: r.width + 4, height: r.height + 4 }, img.width, img.height);
    if (x2 - x1 < 4 || y2 - y1 < 4) return;
    // Normalise the text height: tesseract reads best at ~30 px lines; tiny print is upscaled.
    const scale = Math.min(2.5, Math.max(0.5, TARGET_H / (y2 - y1)));
    crops.push({ index, x1, y1, x2, y2, scale, top: 0, height: Math.round((y2 - y1) * scale) });
  });
  if (!crops.length) return texts;
  await worker.run(async (w) => {
    for (const strip of packStrips(crops)) {
      const width = Math.max(...strip.map((c) => Math.round((c.x2 - c.x1) * c.scale))) + 2 * GAP;
      const height = strip[strip.length - 1].top + strip[strip.length - 1].height + GAP;
      const pgm = drawStrip(img, strip, width, height);
      const res = await w.recognize(pgm, {}, { blocks: true, text: false });
      const lines = (res.data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
      for (const line of lines) {
        const mid = (line.bbox.y0 + line.bbox.y1) / 2;
        const crop = strip.find((c) => mid >= c.top - GAP / 2 && mid <= c.top + c.height + GAP / 2);
        if (!crop) continue;
        const words = line.words.filter((wd) => wd.confidence > 30).map((wd) => wd.text);
        const text = words.join(' ').trim();
        if (text) texts[crop.index] = texts[crop.index] ? `${texts[crop.index]} ${text}` : text;
      }
    }
  });
  return texts;
}

function packStrips(crops: Crop[]): Crop[][] {
  const strips: Crop[][] = [];
  let cur: Crop[] = [];
  let y = GAP;
  for (const c of crops) {
    if (cur.length && y + c.height > MAX_STRIP_H) {
      strips.push(cur);
      cur = [];
      y = GAP;
    }
    c.top = y;
    cur.push(c);
    y += c.height + GAP;
  }
  if (cur.length) strips.push(cur);
  return strips;
}

/**
 * The strip as a binary PGM (8-bit grey): tesseract reads it as it reads the same pixels in a PNG,
 * without the PNG's compression here and decompression on the OCR thread.
 */
function drawStrip(img: GrayImage, strip: Crop[], width: number, height: number): Buffer {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const out = Buffer.alloc(header.length + width * height, 255);
  header.copy(out);
  const px = out.subarray(header.length);
  for (const c of strip) {
    // Nearest-neighbour scaling: the source column of each strip column, found once per crop.
    const cw = Math.round((c.x2 - c.x1) * c.scale);
    const cols = new Int32Array(cw);
    for (let x = 0; x < cw; x++) cols[x] = Math.min(c.x2 - 1, c.x1 + Math.floor(x / c.scale));
    for (let y = 0; y < c.height; y++) {
      const row = Math.min(c.y2 - 1, c.y1 + Math.floor(y / c.scale)) * img.width;
      const o = (c.top + y) * width + GAP;
      for (let x = 0; x < cw; x++) px[o + x] = img.data[row + cols[x]];
    }
  }
  return out;
}
