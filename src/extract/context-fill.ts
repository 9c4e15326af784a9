// From a form's fields and the caller's supporting documents to one proposal per field: read every
// document, let the deterministic extractor propose, and, when an LLM provider is configured, ask
// it about the fields the extractor left open. A library: bytes in, data out.
// The two halves are also exported apart: reading and proposing is CPU work (PDF text, OCR, DOCX,
// XLSX, the proposer) that the service runs in a worker thread under a time limit, while asking the
// LLM is network waiting that stays with the caller.
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
  const read = await readAndPropose(input);
  if (!input.llm) return read;
  const started = performance.now();
  const asked = await askLlm(input.llm, input.fields, read.documents, read.proposals);
  return { ...read, ...asked, proposeMs: read.proposeMs + (performance.now() - started) };
}

/** The documents read and the extractor's proposals, without the LLM (the CPU-bound half). */
export async function readAndPropose(input: Omit<ContextFillInput, 'llm'>): Promise<ContextFillResult> {
  const documents: ReadDocument[] = [];
  let chars = 0;
  for (const doc of input.documents) {
    const read = await readDocument(doc, { maxChars: input.maxChars });
    chars += read.chars;
    if (chars > input.maxChars) throw new ContextTooLargeError(`The documents hold more than ${input.maxChars} characters of text together.`);
    documents.push(read);
  }
  const started = performance.now();
  const proposals = await proposeValues({ fields: input.fields, documents, formPdf: input.formPdf });
  return { documents, proposals, proposeMs: performance.now() - started };
}

/** `proposals` with the fields the extractor left open answered by the LLM where it can (the waiting half). */
export async function askLlm(llm: LlmConfig, fields: ProposeField[], documents: ReadDocument[], proposals: FieldProposal[]): Promise<{ proposals: FieldProposal[]; llmError?: string }> {
  const open = new Set(proposals.filter((p) => p.status === 'missing').map((p) => p.field_id));
  const asked = fields.filter((f) => open.has(f.id) && f.type !== 'signature');
  if (!asked.length) return { proposals };
  try {
    const answers = new Map((await llmProposals(llm, asked, documents)).map((p) => [p.field_id, p]));
    return { proposals: proposals.map((p) => answers.get(p.field_id) ?? p) };
  } catch (err) {
    // The provider is an extra: when it is down, the extractor's proposals still stand.
    return { proposals, llmError: (err as Error).message };
  }
}
