// A file argument of a tool, without base64 in the model's mouth: a public https URL the service
// fetches (the callbacks' SSRF guard, pinned address, the upload limit), a document already on
// the service (a form's fillable PDF, a filled session, an artifact), an upload_id from
// create_upload_url (the client PUT the bytes there), or, for small files only, base64.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { UploadedDocument } from '../domain/documents.ts';
import { DomainError } from '../domain/errors.ts';
import { LIMITS } from '../limits.ts';
import { fetchDocument } from '../use-cases/documents/fetch-document.ts';
import { getFillablePdf } from '../use-cases/forms/get-fillable-pdf.ts';
import { getSessionPdf } from '../use-cases/sessions/get-session-pdf.ts';
import { getArtifactPdf } from '../use-cases/artifacts/get-artifact-pdf.ts';
import { readUpload } from '../use-cases/links/signed-links.ts';
import type { Door } from './door.ts';

const SOURCES = ['url', 'upload_id', 'form_id', 'session_id', 'artifact_id', 'base64'] as const;

export const FileArg = z
  .object({
    url: z.string().max(2048).optional().describe('public https URL the service downloads the file from (≤ 10 MB)'),
    upload_id: z.string().max(1000).optional().describe('from create_upload_url, after PUTting the bytes to its upload_url'),
    form_id: z.string().optional().describe("a ready form of yours: its fillable PDF"),
    session_id: z.string().optional().describe('a filled session of yours: its PDF'),
    artifact_id: z.string().optional().describe('an artifact of yours (page-tool result, committed proposal PDF)'),
    base64: z.string().optional().describe(`the bytes inline, base64; small files only (≤ ${LIMITS.inlineFileBytes / 1024 / 1024} MB)`),
    filename: z.string().max(255).optional().describe('name of the file (helps tell documents apart in evidence)'),
  })
  .describe('Exactly one of url, upload_id, form_id, session_id, artifact_id, base64.');
export type FileArg = z.infer<typeof FileArg>;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const doc = (filename: string, mimetype: string, bytes: Uint8Array): UploadedDocument => ({ filename, mimetype, bytes, sha256: sha256(bytes) });

/** The named file's bytes, read as the caller's: another account's ids are not found, as on REST. */
export async function resolveFile(door: Door, arg: FileArg, role = 'file'): Promise<UploadedDocument> {
  const named = SOURCES.filter((k) => arg[k] !== undefined);
  if (named.length !== 1) throw new DomainError('invalid', 'invalid_file_argument', `${role}: give exactly one of ${SOURCES.join(', ')}.`);
  const { ctx, ownerId } = door;
  const id = (what: string, v: string) => {
    if (!z.uuid().safeParse(v).success) throw new DomainError('not_found', 'not_found', `No such ${what}.`);
    return v;
  };
  switch (named[0]) {
    case 'url':
      return fetchDocument(ctx, arg.url!, arg.filename);
    case 'upload_id': {
      const up = await readUpload(ctx, ownerId, arg.upload_id!);
      return arg.filename ? { ...up, filename: arg.filename } : up;
    }
    case 'form_id':
      return doc(arg.filename ?? 'form.pdf', 'application/pdf', await getFillablePdf(ctx, ownerId, id('form', arg.form_id!)));
    case 'session_id':
      return doc(arg.filename ?? 'session.pdf', 'application/pdf', await getSessionPdf(ctx, ownerId, id('session', arg.session_id!)));
    case 'artifact_id':
      return doc(arg.filename ?? 'artifact.pdf', 'application/pdf', await getArtifactPdf(ctx, ownerId, id('artifact', arg.artifact_id!)));
    case 'base64': {
      const text = arg.base64!.replace(/\s+/g, '');
      if ((text.length * 3) / 4 > LIMITS.inlineFileBytes + 3) {
        throw new DomainError('too_large', 'file_too_large', `${role}: inline base64 files are limited to ${LIMITS.inlineFileBytes / 1024 / 1024} MB; pass a url or an upload_id instead.`);
      }
      if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) throw new DomainError('invalid', 'invalid_base64', `${role}: base64 is not valid.`);
      return doc(arg.filename ?? 'file', 'application/octet-stream', new Uint8Array(Buffer.from(text, 'base64')));
    }
  }
}

export const resolveFiles = (door: Door, args: FileArg[], role: string) => Promise.all(args.map((a, i) => resolveFile(door, a, `${role}[${i}]`)));

