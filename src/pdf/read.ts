// Reading values back out of a PDF: from its AcroForm when it has one (whoever filled it), or,
// for a flattened copy of a known form, from the text printed inside each field's rect.
import { readAcroForm, type AcroFormField } from './acroform.ts';
import type { PdfDocument } from './document.ts';
import type { Rect } from './types.ts';

export interface PdfValues {
  page_count: number;
  fields: AcroFormField[];
}

/** The form's fields and their values: of a document opened for the request, or of bytes. */
export async function readPdfValues(pdf: Uint8Array | PdfDocument): Promise<PdfValues> {
  const { page_count, fields } = await (pdf instanceof Uint8Array ? readAcroForm(pdf) : pdf.acroForm());
  return { page_count, fields };
}

/**
 * The text printed inside each rect (a glyph counts when its centre lies inside), in reading
 * order. For flattened PDFs, where the values became page content.
 */
export async function readTextInRects(pdf: PdfDocument, places: { page: number; rect: Rect }[]): Promise<string[]> {
  const doc = await pdf.pdfjs();
  const byPage = new Map<number, { str: string; x: number; y: number; w: number; h: number }[]>();
  const out: string[] = [];
  for (const place of places) {
    if (place.page >= doc.numPages) {
      out.push('');
      continue;
    }
    if (!byPage.has(place.page)) {
      const page = await doc.getPage(place.page + 1);
      const content = await page.getTextContent();
      byPage.set(
        place.page,
        content.items
          .filter((i): i is typeof i & { str: string; transform: number[]; width: number; height: number } => 'str' in i && i.str.trim() !== '')
          .map((i) => ({ str: i.str, x: i.transform[4], y: i.transform[5], w: i.width, h: i.height })),
      );
    }
    const { x, y, width, height } = place.rect;
    const inside = byPage
      .get(place.page)!
      .filter((t) => {
        const cx = t.x + t.w / 2;
        const cy = t.y + t.h / 3;
        return cx >= x && cx <= x + width && cy >= y && cy <= y + height;
      })
      .sort((a, b) => b.y - a.y || a.x - b.x);
    out.push(joinRuns(inside));
  }
  return out;
}

/** Comb cells print one glyph each: runs on one line join without spaces when they touch. */
function joinRuns(runs: { str: string; x: number; y: number; w: number; h: number }[]): string {
  let text = '';
  let prev: (typeof runs)[number] | undefined;
  for (const r of runs) {
    if (prev) {
      const sameLine = Math.abs(prev.y - r.y) < Math.max(2, r.h / 2);
      text += sameLine ? (r.x - (prev.x + prev.w) > r.h * 0.25 && r.str.length > 1 ? ' ' : '') : '\n';
    }
    text += r.str;
    prev = r;
  }
  return text.trim();
}
