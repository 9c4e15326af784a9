// What an A2A message asks for, read from its parts: data parts (JSON: the skill and its
// arguments), file parts by bytes or by URI (fetched with the callbacks' SSRF guard and the upload
// limits), and text parts. Files keep the order they came in; a file part may say what it is with
// metadata.role ("form", "context", "filled", "spreadsheet").
import { createHash } from 'node:crypto';
import type { Message, Part } from '@a2a-js/sdk';
import type { AppContext } from '../context.ts';
import type { UploadedDocument } from '../domain/documents.ts';
import { DomainError } from '../domain/errors.ts';
import { LIMITS } from '../limits.ts';
import { fetchDocument } from '../use-cases/documents/fetch-document.ts';

export interface MessageFile extends UploadedDocument {
  role?: string;
}

export interface SkillRequest {
  /** The skill id the caller named (data part `skill`, or message metadata `skill`). */
  skill?: string;
  /** Every data part's fields, merged in order. */
  args: Record<string, unknown>;
  files: MessageFile[];
  texts: string[];
}

const MAX_FILES = 10;

export async function readMessage(ctx: AppContext, message: Message): Promise<SkillRequest> {
  const args: Record<string, unknown> = {};
  const texts: string[] = [];
  const files: MessageFile[] = [];
  let total = 0;
  for (const part of message.parts) {
    const content = part.content;
    if (!content) continue;
    if (content.$case === 'text') texts.push(content.value);
    else if (content.$case === 'data') {
      if (!content.value || typeof content.value !== 'object' || Array.isArray(content.value)) throw new DomainError('invalid', 'invalid_data_part', 'A data part must hold a JSON object.');
      Object.assign(args, content.value);
    } else {
      if (files.length === MAX_FILES) throw new DomainError('too_large', 'too_many_files', `At most ${MAX_FILES} file parts in one message.`);
      const file = await readFilePart(ctx, part, content);
      total += file.bytes.length;
      if (total > LIMITS.requestBytes) throw new DomainError('too_large', 'request_too_large', `The files of one message may total at most ${LIMITS.requestBytes / (1024 * 1024)} MB.`);
      files.push(file);
    }
  }
  const named = args.skill ?? message.metadata?.skill;
  delete args.skill;
  return { skill: typeof named === 'string' ? named : undefined, args, files, texts };
}

async function readFilePart(ctx: AppContext, part: Part, content: { $case: 'raw'; value: Buffer } | { $case: 'url'; value: string }): Promise<MessageFile> {
  let bytes: Buffer;
  if (content.$case === 'raw') {
    bytes = Buffer.from(content.value);
    if (bytes.length > LIMITS.fileBytes) throw new DomainError('too_large', 'file_too_large', `A file may be at most ${LIMITS.fileBytes / (1024 * 1024)} MB.`);
  } else {
    bytes = Buffer.from((await fetchDocument(ctx, content.value)).bytes);
  }
  const role = part.metadata?.role;
  return {
    filename: part.filename || (content.$case === 'url' ? new URL(content.value).pathname.split('/').pop() || 'file' : 'file'),
    mimetype: part.mediaType || 'application/octet-stream',
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    ...(typeof role === 'string' ? { role } : {}),
  };
}
