// Page tools: build, join, keep, remove, reorder, rotate. Pure functions over PDF bytes.
// Pages are numbered from 1, as people and qpdf count them. Form fields travel with their pages;
// when two documents bring fields of the same name, the later ones are renamed (name_2, …) so
// they stay independent.
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFString, PDFHexString, degrees, type PDFPage } from '@cantoo/pdf-lib';

export const ROTATIONS = [90, 180, 270] as const;
export type Rotation = (typeof ROTATIONS)[number];

export class PageToolError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface PageSource {
  bytes: Uint8Array;
  /** 1-based pages to take, in this order; all pages when absent. */
  pages?: number[];
  /** Added to each taken page's rotation. */
  rotate?: 0 | Rotation;
}

async function load(bytes: Uint8Array, index = 0): Promise<PDFDocument> {
  let doc: PDFDocument;
  try {
    // Empty-password encryption opens; the output is written unencrypted.
    doc = await PDFDocument.load(bytes, { password: '', updateMetadata: false });
    // pdf-lib parses leniently: a file with no usable page tree only fails when pages are used.
    if (doc.getPages().length === 0) throw new Error('no pages');
  } catch (err) {
    throw new PageToolError('unreadable_pdf', `Document ${index + 1} is not a readable PDF (${(err as Error).message}).`);
  }
  return doc;
}

function checkPages(pages: number[], count: number, index: number): void {
  const bad = pages.filter((p) => !Number.isInteger(p) || p < 1 || p > count);
  if (bad.length) throw new PageToolError('invalid_pages', `Document ${index + 1} has ${count} page(s); no page ${bad.join(', ')}.`);
}

const N = (s: string) => PDFName.of(s);

/** The top-level field dictionary a widget belongs to (following /Parent). */
function topField(doc: PDFDocument, ref: PDFRef): PDFRef {
  let current = ref;
  for (let depth = 0; depth < 32; depth++) {
    const dict = doc.context.lookup(current, PDFDict);
    const parent = dict.get(N('Parent'));
    if (!(parent instanceof PDFRef)) return current;
    current = parent;
  }
  return current;
}

function fieldName(dict: PDFDict): string | undefined {
  const t = dict.get(N('T'));
  return t instanceof PDFString || t instanceof PDFHexString ? t.decodeText() : undefined;
}

/** Adds the copied pages' form fields to the output's AcroForm, renaming on collision. */
function adoptFields(out: PDFDocument, pages: PDFPage[], taken: Set<string>): void {
  const roots = new Set<string>();
  const rootRefs: PDFRef[] = [];
  for (const page of pages) {
    const annots = page.node.Annots();
    if (!annots) continue;
    for (let i = 0; i < annots.size(); i++) {
      const ref = annots.get(i);
      if (!(ref instanceof PDFRef)) continue;
      const annot = out.context.lookupMaybe(ref, PDFDict);
      if (annot?.get(N('Subtype')) !== N('Widget')) continue;
      annot.set(N('P'), page.ref);
      const root = topField(out, ref);
      if (!roots.has(root.toString())) {
        roots.add(root.toString());
        rootRefs.push(root);
      }
    }
  }
  if (rootRefs.length === 0) return;
  const form = out.getForm(); // creates /AcroForm when missing
  const fields = form.acroForm.dict.lookup(N('Fields'), PDFArray);
  for (const ref of rootRefs) {
    const dict = out.context.lookup(ref, PDFDict);
    let name = fieldName(dict) ?? 'field';
    if (taken.has(name)) {
      let n = 2;
      while (taken.has(`${name}_${n}`)) n++;
      name = `${name}_${n}`;
      dict.set(N('T'), PDFHexString.fromText(name));
    }
    taken.add(name);
    fields.push(ref);
  }
}

/** The source form's default resources come along, so fonts named in each widget's /DA resolve. */
async function copyDefaultResources(out: PDFDocument, src: PDFDocument): Promise<void> {
  const dr = src.catalog.lookupMaybe(N('AcroForm'), PDFDict)?.get(N('DR'));
  if (!dr) return;
  const outForm = out.getForm().acroForm.dict;
  if (outForm.get(N('DR'))) return;
  const [copied] = await copyObjects(out, src, [dr]);
  outForm.set(N('DR'), copied);
}

async function copyObjects(out: PDFDocument, src: PDFDocument, objects: unknown[]) {
  const { PDFObjectCopier } = await import('@cantoo/pdf-lib');
  const copier = PDFObjectCopier.for(src.context, out.context);
  return objects.map((o) => copier.copy(o as never));
}

/** One PDF from pages of several documents, in the order given, with optional rotations. */
export async function buildPdf(sources: PageSource[]): Promise<Uint8Array> {
  if (sources.length === 0) throw new PageToolError('no_sources', 'Give at least one document.');
  const out = await PDFDocument.create();
  const taken = new Set<string>();
  for (const [index, source] of sources.entries()) {
    const src = await load(source.bytes, index);
    const count = src.getPageCount();
    const pages = source.pages ?? Array.from({ length: count }, (_, i) => i + 1);
    checkPages(pages, count, index);
    const copied = await out.copyPages(src, pages.map((p) => p - 1));
    for (const page of copied) {
      if (source.rotate) page.setRotation(degrees((page.getRotation().angle + source.rotate) % 360));
      out.addPage(page);
    }
    await copyDefaultResources(out, src);
    adoptFields(out, copied, taken);
  }
  return out.save({ useObjectStreams: true });
}

export const joinPdfs = (documents: Uint8Array[]) => buildPdf(documents.map((bytes) => ({ bytes })));

async function pageCount(bytes: Uint8Array): Promise<number> {
  return (await load(bytes)).getPageCount();
}

export async function keepPages(bytes: Uint8Array, pages: number[]): Promise<Uint8Array> {
  if (pages.length === 0) throw new PageToolError('invalid_pages', 'Name at least one page to keep.');
  return buildPdf([{ bytes, pages }]);
}

export async function removePages(bytes: Uint8Array, pages: number[]): Promise<Uint8Array> {
  const count = await pageCount(bytes);
  checkPages(pages, count, 0);
  const drop = new Set(pages);
  const keep = Array.from({ length: count }, (_, i) => i + 1).filter((p) => !drop.has(p));
  if (keep.length === 0) throw new PageToolError('invalid_pages', 'Removing every page would leave an empty PDF.');
  return buildPdf([{ bytes, pages: keep }]);
}

export async function reorderPages(bytes: Uint8Array, order: number[]): Promise<Uint8Array> {
  const count = await pageCount(bytes);
  const sorted = [...order].sort((a, b) => a - b);
  if (sorted.length !== count || sorted.some((p, i) => p !== i + 1)) {
    throw new PageToolError('invalid_order', `The order must name every page from 1 to ${count} exactly once.`);
  }
  return buildPdf([{ bytes, pages: order }]);
}

export async function rotatePages(bytes: Uint8Array, pages: number[] | undefined, angle: number): Promise<Uint8Array> {
  if (!(ROTATIONS as readonly number[]).includes(angle)) throw new PageToolError('invalid_rotation', 'Rotate by 90, 180 or 270 degrees.');
  const doc = await load(bytes);
  const count = doc.getPageCount();
  const targets = pages ?? Array.from({ length: count }, (_, i) => i + 1);
  checkPages(targets, count, 0);
  for (const p of targets) {
    const page = doc.getPage(p - 1);
    page.setRotation(degrees((page.getRotation().angle + angle) % 360));
  }
  return doc.save({ useObjectStreams: true });
}
