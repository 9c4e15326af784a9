// The page tree (ISO 32000-2, 7.7.3), walked for what a form reader needs: the page count, and
// where each annotation sits (page index, position in that page's /Annots).
import type { LazyPdf } from './document.ts';
import { Dict, Name, ObjectReadError, Ref, type PdfObj } from './model.ts';

/** Pages in one document we are willing to walk (uploads are capped far below). */
const MAX_PAGES = 100_000;

export interface PagePlace {
  page: number;
  order: number;
}

export interface Pages {
  pageCount: number;
  /** Annotation object number → page and position in that page's /Annots. */
  annotPlace: Map<number, PagePlace>;
  /** Page object number → page index (for a widget's /P). */
  pageOfRef: Map<number, number>;
  /** Annotation references on all pages. */
  annotRefs: number;
}

export function readPages(pdf: LazyPdf, root: Dict): Pages {
  const annotPlace = new Map<number, PagePlace>();
  const pageOfRef = new Map<number, number>();
  const top = pdf.dict(root.get('Pages'));
  if (!top) throw new ObjectReadError('no page tree');
  const visited = new Set<number>();
  let page = 0;
  let annotRefs = 0;
  // Depth-first, kids in order, without recursion (a degenerate tree can be very deep).
  const stack: PdfObj[] = [root.get('Pages')!];
  while (stack.length) {
    const o = stack.pop()!;
    if (o instanceof Ref) {
      if (visited.has(o.num)) throw new ObjectReadError('page tree loops');
      visited.add(o.num);
    }
    const node = pdf.dict(o);
    if (!node) throw new ObjectReadError('page tree node is not a dictionary');
    const type = pdf.resolve(node.get('Type'));
    const kids = pdf.array(node.get('Kids'));
    if ((type instanceof Name && type.name === 'Page') || !kids) {
      if (page >= MAX_PAGES) throw new ObjectReadError('too many pages');
      if (o instanceof Ref) pageOfRef.set(o.num, page);
      const annots = pdf.array(node.get('Annots'));
      annots?.forEach((a, order) => {
        if (!(a instanceof Ref)) return;
        annotRefs++;
        if (!annotPlace.has(a.num)) annotPlace.set(a.num, { page, order });
      });
      page++;
      continue;
    }
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]);
  }
  // pdf.js takes the page count from /Count; if the tree disagrees, let pdf.js sort it out.
  const count = pdf.resolve(top.get('Count'));
  if (count !== page) throw new ObjectReadError(`page tree has ${page} pages, /Count says ${String(count)}`);
  return { pageCount: page, annotPlace, pageOfRef, annotRefs };
}
