// POST /pay/fill (§4.9): a form PDF (fillable, flat or scanned: made fillable first) filled with
// values keyed by contract field id or AcroForm name, optionally flattened; nothing is stored.
import type { AppContext } from '../../context.ts';
import { DomainError } from '../../domain/errors.ts';
import type { UploadedDocument } from '../../domain/documents.ts';
import { toFillerValues } from '../../domain/field-values.ts';
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
  const { fillPdf: write, FillValidationError } = await import('../../pdf/fill/index.ts');
  try {
    return { pdf: await write(built.fillablePdf ?? input.form.bytes, byName, { flatten: input.flatten }), applied };
  } catch (err) {
    if (err instanceof FillValidationError) throw new DomainError('unprocessable', 'invalid_value', err.message, { issues: err.issues });
    throw err;
  }
}
