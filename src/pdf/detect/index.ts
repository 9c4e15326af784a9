// The field-detection engine: PDF bytes → fields in reading order.
//
//   page-model / raster-model   stage 1: the page as segments, fills, marks, text lines
//   candidates-*                stage 2: boxes, cells, combs, rules, marks → candidates
//   keep-blank                  stage 2: office-use areas, whose candidates are dropped (on a
//                               scan once the notices are OCR'd with the labels)
//   ../labels/                  stage 3: captions (the label engine), data type, required
//   order                       stage 4: reading order (column-aware)
//
// Vector pages read pdfjs' text and drawing operators; scanned pages (one big image, no rules)
// are rendered, deskewed and binarised, and only the label lines (and office-use notices) are OCR'd.
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { FormField, PageInfo, Rect } from '../types.ts';
import type { Candidate } from './candidate.ts';
import { findCandidates, pageGrid, scanKeepBlank } from './candidates.ts';
import { inKeepBlank } from './keep-blank.ts';
import { assembleFields } from './fields.ts';
import { resolveGlyphMarks } from './glyph-marks.ts';
import type { Matrix } from './geometry.ts';
import { area, intersection, roundRect, unionAll } from './geometry.ts';
import { captionLines, carrySections, chooseCaptions, type Caption } from '../labels/index.ts';
import type { PageModel, TextLine } from './model.ts';
import { ocrLines, warmOcr } from './ocr.ts';
import type { OcrWorker } from '../tesseract.ts';
import type { PdfDocument } from '../document.ts';
import { readingOrder } from './order.ts';
import { buildVectorModel, readRawPage } from './page-model.ts';
import { openPdf, type PDFDocumentProxy } from './pdfjs.ts';
import { renderFromOperators } from './page-operators.ts';
import type { PixelFrame } from './raster-model.ts';
import { buildRasterModel, rasterTextLines } from './raster-model.ts';
import { binarize, estimateSkew, looksSideways, renderGray, rotateGray, shadeMap } from './raster.ts';
import { linesBeside } from './signature-lines.ts';
import { groupLines } from './text-lines.ts';
import { displayMatrix, invert, mapRect } from './text.ts';

export { PdfReadError } from './pdfjs.ts';
export { labelOcrWorker, terminateOcr } from './ocr.ts';

export const DETECTOR_VERSION = 'detect-1.1.0'; // 1.1: the label engine (captions, questions, tables, sections)

export interface DetectOptions {
  /** OCR the labels of scanned pages (default true). Without OCR, scanned fields get no labels. */
  ocr?: boolean;
  /** Zero-based page indexes to detect on (default: all). */
  pages?: number[];
  /** The OCR worker to read labels with (default: the detector's own, started on first need). */
  ocrWorker?: OcrWorker;
}

export interface DetectionResult {
  pages: PageInfo[];
  fields: FormField[];
  scanned_pages: number[];
  detector_version: string;
  /** What went wrong without failing the detection ("page 2: OCR failed: …"), for the caller to log. */
  warnings: string[];
}

const SCAN_DPI = 200;
const MAX_SCAN_PIXELS = 16_000_000;
const SHADE_BLOCK = 6; // pixels per shade-map block (about 2 pt at 200 dpi)

/** Pages whose labels may be in OCR (on the OCR worker's thread) while later pages are read. */
const OCR_BACKLOG = 2;

/**
 * Detects the fields of a PDF: its bytes, or a document the caller opened (and closes: a request
 * that reads the same upload again shares the parse).
 */
