// Writing values into a stored form's fillable PDF (a session's fill, a proposal's commit): the
// filler's refusals in the domain's words. A value the PDF refuses is invalid_value with the
// filler's issues; a PDF that cannot be written at all is form_not_fillable.
import { DomainError } from './errors.ts';

/**
 * How a fill writes: `flatten` bakes the values into the pages; `clearPlaceholders` writes empty
 * the text fields given no value that ship a placeholder (pdf/fill/placeholders.ts), for fills
 * that stand for the whole form (sessions, fills from documents).
 */
export interface WriteOptions {
  flatten?: boolean;
  clearPlaceholders?: boolean;
}

export async function writeFormValues(source: Uint8Array, values: Record<string, string | boolean>, options: WriteOptions = {}): Promise<Uint8Array> {
  // Loaded on first use: the filler brings fonts and pdf-lib.
  const { fillPdf, FillValidationError, PdfPasswordError, PdfStructureError, UnsupportedEncryptionError } = await import('../pdf/fill/index.ts');
  try {
    return await fillPdf(source, values, options);
  } catch (err) {
    if (err instanceof FillValidationError) throw new DomainError('unprocessable', 'invalid_value', err.message, { issues: err.issues });
    if (err instanceof PdfPasswordError || err instanceof PdfStructureError || err instanceof UnsupportedEncryptionError) {
      throw new DomainError('conflict', 'form_not_fillable', `The form's PDF cannot be written: ${err.message}`);
    }
    throw err;
  }
}
