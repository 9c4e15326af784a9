// The optional LLM provider: any OpenAI-compatible chat-completions API (LLM_BASE_URL, LLM_API_KEY,
// LLM_MODEL). It is asked only about fields the deterministic extractor left open, must quote the
// text each value comes from, and every answer goes through the same quote check as the
// extractor's: a value that cannot be found again in its document is dropped. LLM values are
// never `high`, so under the strict policy they always wait for review.
import OpenAI from 'openai';
import type { ReadDocument } from './types.ts';
import type { Evidence, FieldProposal, ProposeField } from './propose/types.ts';
import { quoteCheck } from './propose/index.ts';

export interface LlmConfig {
  baseURL: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

/** Most characters of document text sent in one request; longer documents are cut. */
const PROMPT_DOCUMENT_CHARS = 60_000;

const SYSTEM = [
  'You fill in form fields from supporting documents.',
  'Answer only from the documents: never from general knowledge, never today\'s date, never a guess.',
  'Each value must be about the person or business the form is for, not a relative, spouse or another party, and must be the current value when the documents show an old and a new one.',
  'For every value give the document_id and a quote: the exact text of the document line it comes from, copied character for character.',
  'Leave out any field the documents do not answer unambiguously.',
  'Reply with JSON only: {"values":[{"field_id":1,"value":"...","document_id":"...","quote":"..."}]}.',
].join(' ');

function describeField(f: ProposeField): string {
  const parts = [`field_id ${f.id}: "${f.label}"`, `type ${f.type}`, `data ${f.data_type}`];
  if (f.tooltip && f.tooltip !== f.label) parts.push(`tooltip "${f.tooltip}"`);
  if (f.max_len) parts.push(`at most ${f.max_len} characters`);
  if (f.options?.length) parts.push(`one of ${JSON.stringify(f.options)}`);
  if (f.type === 'checkbox') parts.push('value "true" to tick it');
  return parts.join(', ');
}

function describeDocument(d: ReadDocument): string {
  let text = '';
  for (const line of d.lines) {
    const next = `[p${line.page}] ${line.text}\n`;
    if (text.length + next.length > PROMPT_DOCUMENT_CHARS) break;
    text += next;
  }
  return `<document id="${d.document_id}" name="${d.document_name}">\n${text}</document>`;
}

export function buildPrompt(fields: ProposeField[], documents: ReadDocument[]): { role: 'system' | 'user'; content: string }[] {
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: `Fields:\n${fields.map(describeField).join('\n')}\n\nDocuments:\n${documents.map(describeDocument).join('\n\n')}` },
  ];
}

interface Answer {
  field_id: number;
  value: string;
  document_id: string;
  quote: string;
}

function parseAnswers(content: string | null | undefined): Answer[] {
  if (!content) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    return [];
  }
  const values = (parsed as { values?: unknown }).values;
  if (!Array.isArray(values)) return [];
  return values.filter(
    (v): v is Answer =>
      typeof v === 'object' && v !== null && Number.isInteger((v as Answer).field_id) && typeof (v as Answer).value === 'string' && typeof (v as Answer).document_id === 'string' && typeof (v as Answer).quote === 'string',
  );
}

/** Where in the document the quote is: the first line whose text contains it (whitespace-insensitive). */
function locate(doc: ReadDocument, quote: string): { page: number; location: string } | null {
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  const q = squash(quote);
  if (!q) return null;
  const line = doc.lines.find((l) => squash(l.text).includes(q) || (q.length > 20 && q.includes(squash(l.text)) && squash(l.text).length > 10));
  return line ? { page: line.page, location: line.location } : null;
}

/** Proposals for `fields` from the LLM; fields it cannot answer with a checkable quote are left out. */
export async function llmProposals(config: LlmConfig, fields: ProposeField[], documents: ReadDocument[]): Promise<FieldProposal[]> {
  const client = new OpenAI({ baseURL: config.baseURL, apiKey: config.apiKey, timeout: config.timeoutMs, maxRetries: 2 });
  const completion = await client.chat.completions.create({
    model: config.model,
    temperature: 0,
    response_format: { type: 'json_object' },
    messages: buildPrompt(fields, documents),
  });
  const byId = new Map(fields.map((f) => [f.id, f]));
  const docs = new Map(documents.map((d) => [d.document_id, d]));
  const out = new Map<number, FieldProposal>();
  for (const a of parseAnswers(completion.choices[0]?.message?.content)) {
    const field = byId.get(a.field_id);
    const doc = docs.get(a.document_id);
    if (!field || !doc || out.has(field.id)) continue;
    const value = a.value.trim();
    if (!value || (field.options?.length && !field.options.includes(value))) continue;
    const place = locate(doc, a.quote);
    if (!place) continue;
    const evidence: Evidence = { document_id: doc.document_id, document_name: doc.document_name, page: place.page, method: 'quote_check', location: place.location, quote: a.quote.trim().slice(0, 500) };
    if (!quoteCheck(value, field, evidence, documents)) continue;
    out.set(field.id, {
      field_id: field.id,
      status: 'proposed',
      value,
      confidence: 'medium',
      origin: 'llm',
      evidence: [evidence],
      note: 'Proposed by the language model and found again in the document; please review.',
    });
  }
  return [...out.values()];
}
