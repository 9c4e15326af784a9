// The fallback reader: every page's annotations through pdf.js. Slow (pdf.js builds appearance
// data for each widget) but it repairs broken cross-references and reads whatever pdf.js reads.
// Known limit: pdf.js takes /TU from the widget only, so a tooltip on a parent field is missed.
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { assembleFields, type AcroFormField, type WidgetRecord } from './fields.ts';
import { PdfError } from '../errors.ts';

interface WidgetAnnotation {
  subtype: string;
  fieldName?: string;
  fieldType?: string;
  rect: number[];
  alternativeText?: string;
  fieldFlags?: number;
  maxLen?: number | null;
  comb?: boolean;
  multiLine?: boolean;
  checkBox?: boolean;
  radioButton?: boolean;
  pushButton?: boolean;
  exportValue?: string;
  buttonValue?: string | null;
  options?: { exportValue: string; displayValue: string }[];
  fieldValue?: unknown;
}

export async function readAcroFormWithPdfjs(doc: PDFDocumentProxy): Promise<AcroFormField[]> {
  const widgets: WidgetRecord[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i).catch((err: unknown) => {
      throw new PdfError('unreadable_pdf', `Page ${i} could not be read: ${err instanceof Error ? err.message : String(err)}`);
    });
    const annots = (await page.getAnnotations({ intent: 'any' })) as WidgetAnnotation[];
    for (const a of annots) {
      if (a.subtype !== 'Widget' || !a.fieldName) continue;
      widgets.push({
        ...a,
        fieldName: a.fieldName,
        fieldType: a.fieldType ?? undefined,
        page: i - 1,
        tooltip: a.alternativeText ?? '',
        fieldFlags: a.fieldFlags ?? 0,
      });
    }
    page.cleanup();
  }
  return assembleFields(widgets);
}
