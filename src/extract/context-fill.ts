// From a form's fields and the caller's supporting documents to one proposal per field: read every
// document, let the deterministic extractor propose, and, when an LLM provider is configured, ask
// it about the fields the extractor left open. A library: bytes in, data out.
import { readDocument } from './index.ts';
import { ContextTooLargeError, type ReadDocument, type ReadInput } from './types.ts';
import { proposeValues } from './propose/index.ts';
import type { FieldProposal, ProposeField } from './propose/types.ts';
import { llmProposals, type LlmConfig } from './llm.ts';

export interface ContextFillInput {
  fields: ProposeField[];
  documents: ReadInput[];
  formPdf?: Uint8Array;
  /** Most characters of text all documents together may hold. */
  maxChars: number;
  llm?: LlmConfig;
}

export interface ContextFillResult {
  documents: ReadDocument[];
  proposals: FieldProposal[];
  /** Time spent proposing and checking (not reading), for the receipt's checks summary. */
  proposeMs: number;
  /** Why the LLM provider could not help; its absence never fails the fill. */
  llmError?: string;
}

/** Throws UnsupportedContextFileError / ContextTooLargeError for documents that cannot be used. */
export async function proposeFromContext(input: ContextFillInput): Promise<ContextFillResult> {
  const documents: ReadDocument[] = [];
  let chars = 0;
  for (const doc of input.documents) {
    const read = await readDocument(doc, { maxChars: input.maxChars });
    chars += read.chars;
    if (chars > input.maxChars) throw new ContextTooLargeError(`The documents hold more than ${input.maxChars} characters of text together.`);
    documents.push(read);
  }
  const started = performance.now();
  let proposals = await proposeValues({ fields: input.fields, documents, formPdf: input.formPdf });
  let llmError: string | undefined;
  if (input.llm) {
    const open = new Set(proposals.filter((p) => p.status === 'missing').map((p) => p.field_id));
    const asked = input.fields.filter((f) => open.has(f.id) && f.type !== 'signature');
    if (asked.length) {
      try {
        const answers = new Map((await llmProposals(input.llm, asked, documents)).map((p) => [p.field_id, p]));
        proposals = proposals.map((p) => answers.get(p.field_id) ?? p);
      } catch (err) {
        // The provider is an extra: when it is down, the extractor's proposals still stand.
        llmError = (err as Error).message;
      }
    }
  }
  return { documents, proposals, proposeMs: performance.now() - started, llmError };
}
