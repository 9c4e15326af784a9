// PDFs: the text layer grouped into lines with positions, the values of a filled AcroForm as
// pairs, and OCR for pages that are essentially one scanned image.
import { createCanvas } from '@napi-rs/canvas';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { OPS } from '../pdf/pdfjs.ts';
import { PdfError } from '../pdf/errors.ts';
import { unreadableReason } from '../pdf/guard.ts';
import { PdfDocument } from '../pdf/document.ts';
import type { OcrWorker } from '../pdf/tesseract.ts';
import { ocrImage } from './ocr.ts';
import { colonPairs } from './pairs.ts';
import { checkSize, type KeyValue, type ReadResult, type TextLine, UnsupportedContextFileError } from './types.ts';

/** A page with fewer characters of text than this, and an image painted on it, is a scan. */
const SCAN_MAX_TEXT = 20;
const OCR_DPI = 200;
/** What pdf.js throws on a broken document: its own exceptions, and a RangeError on nesting too deep for the stack. */
const PDFJS_FAILURE = /^(UnknownErrorException|InvalidPDFException|FormatError|RangeError)$/;

interface Run {
  str: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export async function readPdf(bytes: Uint8Array, ocr: boolean, maxChars: number, name: string, worker?: OcrWorker): Promise<ReadResult> {
  // One document for the page text and the form's values: a form only pdf.js can read is parsed once.
  const pdf = new PdfDocument(bytes);
  let doc;
  try {
    doc = await pdf.pdfjs();
  } catch (err) {
    await pdf.close();
    if (err instanceof PdfError) throw new UnsupportedContextFileError(`The PDF "${name}" could not be read: ${err.message}`);
    throw err;
  }
  try {
    const lines: TextLine[] = [];
    const pairs: KeyValue[] = [];
    let chars = 0;
    let scanned = 0;
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      let pageLines = await textLines(page, p);
      let method: KeyValue['method'] = 'label_colon';
      const textChars = pageLines.reduce((n, l) => n + l.text.replace(/\s/g, '').length, 0);
      if (ocr && textChars < SCAN_MAX_TEXT && (await paintsImage(page))) {
        pageLines = await ocrImage(await renderPng(page), p, worker);
        method = 'ocr_label';
        scanned++;
      }
      page.cleanup();
      chars += pageLines.reduce((n, l) => n + l.text.length + 1, 0);
      checkSize(chars, maxChars, name);
      lines.push(...pageLines);
      pairs.push(...colonPairs(pageLines, method));
    }
    // Filled forms: the values are in the fields, not in the page content.
    // A malformed form dictionary costs the field values, not the text already read.
    const filled = await pdf.acroForm().then((r) => r.fields, () => []);
    for (const f of filled) {
      if (f.value === null || f.value.trim() === '' || f.type === 'signature') continue;
      const key = (f.tooltip || f.label).replace(/\s+/g, ' ').trim();
      pairs.push({ key, value: f.value, page: f.page + 1, location: `field ${f.name}`, method: 'acroform' });
      chars += key.length + f.value.length;
    }
    checkSize(chars, maxChars, name);
    return { kind: scanned > 0 ? 'scanned_pdf' : 'pdf', pages: doc.numPages, lines, pairs };
  } catch (err) {
    // A page pdf.js cannot read (a page-tree cycle, objects nested too deeply) is the document's
    // fault: refused at once like an unreadable file, never retried as if the service had failed.
    if (PDFJS_FAILURE.test((err as Error)?.name ?? '')) throw new UnsupportedContextFileError(`The PDF "${name}" could not be read: ${unreadableReason(err)}`);
    throw err;
  } finally {
    await pdf.close();
  }
}

/** pdf.js text runs grouped into lines: runs whose baselines lie within half a glyph height. */
async function textLines(page: PDFPageProxy, pageNo: number): Promise<TextLine[]> {
  const content = await page.getTextContent();
  const runs: Run[] = [];
  for (const item of content.items) {
    if (!('str' in item) || !item.str.trim()) continue;
    const t = item.transform as number[];
    const h = item.height || Math.hypot(t[2], t[3]) || 10;
    runs.push({ str: item.str, x: t[4], y: t[5], w: item.width, h });
  }
  runs.sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: Run[][] = [];
  for (const r of runs) {
    const g = groups[groups.length - 1];
    if (g && Math.abs(g[0].y - r.y) < Math.max(2, Math.min(g[0].h, r.h) / 2)) g.push(r);
    else groups.push([r]);
  }
  return groups.map((g, i) => {
    g.sort((a, b) => a.x - b.x);
    let text = '';
    let prev: Run | undefined;
    for (const r of g) {
      if (prev) {
        const gap = r.x - (prev.x + prev.w);
        // A wide gap separates columns (a label and its value); keep it visible as a tab-like run.
        if (gap > r.h * 2) text += '   ';
        else if (gap > r.h * 0.15 && !text.endsWith(' ') && !r.str.startsWith(' ')) text += ' ';
      }
      text += r.str;
      prev = r;
    }
    const x = Math.min(...g.map((r) => r.x));
    const y = Math.min(...g.map((r) => r.y));
    const right = Math.max(...g.map((r) => r.x + r.w));
    const top = Math.max(...g.map((r) => r.y + r.h));
    const round = (n: number) => Math.round(n * 100) / 100;
    return {
      text: text.replace(/\s+$/, '').replace(/^\s+/, ''),
      page: pageNo,
      location: `p${pageNo} l${i + 1}`,
      bbox: { x: round(x), y: round(y), width: round(right - x), height: round(top - y) },
    };
  });
}

async function paintsImage(page: PDFPageProxy): Promise<boolean> {
  const ops = await page.getOperatorList();
  return ops.fnArray.some((fn) => fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject || fn === OPS.paintImageMaskXObject);
}

async function renderPng(page: PDFPageProxy): Promise<Buffer> {
  const viewport = page.getViewport({ scale: OCR_DPI / 72 });
  const width = Math.max(1, Math.round(viewport.width));
  const height = Math.max(1, Math.round(viewport.height));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  const params = { canvas, viewport, annotationMode: 0 } as unknown as Parameters<PDFPageProxy['render']>[0];
  await page.render(params).promise;
  return canvas.toBuffer('image/png');
}
