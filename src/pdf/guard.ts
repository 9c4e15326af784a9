// Reading an uploaded PDF is reading hostile input: pdf.js and pdf-lib fail on some of it with
// untyped errors (UnknownErrorException "Pages tree contains circular reference", RangeError
// "Maximum call stack size exceeded" on deeply nested objects). Those are the document's fault,
// not ours: they become PdfError('unreadable_pdf'), which the HTTP layer answers with 400.
import { PdfError } from './errors.ts';

export function asPdfError(err: unknown): unknown {
  if (err instanceof PdfError) return err;
  const e = err as { name?: string; message?: string } | null;
  // Errors the code above the parser raises on purpose carry their own types; leave them alone.
  if (e && typeof e === 'object' && ('status' in e || 'refusal' in e)) return err;
  return new PdfError('unreadable_pdf', `The PDF could not be read: ${unreadableReason(err)}`);
}

/** Why a parser failed on a document, in words for its sender. */
export function unreadableReason(err: unknown): string {
  const reason = (err as { message?: string } | null)?.message ?? String(err);
  // pdf.js passes a RangeError on from its worker side as its own exception: the message tells.
  return /maximum call stack/i.test(reason) ? 'its objects are nested too deeply.' : reason.slice(0, 200);
}

/** Runs a read of an uploaded PDF; untyped parser failures become PdfError('unreadable_pdf'). */
export async function readingPdf<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw asPdfError(err);
  }
}
