// OCR of whole images of supporting documents (scans, photos, image-only PDF pages).
import { OcrWorker } from '../pdf/tesseract.ts';
import type { TextLine } from './types.ts';

/** An OCR worker set up for whole documents: automatic page segmentation (ID cards, letters, pay stubs). */
export const documentOcrWorker = () => new OcrWorker('3', 'formfill-extract-tesseract');

// The reader's own worker, for callers that pass none (ReadOptions.ocrWorker).
const ocr = documentOcrWorker();

/** Stop the reader's own OCR worker now (tests, shutdown). It restarts on the next need. */
export const terminateExtractOcr = () => ocr.terminate();

export class OcrDecodeError extends Error {}

/**
 * The text lines of an image (PNG, JPEG, or anything tesseract's Leptonica decodes), in reading
 * order, with pixel boxes (origin top-left). Words read with confidence under 30 are dropped.
 */
export async function ocrImage(image: Buffer, page: number, worker: OcrWorker = ocr): Promise<TextLine[]> {
  return worker.run(async (w) => {
    let res;
    try {
      res = await w.recognize(image, {}, { blocks: true, text: false });
    } catch (err) {
      throw new OcrDecodeError(String((err as Error)?.message ?? err));
    }
    const out: TextLine[] = [];
    const lines = (res.data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
    for (const line of lines) {
      const text = line.words
        .filter((wd) => wd.confidence > 30)
        .map((wd) => wd.text)
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim();
      if (!text) continue;
      const { x0, y0, x1, y1 } = line.bbox;
      out.push({ text, page, location: '', bbox: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } });
    }
    out.forEach((l, i) => (l.location = `p${page} l${i + 1}`));
    return out;
  });
}
