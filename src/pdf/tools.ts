// Page tools: build, join, keep, remove, reorder, rotate. Pure functions over PDF bytes (they run
// in worker threads, see workers/pool.ts). Pages are numbered from 1, as people and qpdf count them.
// Form fields travel with their pages; when two documents bring fields of the same name, the
// later ones are renamed (name_2, …) so they stay independent.
//
// How (src/pdf/tools/): each distinct input is opened once, on demand through its cross-reference
// table (reader.ts); the output is assembled by copying only the objects the taken pages reach
// (assemble.ts) and written in one linear pass (writer.ts). Rotation appends an incremental
// update to the original bytes (incremental.ts). Keep, remove and reorder rewrite the file: an
// update cannot drop objects, and a removed page's content must not stay in the output.
import { PDFName, PDFNumber, PDFRef, type PDFObject } from '@cantoo/pdf-lib';
import { PdfReader } from './tools/reader.ts';
import { pageRotation, pageTree, type PageTree } from './tools/pages.ts';
import { assemble, type OutputPage, type Source } from './tools/assemble.ts';
import { appendUpdate } from './tools/incremental.ts';
import { PageToolError } from './tools/errors.ts';
import { PdfTooComplexError } from './tools/lexer.ts';
import { ROTATIONS, type Rotation } from './tools/rotations.ts';

export { PageToolError };


export interface PageSource {
  bytes: Uint8Array;
  /** 1-based pages to take, in this order; all pages when absent. */
  pages?: number[];
  /** Added to each taken page's rotation. */
  rotate?: 0 | Rotation;
}

type Opened = Source & { index: number };
const ROTATE = PDFName.of('Rotate');

/**
 * Opens each distinct input once (the same bytes given twice, as in a join of copies, share one
 * parse). `full` forces pdf-lib's repairing sequential parse.
 */
async function openAll(inputs: Uint8Array[], full: boolean): Promise<{ sources: Opened[]; of: number[] }> {
  const sources: Opened[] = [];
  const of: number[] = [];
  for (const [index, bytes] of inputs.entries()) {
    const same = sources.findIndex((s) => sameBytes(s.reader.bytes, bytes));
    if (same >= 0) {
      of.push(same);
      continue;
    }
    let reader: PdfReader;
    let tree: PageTree;
    try {
      reader = full ? await PdfReader.openFull(bytes) : await PdfReader.open(bytes);
      tree = pageTree(reader);
      // pdf-lib parses leniently: a file with no usable page tree only fails when pages are used.
      if (tree.pages.length === 0) throw new Error('no pages');
    } catch (err) {
      if (err instanceof PdfTooComplexError) throw tooComplex(index, err);
      if (!full) return openAll(inputs, true);
      throw new PageToolError('unreadable_pdf', `Document ${index + 1} is not a readable PDF (${(err as Error).message}).`);
    }
    of.push(sources.length);
    sources.push({ reader, tree, index });
  }
  return { sources, of };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length));
}

/**
 * Runs `work` on the inputs opened on demand; if the on-demand reading meets an inconsistent file
 * (an object not where the cross-reference table says), runs it again on a full parse.
 */
async function withSources<T>(inputs: Uint8Array[], work: (s: { sources: Opened[]; of: number[] }) => T): Promise<T> {
  const opened = await openAll(inputs, false);
  try {
    return work(opened);
  } catch (err) {
    if (err instanceof PdfTooComplexError) throw tooComplex(undefined, err);
    if (err instanceof PageToolError || opened.sources.every((s) => !s.reader.lazy)) throw err;
    return work(await openAll(inputs, true));
  }
}

const tooComplex = (index: number | undefined, err: Error) =>
  new PageToolError('pdf_too_complex', `${index === undefined ? 'A document' : `Document ${index + 1}`} is beyond what the page tools take on (${err.message}).`);

function checkPages(pages: number[], count: number, index: number): void {
  const bad = pages.filter((p) => !Number.isInteger(p) || p < 1 || p > count);
  if (bad.length) throw new PageToolError('invalid_pages', `Document ${index + 1} has ${count} page(s); no page ${bad.join(', ')}.`);
}

const allPages = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

/** A tool's output and its page count (known while making it: no need to read the output again). */
export interface Produced {
  pdf: Uint8Array;
  pageCount: number;
}

/** One PDF from pages of several documents, in the order given, with optional rotations. */
export async function buildPdf(sources: PageSource[]): Promise<Uint8Array> {
  return (await build(sources)).pdf;
}

