// OCR of whole images with tesseract.js and the English model shipped in the npm package
// @tesseract.js-data/eng (never downloaded). One worker, started on first need and stopped after
// a few idle seconds; jobs run one at a time on it (the machines have two cores).
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { TextLine } from './types.ts';

type TesseractWorker = Awaited<ReturnType<(typeof import('tesseract.js'))['createWorker']>>;

const require = createRequire(import.meta.url);
const LANG_DIR = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
const IDLE_MS = 5_000;

let worker: Promise<TesseractWorker> | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let queue: Promise<unknown> = Promise.resolve();
let busy = 0;

async function startWorker(): Promise<TesseractWorker> {
  const { createWorker } = await import('tesseract.js');
  const w = await createWorker('eng', 1, {
    langPath: LANG_DIR,
    gzip: true,
    cachePath: path.join(os.tmpdir(), 'formfill-extract-tesseract'),
    cacheMethod: 'none',
    // Without a handler tesseract.js rethrows a failed job (an undecodable image) as an uncaught
    // exception; with one, the job's promise is rejected and handled here.
    errorHandler: () => undefined,
  });
  await w.setParameters({
    tessedit_pageseg_mode: '3' as never, // automatic page segmentation: letters, IDs, stubs
    preserve_interword_spaces: '1',
    debug_file: '/dev/null',
  });
  return w;
}

function getWorker(): Promise<TesseractWorker> {
  if (idleTimer) {
    clearTimeout(idleTimer);
    idleTimer = null;
  }
  if (!worker) {
    worker = startWorker();
    worker.catch(() => {
      worker = null;
    });
  }
  return worker;
}

/** Stop the OCR worker now (tests, shutdown). It restarts on the next need. */
export async function terminateExtractOcr(): Promise<void> {
  if (idleTimer) {
    clearTimeout(idleTimer);
    idleTimer = null;
  }
  const w = worker;
  worker = null;
  if (w) await (await w.catch(() => null))?.terminate().catch(() => undefined);
}

export class OcrDecodeError extends Error {}

/**
 * The text lines of an image (PNG, JPEG, or anything tesseract's Leptonica decodes), in reading
 * order, with pixel boxes (origin top-left). Words read with confidence under 30 are dropped.
 */
export async function ocrImage(image: Buffer, page: number): Promise<TextLine[]> {
  busy++;
  const run = queue.then(async () => {
    const w = await getWorker();
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
  queue = run.catch(() => undefined);
  try {
    return await run;
  } finally {
    busy--;
    if (busy === 0) {
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = setTimeout(() => void terminateExtractOcr(), IDLE_MS);
      idleTimer.unref();
    }
  }
}
