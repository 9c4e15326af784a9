// A filled PDF held against its form's contract: the value of every contract field, read from
// the PDF's fields or, for a flattened copy, from the text inside each field's rect, and the
// verification report over them (POST /read with a form, POST /forms/{id}/verify, every commit).
// The reading runs in a worker thread (workers/jobs.ts ReadJob); the report is cheap and runs here.
import type { Contract, ContractField } from './contracts.ts';
import { readTextInRects } from '../pdf/read.ts';
import type { PdfDocument } from '../pdf/document.ts';
import { verify, type VerificationReport, type VerifyInput } from '../pdf/verify.ts';
import type { AcroFormField } from '../pdf/acroform.ts';
import { readingPdf } from '../pdf/guard.ts';

/** The contract's fields the PDF does not have (by AcroForm name). */
export function missingFields(contract: Contract, pdfFields: AcroFormField[]) {
  const names = new Set(pdfFields.map((f) => f.name));
  return contract.fields.filter((f) => !names.has(f.name));
}

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

/** The report over values read per contract field; `radios` counts the buttons on per radio group. */
export function verifyValues(contract: Contract, values: (string | null)[], radios: Map<string, number>): VerificationReport {
  return verify(contract.fields.map((f, i) => ({ field: f as ContractField & { type: VerifyInput['field']['type'] }, value: values[i], buttonsOn: radios.get(f.name) })));
}
