// How a pay-per-call context fill runs (POST /pay/fill-with-context, §4.9): a form PDF and
// supporting documents in, the filled PDF and every field's state, value, confidence, evidence and
// note out, synchronously; nothing is stored. The checks before any work (a context file that is
// the form itself, documents past the limits) refuse before the payment is taken. The fill itself
// is the account's with-context code path (fillFromDocuments): same LLM settings, same handling of
// a value the PDF refuses.
import type { AppContext } from '../../context.ts';
import type { UploadedDocument } from '../../domain/documents.ts';
import type { Policy } from '../../domain/proposal-fields.ts';
import { refuseFormAsContext } from '../../domain/context-documents.ts';
import { admitContextUploads } from '../../workers/offload.ts';
import { makeFillable } from '../forms/make-fillable.ts';
import { fillFromDocuments } from './fill-from-documents.ts';

export interface FillPdfFromDocuments {
  /** The form: fillable, flat or scanned (made fillable first), already admitted by the door. */
  form: UploadedDocument;
  title: string;
  pageCount: number;
  context: UploadedDocument[];
  policy: Policy;
}

export async function fillPdfFromDocuments(ctx: AppContext, input: FillPdfFromDocuments) {
  refuseFormAsContext(input.form.sha256, input.context);
  await admitContextUploads(ctx, input.context); // too_large past the input limits (in the request pool)
  const built = await makeFillable(ctx, { bytes: input.form.bytes, title: input.title, pageCount: input.pageCount });
  const formPdf = built.fillablePdf ?? input.form.bytes;
  const documents = input.context.map((f, i) => ({ id: `context-${i + 1}`, name: f.filename || `context-${i + 1}`, mimetype: f.mimetype, bytes: f.bytes }));
  const { pdf, fields } = await fillFromDocuments(ctx, { contract: built.contract, formPdf, documents, policy: input.policy });
  return { pdf, fields: fields.map(({ alternatives: _alternatives, ...f }) => f) };
}
