// POST /pay/fill (§4.9): a form PDF (fillable, flat or scanned: made fillable first) filled with
// values keyed by contract field id or AcroForm name, optionally flattened; nothing is stored.
import type { AppContext } from '../../context.ts';
import type { UploadedDocument } from '../../domain/documents.ts';
import { toFillerValues } from '../../domain/field-values.ts';
import { writeValues } from '../../workers/offload.ts';
import { makeFillable } from '../forms/make-fillable.ts';

export interface FillPdf {
  form: UploadedDocument;
  title: string;
  pageCount: number;
  values: Record<string, unknown>;
  flatten: boolean;
}

export async function fillPdf(ctx: AppContext, input: FillPdf): Promise<{ pdf: Uint8Array; applied: number[] }> {
  const built = await makeFillable(ctx, { bytes: input.form.bytes, title: input.title, pageCount: input.pageCount });
  const { byName, applied } = toFillerValues(built.contract, input.values); // unknown_field, invalid_value
  // In the request pool; a value the form refuses is invalid_value with the filler's issues.
  return { pdf: await writeValues(ctx, built.fillablePdf ?? input.form.bytes, byName, { flatten: input.flatten }), applied };
}
