// Scans and photos (PNG, JPEG, TIFF): OCR into lines, "Key: value" lines into ocr_label pairs.
// PNG and JPEG are checked structurally (image-check.ts), decoded with @napi-rs/canvas and handed
// to tesseract as PNG on white; a file that does not decode is refused as unsupported.
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { jpegIsSound, pngIsSound } from './image-check.ts';
import { ocrImage, OcrDecodeError } from './ocr.ts';
import type { OcrWorker } from '../pdf/tesseract.ts';
import { colonPairs } from './pairs.ts';
import { checkSize, type ReadResult, UnsupportedContextFileError } from './types.ts';

/** Small photos are upscaled so letters are ~30 px tall for tesseract; huge ones scaled down. */
const MIN_SIDE = 1200;
const MAX_SIDE = 4000;

/** The image decoded and re-encoded as PNG on white, scaled for OCR; null when it is not a sound PNG or JPEG. */
export async function imageToPng(bytes: Uint8Array, format: 'png' | 'jpeg'): Promise<Buffer | null> {
  if (format === 'png' ? !pngIsSound(bytes) : !jpegIsSound(bytes)) return null;
  let img;
  try {
    img = await loadImage(Buffer.from(bytes));
  } catch {
    return null;
  }
  if (!img.width || !img.height) return null;
  const longest = Math.max(img.width, img.height);
  const scale = longest < MIN_SIDE ? Math.min(3, MIN_SIDE / longest) : longest > MAX_SIDE ? MAX_SIDE / longest : 1;
  const w = Math.max(1, Math.round(img.width * scale));
  const h = Math.max(1, Math.round(img.height * scale));
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff'; // transparent PNGs read as black otherwise
  ctx.fillRect(0, 0, w, h);
  ctx.drawImage(img, 0, 0, w, h);
  return canvas.toBuffer('image/png');
}

export async function readImage(bytes: Uint8Array, format: 'png' | 'jpeg' | 'tiff', ocr: boolean, maxChars: number, name: string, worker?: OcrWorker): Promise<ReadResult> {
  // PNG and JPEG through canvas; TIFF (which canvas does not decode) straight to tesseract's
  // own decoder (Leptonica in WebAssembly, where a bad file is an error, not a crash).
  const input = format === 'tiff' ? Buffer.from(bytes) : await imageToPng(bytes, format);
  if (!input) throw new UnsupportedContextFileError(`The image "${name}" could not be decoded.`);
  if (!ocr) return { kind: 'image', pages: 1, lines: [], pairs: [] };
  let lines;
  try {
    lines = await ocrImage(input, 1, worker);
  } catch (err) {
    if (err instanceof OcrDecodeError) throw new UnsupportedContextFileError(`The image "${name}" could not be decoded: ${err.message}`);
    throw err;
  }
  checkSize(lines.reduce((n, l) => n + l.text.length + 1, 0), maxChars, name);
  return { kind: 'image', pages: 1, lines, pairs: colonPairs(lines, 'ocr_label') };
}