export async function detectFields(pdf: Uint8Array | PdfDocument, options: DetectOptions = {}): Promise<DetectionResult> {
  const doc = await openPdf(pdf);
  const drafts: PageDraft[] = [];
  try {
    for (let i = 0; i < doc.numPages; i++) {
      if (options.pages && !options.pages.includes(i)) {
        const info = await pageInfo(doc, i).catch(() => ({ index: i, width: 0, height: 0, rotate: 0 }));
        drafts.push({ info, scanned: false, warnings: [], fields: Promise.resolve([]) });
        continue;
      }
      // The OCR of a page's labels runs while the next pages are read; a page waits when
      // OCR_BACKLOG pages before it are still in OCR (each holds its page image).
      const waiting = drafts.at(-OCR_BACKLOG);
      if (waiting) await waiting.fields.catch(() => undefined);
      // A page that fails is read once more (a passing fault under load); one that fails again
      // fails the whole detection: a contract missing a page must never look complete.
      let draft: PageDraft;
      try {
        draft = await detectOnePage(doc, i, options);
      } catch {
        try {
          draft = await detectOnePage(doc, i, options);
        } catch (err) {
          throw new PageDetectionError(i, err);
        }
      }
      drafts.push(draft);
    }
    const pages: PageInfo[] = [];
    const fields: FormField[] = [];
    const scanned: number[] = [];
    const warnings: string[] = [];
    for (const draft of drafts) {
      const i = draft.info.index;
      // What is left after the page was read (OCR never throws) is plain computation: a failure
      // there would fail again, so it fails the detection without a second read.
      const found = await draft.fields.catch((err: unknown) => {
        throw new PageDetectionError(i, err);
      });
      pages.push(draft.info);
      if (draft.scanned) scanned.push(i);
      fields.push(...found);
      warnings.push(...draft.warnings.map((w) => `page ${i + 1}: ${w}`));
    }
    carrySections(fields);
    return { pages, fields, scanned_pages: scanned, detector_version: DETECTOR_VERSION, warnings };
  } finally {
    // No OCR outlives the call (nor rejects unheard) when a page fails.
    await Promise.allSettled(drafts.map((d) => d.fields));
    if (pdf instanceof Uint8Array) await doc.destroy();
  }
}

/** A page read: its fields arrive once its labels are OCR'd (at once when none need OCR). */
interface PageDraft {
  info: PageInfo;
  scanned: boolean;
  /** Filled until `fields` settles (OCR failures are warnings). */
  warnings: string[];
  fields: Promise<FormField[]>;
}