export async function build(sources: PageSource[], options: { keepInfo?: boolean } = {}): Promise<Produced> {
  if (sources.length === 0) throw new PageToolError('no_sources', 'Give at least one document.');
  return withSources(
    sources.map((s) => s.bytes),
    ({ sources: opened, of }) => {
      const output: OutputPage[] = [];
      sources.forEach((s, i) => {
        const count = opened[of[i]].tree.pages.length;
        const pages = s.pages ?? allPages(count);
        checkPages(pages, count, i);
        for (const p of pages) output.push({ source: of[i], page: p - 1, rotate: s.rotate ?? 0 });
      });
      return { pdf: assemble(opened, output, { infoFrom: options.keepInfo ? 0 : undefined }), pageCount: output.length };
    },
  );
}

export const join = (documents: Uint8Array[]) => build(documents.map((bytes) => ({ bytes })));
export const joinPdfs = async (documents: Uint8Array[]) => (await join(documents)).pdf;

async function pageCount(bytes: Uint8Array): Promise<number> {
  return withSources([bytes], ({ sources }) => sources[0].tree.pages.length);
}

// The single-document tools keep the document information (title, author): it is the same document.

export async function keep(bytes: Uint8Array, pages: number[]): Promise<Produced> {
  if (pages.length === 0) throw new PageToolError('invalid_pages', 'Name at least one page to keep.');
  return build([{ bytes, pages }], { keepInfo: true });
}

export async function remove(bytes: Uint8Array, pages: number[]): Promise<Produced> {
  const count = await pageCount(bytes);
  checkPages(pages, count, 0);
  const drop = new Set(pages);
  const kept = allPages(count).filter((p) => !drop.has(p));
  if (kept.length === 0) throw new PageToolError('invalid_pages', 'Removing every page would leave an empty PDF.');
  return build([{ bytes, pages: kept }], { keepInfo: true });
}

export async function reorder(bytes: Uint8Array, order: number[]): Promise<Produced> {
  const count = await pageCount(bytes);
  const sorted = [...order].sort((a, b) => a - b);
  if (sorted.length !== count || sorted.some((p, i) => p !== i + 1)) {
    throw new PageToolError('invalid_order', `The order must name every page from 1 to ${count} exactly once.`);
  }
  return build([{ bytes, pages: order }], { keepInfo: true });
}

/**
 * Turns pages by `angle` (added to their rotation; a page named twice turns twice). An incremental
 * update when the file allows one; an encrypted or damaged file is rewritten (unencrypted).
 */
export async function rotate(bytes: Uint8Array, pages: number[] | undefined, angle: number): Promise<Produced> {
  if (!(ROTATIONS as readonly number[]).includes(angle)) throw new PageToolError('invalid_rotation', 'Rotate by 90, 180 or 270 degrees.');
  return withSources([bytes], ({ sources: [src] }) => {
    const count = src.tree.pages.length;
    const targets = pages ?? allPages(count);
    checkPages(targets, count, 0);
    const turns = new Map<number, number>();
    for (const p of targets) turns.set(p - 1, ((turns.get(p - 1) ?? 0) + angle) % 360);
    if (src.reader.lazy && !src.reader.encrypted && src.reader.startXref) {
      const changed = new Map<PDFRef, PDFObject>();
      for (const [i, turn] of turns) {
        const leaf = src.tree.pages[i];
        // A page listed twice in the tree is one object: turn it once per listing, like the rewrite.
        const dict = (changed.get(leaf.ref) as typeof leaf.dict | undefined) ?? leaf.dict.clone();
        const current = changed.has(leaf.ref) ? (dict.get(ROTATE) as PDFNumber).asNumber() : pageRotation(src.reader, leaf);
        dict.set(ROTATE, PDFNumber.of((current + turn) % 360));
        changed.set(leaf.ref, dict);
      }
      return { pdf: appendUpdate(src.reader, changed), pageCount: count };
    }
    const output = src.tree.pages.map((_, i) => ({ source: 0, page: i, rotate: turns.get(i) ?? 0 }));
    return { pdf: assemble([src], output, { infoFrom: 0 }), pageCount: count };
  });
}

// The same tools answering with bytes only.
export const keepPages = async (bytes: Uint8Array, pages: number[]) => (await keep(bytes, pages)).pdf;
export const removePages = async (bytes: Uint8Array, pages: number[]) => (await remove(bytes, pages)).pdf;
export const reorderPages = async (bytes: Uint8Array, order: number[]) => (await reorder(bytes, order)).pdf;
export const rotatePages = async (bytes: Uint8Array, pages: number[] | undefined, angle: number) => (await rotate(bytes, pages, angle)).pdf;
