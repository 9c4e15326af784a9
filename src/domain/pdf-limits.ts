// PDF bounds checked on the raw bytes before any parser or renderer runs (issue #17): the number of
// indirect objects, the pixels an image declares, and what the Flate streams inflate to, all together. Streams cannot live inside
// object streams, so every stream dictionary is visible in the file as written. Inflation runs on
// zlib's thread pool (async), counted chunk by chunk and stopped past the budget; nothing is kept.
import { createInflate } from 'node:zlib';
import { DomainError } from './errors.ts';
import { LIMITS } from '../limits.ts';
import { pdfSummary, type PdfDocument } from '../pdf/document.ts';
import { dictBefore, STREAM_START, xrefDictFault } from '../pdf/xref-streams.ts';
import type { UploadedDocument } from './documents.ts';

/**
 * An uploaded form PDF checked against the limits (every door that takes a form: POST /forms, the
 * context routes, the pay gate), and what a form row needs from it: pages and a title. `pdf`: the
 * upload already opened by a caller that reads more of it (the pay door prices it and runs the route).
 */
export async function admitPdf(file: UploadedDocument, pdf?: PdfDocument) {
  await checkPdfBounds(file.bytes); // 413 too_many_objects, image_too_large, pdf_too_large: before a parser runs on it
  const info = await (pdf ? pdf.summary() : pdfSummary(file.bytes));
  checkPageCount(info.page_count);
  if (info.page_count === 0) throw new DomainError('invalid', 'unreadable_pdf', 'The PDF has no pages.');
  const title = info.title ?? (file.filename.replace(/\.pdf$/i, '').trim() || 'Untitled form');
  return { info, title };
}

/** 413 too_many_pages past LIMITS.pages. */
export function checkPageCount(pages: number): void {
  if (pages > LIMITS.pages) throw new DomainError('too_large', 'too_many_pages', `The PDF has ${pages} pages; at most ${LIMITS.pages} are accepted.`, { max: LIMITS.pages });
}

export interface PdfBounds {
  /** Indirect objects: written in the file ("n g obj") plus those object streams declare (/N). */
  objects: number;
  /** Largest image, in declared pixels. */
  maxImagePixels: number;
  /** Bytes all Flate streams inflate to (stopped once past the limit). */
  inflatedBytes: number;
}

const OBJ = /\d+\s+\d+\s+obj\b/g;

/** Throws 413 too_many_objects, image_too_large or pdf_too_large; `what` names the file in the message. */
export async function checkPdfBounds(bytes: Uint8Array, what = 'The PDF'): Promise<PdfBounds> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let objects = 0;
  const tooManyObjects = () => new DomainError('too_large', 'too_many_objects', `${what} holds more than ${LIMITS.pdfObjects.toLocaleString('en-US')} objects; it is refused before it is read.`, { max_objects: LIMITS.pdfObjects });
  const countObjects = (n: number) => {
    objects += n;
    if (objects > LIMITS.pdfObjects) throw tooManyObjects();
  };
  OBJ.lastIndex = 0;
  for (let m = OBJ.exec(text); m; m = OBJ.exec(text)) countObjects(1);
  let maxImagePixels = 0;
  let inflated = 0;
  const streams = new RegExp(STREAM_START, 'g'); // this call's own: another check may run between its awaits
  for (let m = streams.exec(text); m; m = streams.exec(text)) {
    const dict = dictBefore(text, m.index);
    const start = m.index + m[0].length;
    // A cross-reference stream declaring fields no reader can take, or entries for more objects than
    // allowed (it lists the objects counted above: its count is checked on its own, not added).
    const xref = xrefDictFault(dict, LIMITS.pdfObjects);
    if (xref?.kind === 'widths') throw new DomainError('invalid', 'unreadable_pdf', `${what} could not be read: its cross-reference stream declares fields of ${xref.widths} bytes.`);
    if (xref?.kind === 'entries') throw tooManyObjects();
    if (/\/Type\s*\/ObjStm\b/.test(dict)) countObjects(Number(/\/N\s+(\d+)/.exec(dict)?.[1] ?? 0));
    if (/\/Subtype\s*\/Image\b/.test(dict)) {
      const w = Number(/\/Width\s+(\d+)/.exec(dict)?.[1] ?? 0);
      const h = Number(/\/Height\s+(\d+)/.exec(dict)?.[1] ?? 0);
      maxImagePixels = Math.max(maxImagePixels, w * h);
      if (w * h > LIMITS.pdfImagePixels) {
        throw new DomainError('too_large', 'image_too_large', `${what} holds an image of ${w} × ${h} pixels; at most ${LIMITS.pdfImagePixels / 1e6} million pixels an image are accepted.`, { width: w, height: h, max_pixels: LIMITS.pdfImagePixels });
      }
    }
    // Only a stream whose first filter is Flate is inflated here; the rest are bounded by their size.
    const filter = /\/Filter\s*(\[\s*)?\/(\w+)/.exec(dict)?.[2];
    if (filter !== 'FlateDecode' && filter !== 'Fl') continue;
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    let end = length ? start + Number(length[1]) : text.indexOf('endstream', start);
    if (end < start || end > text.length) end = text.indexOf('endstream', start);
    if (end < 0) end = text.length;
    inflated += await inflatedSize(bytes.subarray(start, end), LIMITS.pdfInflatedBytes - inflated);
    if (inflated > LIMITS.pdfInflatedBytes) {
      throw new DomainError('too_large', 'pdf_too_large', `${what} decompresses to more than ${LIMITS.pdfInflatedBytes / (1024 * 1024)} MiB; it is refused before it is read.`, { max_inflated_bytes: LIMITS.pdfInflatedBytes });
    }
    streams.lastIndex = Math.max(streams.lastIndex, end);
  }
  return { objects, maxImagePixels, inflatedBytes: inflated };
}

/** Bytes a zlib stream inflates to, or budget + 1 once past it. Corrupt data: what came out. */
function inflatedSize(data: Uint8Array, budget: number): Promise<number> {
  return new Promise((resolve) => {
    let size = 0;
    let done = false;
    const inflate = createInflate({ chunkSize: 64 * 1024 });
    const finish = () => {
      if (done) return;
      done = true;
      inflate.destroy();
      resolve(Math.min(size, budget + 1));
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) finish();
    });
    inflate.on('end', finish);
    inflate.on('error', finish);
    inflate.on('close', finish);
    inflate.end(data);
  });
}
