// PDF bytes → contract (+ a fillable PDF when the source had no fields). Shared by the form job
// (account API) and the pay-per-call door, so both produce the same contract from the same bytes.
import { PdfError } from '../pdf/errors.ts';
import { hasFillableFields, withPdf, type PdfDocument } from '../pdf/document.ts';
import { labelAcroFormFields } from '../pdf/labels/acroform.ts';
import { printedTitle } from '../pdf/labels/title.ts';
import type { FormField } from '../pdf/types.ts';
import { SCHEMA_VERSION } from '../config.ts';
import { readingPdf } from '../pdf/guard.ts';
import { ContractBuildError } from './contract-errors.ts';

/** A contract field (§2.2): the engine's field plus its contract id and current value. */
export interface ContractField extends Omit<FormField, 'name'> {
  id: number;
  name: string;
  value: string | boolean | null;
  widgets?: { page: number; rect: FormField['rect']; export_value?: string }[];
}

export interface Contract {
  schema_version: string;
  page_count: number;
  field_count: number;
  form: { title: string };
  detector_version: string;
  fields: ContractField[];
}

/**
 * Version of the contract built from an existing AcroForm (no detection involved). 2: the lazy
 * object reader (labels from a parent field's /TU, button export values from /Opt). 3: labels from
 * the label engine (printed captions where the tooltip or name is no label), sections.
 */
export const ACROFORM_READER_VERSION = 'acroform-3';

export interface BuiltContract {
  contract: Contract;
  /** The fillable PDF; absent when the source already was one (use the source bytes). */
  fillablePdf?: Uint8Array;
  /** What went wrong without failing the build (an OCR failure on one page), for the caller's log. */
  warnings?: string[];
}

/** The upload is opened once: the form reader, the labels, detection and the title share the parse. */
export function buildContract(bytes: Uint8Array, meta: { title: string; pageCount: number }): Promise<BuiltContract> {
  return withPdf(bytes, (pdf) => buildContractOf(pdf, meta));
}

async function buildContractOf(pdf: PdfDocument, meta: { title: string; pageCount: number }): Promise<BuiltContract> {
  const { fields, detectorVersion, fillablePdf, warnings } = await buildFields(pdf);
  // Without a title in its metadata a form was named after its file ("flat", "scan_0003"): the
  // title printed on its first page says what it is.
  const metadataTitle = await pdf.metadataTitle().catch(() => null);
  const title = (!metadataTitle && (await printedTitle(pdf))) || meta.title;
  const contract: Contract = {
    schema_version: SCHEMA_VERSION,
    page_count: meta.pageCount,
    field_count: fields.length,
    form: { title },
    detector_version: detectorVersion,
    fields: fields.map((f, i) => ({ ...f, id: i + 1, value: null }) as ContractField),
  };
  return { contract, fillablePdf, ...(warnings?.length ? { warnings } : {}) };
}

async function buildFields(pdf: PdfDocument): Promise<{ fields: (FormField & { name: string })[]; detectorVersion: string; fillablePdf?: Uint8Array; warnings?: string[] }> {
  let read;
  try {
    read = await readingPdf(() => pdf.acroForm());
  } catch (err) {
    if (err instanceof PdfError) throw new ContractBuildError(err.code, err.message); // never retried: the bytes will not change
    throw err;
  }
  if (hasFillableFields(read)) {
    // Copies: the labels are written onto them, and the document's own read stays as read.
    const existing = read.fields.map((f) => ({ ...f }));
    // The printed captions name fields whose tooltip is missing, a machine name or a paragraph.
    await labelAcroFormFields(pdf, existing);
    const fields = existing.map(({ value: _value, signatureField: _sig, ...f }) => f);
    // A form whose startxref is broken takes no incremental update: it is filled from a copy written out whole.
    const { appendableBytes } = await import('../pdf/fill/template.ts');
    const appendable = await appendableBytes(pdf.bytes);
    return { fields, detectorVersion: ACROFORM_READER_VERSION, ...(appendable !== pdf.bytes ? { fillablePdf: appendable } : {}) };
  }
  // Loaded on first use: the detection stack (OCR, rendering) is heavy and most starts never need it.
  const { detectFields, PageDetectionError } = await import('../pdf/detect/index.ts');
  const { makeFillable } = await import('../pdf/fillable.ts');
  let detection;
  try {
    detection = await detectFields(pdf);
  } catch (err) {
    if (err instanceof PageDetectionError) throw new ContractBuildError(err.code, err.message);
    throw err;
  }
  if (detection.fields.length === 0) throw new ContractBuildError('no_fields_detected', 'No fillable fields were found in the PDF.');
  const { pdf: fillablePdf, names } = await makeFillable(pdf.bytes, detection.fields);
  const fields = detection.fields.map((f, i) => ({ ...f, name: names[i] }));
  return { fields, detectorVersion: detection.detector_version, fillablePdf, warnings: detection.warnings };
}
