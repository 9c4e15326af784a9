// The page tree of a document, flattened: each page leaf in order with the attributes it inherits
// from its ancestors (a copied or moved page must carry them itself).
import { PDFDict, PDFName, PDFNumber, PDFObject, PDFRef } from '@cantoo/pdf-lib';
import type { PdfReader } from './reader.ts';

const N = (s: string) => PDFName.of(s);
export const INHERITABLE = ['Resources', 'MediaBox', 'CropBox', 'Rotate'] as const;
type Inheritable = (typeof INHERITABLE)[number];

export interface PageLeaf {
  /** The leaf's reference (direct page dictionaries, invalid in PDF, are skipped). */
  ref: PDFRef;
  dict: PDFDict;
  /** Inheritable attributes the leaf lacks, from the nearest ancestor that has them. */
  inherited: Partial<Record<Inheritable, PDFObject>>;
}

export interface PageTree {
  pages: PageLeaf[];
  /** References of the interior /Pages nodes (never copied: the output builds its own tree). */
  nodes: Set<PDFRef>;
}

const MAX_DEPTH = 64;

export function pageTree(r: PdfReader): PageTree {
  const pages: PageLeaf[] = [];
  const nodes = new Set<PDFRef>();
  const visited = new Set<PDFRef>();
  const walk = (ref: PDFRef, inherited: Partial<Record<Inheritable, PDFObject>>, depth: number) => {
    if (visited.has(ref) || depth > MAX_DEPTH) return; // cycles and absurd depth: skip, as readers do
    visited.add(ref);
    const dict = r.dict(ref);
    if (!dict) return;
    const kids = r.array(dict.get(N('Kids')));
    const isNode = dict.get(N('Type')) === N('Pages') || (kids !== undefined && dict.get(N('Type')) !== N('Page'));
    const own: Partial<Record<Inheritable, PDFObject>> = { ...inherited };
    for (const key of INHERITABLE) {
      const v = dict.get(N(key));
      if (v !== undefined) own[key] = v;
    }
    if (isNode) {
      nodes.add(ref);
      if (kids) for (const kid of kids.asArray()) if (kid instanceof PDFRef) walk(kid, own, depth + 1);
      return;
    }
    const missing: Partial<Record<Inheritable, PDFObject>> = {};
    for (const key of INHERITABLE) if (dict.get(N(key)) === undefined && inherited[key] !== undefined) missing[key] = inherited[key];
    pages.push({ ref, dict, inherited: missing });
  };
  const root = r.catalog().get(N('Pages'));
  if (root instanceof PDFRef) walk(root, {}, 0);
  return { pages, nodes };
}

/** A page's /Rotate (own or inherited), normalised to 0–359. */
export function pageRotation(r: PdfReader, page: PageLeaf): number {
  const v = r.resolve(page.dict.get(N('Rotate')) ?? page.inherited.Rotate);
  const angle = v instanceof PDFNumber ? Math.round(v.asNumber()) : 0;
  return ((angle % 360) + 360) % 360;
}

/** A page's MediaBox as numbers (US Letter when missing or malformed, as pdf-lib assumes). */
export function mediaBox(r: PdfReader, page: PageLeaf): [number, number, number, number] {
  const box = r.array(page.dict.get(N('MediaBox')) ?? page.inherited.MediaBox);
  const nums = box?.asArray().map((o) => r.number(o));
  if (!nums || nums.length !== 4 || nums.some((n) => n === undefined)) return [0, 0, 612, 792];
  return nums as [number, number, number, number];
}

/** The page's /Annots entries (references or direct dictionaries). */
export function annotations(r: PdfReader, page: PageLeaf): PDFObject[] {
  return r.array(page.dict.get(N('Annots')))?.asArray() ?? [];
}
