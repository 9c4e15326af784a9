// The value of every contract field in a filled PDF: from the PDF's fields or, for a flattened
// copy, from the text inside each field's rect. It reads the PDF (pdf.js), so it runs in a worker
// thread (workers/jobs.ts 'read'); the report over the values is domain/verification.ts.
import type { Contract } from './contracts.ts';
import { readTextInRects } from '../pdf/read.ts';
import type { PdfDocument } from '../pdf/document.ts';
import type { AcroFormField } from '../pdf/acroform.ts';
import { readingPdf } from '../pdf/guard.ts';

/** Values from the PDF per contract field; for a flattened copy, the text inside each field's rect. */
export async function valuesForContract(pdf: PdfDocument, contract: Contract, pdfFields: AcroFormField[]): Promise<{ values: (string | null)[]; source: 'fields' | 'page_text' }> {
  if (pdfFields.length === 0) {
    const text = await readingPdf(() => readTextInRects(pdf, contract.fields.map((f) => ({ page: f.page, rect: f.rect }))));
    // A comb prints one glyph per cell; the gaps between cells are not part of the value.
    const values = text.map((t, i) => (contract.fields[i].comb ? t.replace(/\s+/g, '') : t));
    return { values: values.map((t) => (t === '' ? null : t)), source: 'page_text' };
  }
  const byName = new Map(pdfFields.map((f) => [f.name, f]));
  return { values: contract.fields.map((f) => byName.get(f.name)?.value ?? null), source: 'fields' };
}