/** A page the detector could not read, twice: the detection fails rather than skip it. */
export class PageDetectionError extends Error {
  readonly code = 'page_unreadable';
  constructor(
    readonly page: number,
    cause: unknown,
  ) {
    super(`Page ${page + 1} could not be read: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'PageDetectionError';
  }
}

function infoOf(page: PDFPageProxy, i: number): PageInfo {
  const view = page.view;
  return { index: i, width: view[2] - view[0], height: view[3] - view[1], rotate: page.rotate };
}

async function pageInfo(doc: PDFDocumentProxy, i: number): Promise<PageInfo> {
  const page = await doc.getPage(i + 1);
  try {
    return infoOf(page, i);
  } finally {
    page.cleanup();
  }
}

async function detectOnePage(doc: PDFDocumentProxy, i: number, options: DetectOptions): Promise<PageDraft> {
  const page = await doc.getPage(i + 1);
  try {
    return { ...(await detectPage(page, i, options)), info: infoOf(page, i) };
  } finally {
    page.cleanup();
  }
}

/** Reads the page; what the OCR worker still has to read is left in the returned promise. */
async function detectPage(page: PDFPageProxy, index: number, options: DetectOptions): Promise<Omit<PageDraft, 'info'>> {
  const raw = await readRawPage(page, index);
  const warnings: string[] = [...(raw.warnings ?? [])];
  const { model: vector, images } = buildVectorModel(raw);
  // Whatever renders the page below (glyph checks, outlined text, scans) draws the list just read.
  renderFromOperators(page, { ...raw, transparency: raw.transparency ?? null });
  const toUser = invert(displayMatrix(raw.view, vector.rotate));
  const ocr = options.ocr !== false;
  // An optional step that renders the page and fails only loses what it would have found, and
  // says so: the same page could otherwise come back with fewer fields, unexplained.
  const lost = (what: string) => (err: unknown) => {
    warnings.push(`${what}: ${err instanceof Error ? err.message : String(err)}`);
    return null;
  };
  if (!looksScanned(vector, images)) {
    await resolveGlyphMarks(page, vector).catch(lost('checkboxes drawn as font glyphs not resolved'));
    // Words drawn as outlines (no text layer): the page's text lines are found in pixels, as on a
    // scan, and the ones chosen as captions are OCR'd; rules and boxes stay the vector ones.
    const asOutlines = textAsOutlines(vector);
    if (asOutlines && ocr) warmOcr(options.ocrWorker);
    const outlined = asOutlines ? await outlineText(page, vector).catch(lost('text drawn as outlines not read')) : null;
    if (outlined) vector.lines = [...vector.lines, ...outlined.lines];
    const cands = findCandidates(vector);
    const labels = labelAll(cands, vector);
    const read = outlined && ocr ? readLabels(labels, outlined.image, outlined.frame, options.ocrWorker, warnings) : Promise.resolve();
    return { fields: read.then(() => finish(index, cands, labels, vector, toUser, 0)), scanned: false, warnings };
  }
  if (ocr) warmOcr(options.ocrWorker);
  // Scanned: render upright, measure the skew, deskew, binarise. Upright is the /Rotate view
  // unless the picture is sideways there (the scan was stored upright in user space).
  let rotation = vector.rotate;
  // 200 dpi, less for oversized pages (a poster would need hundreds of megapixels).
  const areaIn2 = ((raw.view[2] - raw.view[0]) * (raw.view[3] - raw.view[1])) / (72 * 72);
  const dpi = Math.min(SCAN_DPI, Math.floor(Math.sqrt(MAX_SCAN_PIXELS / Math.max(1, areaIn2))));
  let { image, scale } = await renderGray(page, dpi, rotation);
  const alternative = rotation !== 0 ? 0 : raw.rotate;
  if (alternative !== rotation && looksSideways(image)) {
    rotation = alternative;
    ({ image, scale } = await renderGray(page, dpi, rotation));
  }
  const toUserScan = invert(displayMatrix(raw.view, rotation));
  const viewRect = mapRect(displayMatrix(raw.view, rotation), { x: raw.view[0], y: raw.view[1], width: raw.view[2] - raw.view[0], height: raw.view[3] - raw.view[1] });
  const view: [number, number, number, number] = [viewRect.x, viewRect.y, viewRect.x + viewRect.width, viewRect.y + viewRect.height];
  const skew = estimateSkew(image);
  const upright = rotateGray(image, -skew);
  const bin = binarize(upright);
  const frame: PixelFrame = { x0: view[0], yTop: view[3], scale };
  const model = buildRasterModel({ index, view, rotate: rotation, frame, bin, width: upright.width, height: upright.height, gray: upright, shade: shadeMap(upright, SHADE_BLOCK), shadeCell: SHADE_BLOCK });
  // A text layer on the scan (vector words) is exact text: use it where the image is not skewed.
  if (!skew && rotation === vector.rotate && vector.words.length) {
    model.words = [...vector.words.filter((w) => !w.rotated), ...model.words.filter((w) => !vector.words.some((v) => intersection(v.rect, w.rect)))];
    model.lines = groupLines(model.words, 1.2);
  }
  const grid = pageGrid(model);
  const found = findCandidates(model, grid);
  const blank = scanKeepBlank(model, grid, found);
  const foundLabels = labelAll(found, model);
  // Read whole: lines that may be office-use notices, and what sign-here lines say they are for.
  const whole = [...blank.lines, ...linesBesideSignHere(found, foundLabels, model.lines)];
  const read = ocr ? readLabels(foundLabels, upright, frame, options.ocrWorker, warnings, whole) : Promise.resolve();
  const fields = read.then(() => {
    const areas = blank.areas();
    const kept = found.map((c, i) => i).filter((i) => !inKeepBlank(found[i].rect, areas));
    return finish(index, kept.map((i) => found[i]), kept.map((i) => foundLabels[i]), model, toUserScan, skew);
  });
  return { fields, scanned: true, warnings };
}

/**
 * A page is a scan when images cover most of it and it draws (almost) no rules of its own: then
 * its form lives in pixels. A vector form with a photo or a background picture stays vector.
 */
export function looksScanned(model: PageModel, images: readonly Rect[]): boolean {
  const page: Rect = { x: model.view[0], y: model.view[1], width: model.view[2] - model.view[0], height: model.view[3] - model.view[1] };
  const covered = images.map((r) => intersection(r, page)).filter((r): r is Rect => r !== null);
  const union = unionAll(covered);
  if (!union || area(union) < 0.5 * area(page)) return false;
  const imageArea = covered.reduce((a, r) => a + area(r), 0);
  const rules = model.segments.filter((s) => s.source !== 'underscore' && s.source !== 'dots' && s.hi - s.lo > 20).length;
  return imageArea > 0.5 * area(page) && rules < 8;
}

/**
 * Text drawn as glyph outlines: hundreds of small filled shapes and next to no text items. Such a
 * page has a form's rules as vector paths but its captions only as ink.
 */
export function textAsOutlines(model: PageModel): boolean {
  const glyphs = model.blobs.filter((b) => b.width < 20 && b.height < 20).length;
  return glyphs >= 200 && glyphs > 5 * model.words.length;
}

/** The text lines of a vector page found in its rendering (no text yet), with the image to OCR them. */
async function outlineText(page: PDFPageProxy, vector: PageModel): Promise<{ lines: TextLine[]; image: Awaited<ReturnType<typeof renderGray>>['image']; frame: PixelFrame }> {
  const { image, scale } = await renderGray(page, SCAN_DPI, vector.rotate);
  const frame: PixelFrame = { x0: vector.view[0], yTop: vector.view[3], scale };
  // Only the lines are wanted: the vectors already give the page's rules, boxes and tints.
  const found = rasterTextLines({ frame, bin: binarize(image), width: image.width, height: image.height });
  // Lines the text layer already has stay as they are.
  const lines = found.filter((l) => !vector.lines.some((v) => intersection(v.rect, l.rect)));
  return { lines, image, frame };
}

function labelAll(cands: readonly Candidate[], model: PageModel): Caption[] {
  return chooseCaptions(cands, model.lines);
}

/**
 * OCR the chosen label lines that have no text yet (scans), trimmed to the end nearest the field,
 * and the `whole` lines whole.
 */
async function readLabels(labels: readonly Caption[], image: Parameters<typeof ocrLines>[0], frame: PixelFrame, worker: OcrWorker | undefined, warnings: string[], whole: readonly TextLine[] = []): Promise<void> {
  const todo = new Map<TextLine, Rect>();
  for (const line of whole) if (!line.text.trim()) todo.set(line, line.rect);
  for (const choice of labels) {
    for (const line of captionLines(choice)) {
      if (line.text.trim() || todo.has(line)) continue;
      // Labels longer than ~180 pt are sentences: the words next to the field carry the meaning.
      const r = line.rect;
      const maxW = 180;
      const rect = r.width <= maxW ? r : choice.side === 'left' ? { ...r, x: r.x + r.width - maxW, width: maxW } : { ...r, width: maxW };
      todo.set(line, rect);
    }
  }
  if (!todo.size) return;
  const lines = [...todo.keys()];
  let texts: string[];
  try {
    texts = await ocrLines(image, frame, [...todo.values()], worker);
  } catch (err) {
    // OCR is for labels only: without it the fields stand, unlabelled.
    warnings.push(`OCR failed: ${String(err)}`);
    return;
  }
  lines.forEach((l, i) => {
    l.text = texts[i];
  });
}

/**
 * The lines right under and over a scan's sign-here lines: text blanks wide enough to sign on whose
 * caption is none or a lone mark (the cross such a line starts with). No caption choice reads those
 * lines, and they say whether the blank is for a signature ("Signature of Debtor 1").
 */
function linesBesideSignHere(cands: readonly Candidate[], labels: readonly Caption[], lines: readonly TextLine[]): TextLine[] {
  return cands.flatMap((c, i) => {
    const mark = labels[i].lines.every((l) => l.rect.width <= 2 * l.rect.height);
    return c.type === 'text' && c.rect.width >= SIGNING_WIDTH && mark ? linesBeside(c.rect, lines) : [];
  });
}

/** Narrowest blank read as a place to sign (the signature fields of the dev corpus are 180–300 pt wide). */
const SIGNING_WIDTH = 100;

/** Fields in user space and reading order. `skew` (degrees) is re-applied to scanned positions. */
function finish(page: number, cands: Candidate[], labels: Caption[], model: PageModel, toUser: Matrix, skew: number): FormField[] {
  const fields = assembleFields(page, cands, labels, model.lines);
  const order = readingOrder(
    fields.map((f) => f.rect),
    model.lines.map((l) => l.rect),
    model.view[3] - model.view[1],
  );
  const cx = (model.view[0] + model.view[2]) / 2;
  const cy = (model.view[1] + model.view[3]) / 2;
  const t = (skew * Math.PI) / 180;
  return order.map((i) => {
    const f = fields[i];
    let r = f.rect;
    if (skew) {
      // The scan is tilted: report each box where it lies on the tilted page (centre rotated).
      const mx = r.x + r.width / 2 - cx;
      const my = r.y + r.height / 2 - cy;
      const nx = cx + mx * Math.cos(t) - my * Math.sin(t);
      const ny = cy + mx * Math.sin(t) + my * Math.cos(t);
      r = { x: nx - r.width / 2, y: ny - r.height / 2, width: r.width, height: r.height };
    }
    return { ...f, rect: roundRect(mapRect(toUser, r)) };
  });
}
