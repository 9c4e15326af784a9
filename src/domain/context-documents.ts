// Supporting documents of a context fill (§2.4, §4.4, §4.5, §4.9): what a caller states beside its
// files (a JSON object or plain text) made into documents, and the form itself refused as context.
// What reads the files to admit them (context-admission.ts) runs in a worker thread.
import { createHash } from 'node:crypto';
import { DomainError } from './errors.ts';
import type { UploadedDocument } from './documents.ts';
import { LIMITS } from '../limits.ts';

/** A context file that is the form itself answers nothing: refused before anything is charged. */
export function refuseFormAsContext(formSha256: string, context: UploadedDocument[]): void {
  const same = context.find((f) => f.sha256 === formSha256);
  if (same) {
    throw new DomainError('unprocessable', 'document_same_as_form', `The context file "${same.filename}" is the form itself. Send the documents that hold the answers; nothing was charged.`);
  }
}

/**
 * What a caller states beside its files (issue 19): plain text ("my EIN is 12-3456789"), or a JSON
 * object whose keys the extractor matches to field labels ({"legal_name": …, "ein": …}). Every door
 * (REST, MCP, A2A) hands it to startContextFill, which reads it as one more document.
 */
export type StatedContext = string | Record<string, unknown>;

/** A text a caller sent, as a document: what the extractor reads is exactly these UTF-8 bytes. */
export function textDocument(filename: string, mimetype: string, text: string): UploadedDocument {
  const bytes = Buffer.from(text, 'utf8');
  return { filename, mimetype, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** Stated contexts as documents: context.json for an object, context.txt for text (numbered when several). */
export function statedContextDocuments(stated: StatedContext[], baseName = 'context'): UploadedDocument[] {
  if (stated.length > LIMITS.contextFiles) {
    throw new DomainError('too_large', 'too_many_files', `At most ${LIMITS.contextFiles} stated contexts in one request.`, { max: LIMITS.contextFiles });
  }
  return stated.map((s, i) => {
    const name = stated.length > 1 ? `${baseName}-${i + 1}` : baseName;
    const text = typeof s === 'string' ? s : JSON.stringify(s, null, 2);
    if (!text.trim() || text === '{}') throw new DomainError('invalid', 'invalid_context', 'A stated context is empty: send text or a JSON object with the values.');
    if (text.length > LIMITS.statedContextChars) {
      throw new DomainError('too_large', 'stated_context_too_large', `A stated context may hold at most ${LIMITS.statedContextChars} characters; send longer texts as context files.`, { max: LIMITS.statedContextChars });
    }
    return typeof s === 'string' ? textDocument(`${name}.txt`, 'text/plain', s) : textDocument(`${name}.json`, 'application/json', text);
  });
}

/**
 * A context sent as text (a multipart text field, a text part): a JSON object when it parses as
 * one — the shape agents send most — else plain text.
 */
export function readStatedContext(text: string): StatedContext {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // not JSON: plain text that starts with a brace
    }
  }
  return text;
}
