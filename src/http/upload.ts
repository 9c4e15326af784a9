// Multipart uploads with the interface's limits (§8.1) enforced while the body streams in:
// a 1 GB upload is refused after 10 MB of one file or 30 MB of request, never buffered whole.
import { createHash } from 'node:crypto';
import busboy from 'busboy';
import type { Request, RequestHandler } from 'express';
import { ApiError } from './errors.ts';
import { LIMITS } from '../config.ts';
import type { UploadedFile } from '../domain/documents.ts';

export type { UploadedFile };

export interface Upload {
  files: Record<string, UploadedFile[]>;
  /** Text fields; a field sent more than once keeps its last value here … */
  fields: Record<string, string>;
  /** … and every value, in order, here. */
  texts: Record<string, string[]>;
}

declare module 'express-serve-static-core' {
  interface Request {
    upload?: Upload;
  }
}

export interface UploadSpec {
  /** Allowed file fields and how many files each may carry. */
  files: Record<string, number>;
  maxFileBytes?: number;
  maxRequestBytes?: number;
}

// After refusing an upload, keep reading (and discarding) this much more so the client, still
// sending, gets to read our 413 instead of a connection reset; then hang up.
const DRAIN_BYTES = 64 * 1024 * 1024;

export function multipartUpload(spec: UploadSpec): RequestHandler {
  const maxFileBytes = spec.maxFileBytes ?? LIMITS.fileBytes;
  const maxRequestBytes = spec.maxRequestBytes ?? LIMITS.requestBytes;
  const maxFiles = Object.values(spec.files).reduce((a, b) => a + b, 0);

  return (req, res, next) => {
    if (!req.is('multipart/form-data')) {
      return next(new ApiError(400, 'expected_multipart', 'Send the request as multipart/form-data.'));
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxRequestBytes) {
      res.setHeader('Connection', 'close');
      drain(req);
      return next(tooLarge('request_too_large', `The request is larger than ${mb(maxRequestBytes)}.`));
    }

    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: { fileSize: maxFileBytes, files: maxFiles, fields: 50, fieldSize: 64 * 1024, parts: maxFiles + 50 },
      });
    } catch {
      return next(new ApiError(400, 'invalid_multipart', 'The multipart body is malformed (missing boundary?).'));
    }

    const upload: Upload = { files: {}, fields: {}, texts: {} };
    let received = 0;
    let pending = 0;
    let finished = false;
    let done = false;

    const fail = (err: ApiError) => {
      if (done) return;
      done = true;
      req.unpipe(bb);
      bb.removeAllListeners();
      bb.on('error', () => undefined);
      res.setHeader('Connection', 'close');
      drain(req);
      next(err);
    };
    const maybeDone = () => {
      if (done || !finished || pending > 0) return;
      done = true;
      req.upload = upload;
      next();
    };

    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxRequestBytes) fail(tooLarge('request_too_large', `The request is larger than ${mb(maxRequestBytes)}.`));
    });

    bb.on('file', (field, stream, info) => {
      const allowed = spec.files[field];
      if (allowed === undefined) {
        stream.resume();
        return fail(new ApiError(400, 'unexpected_file_field', `Unexpected file field "${field}". Expected: ${Object.keys(spec.files).join(', ')}.`));
      }
      const list = (upload.files[field] ??= []);
      if (list.length >= allowed) {
        stream.resume();
        return fail(tooLarge('too_many_files', `At most ${allowed} file(s) in "${field}".`));
      }
      pending++;
      const chunks: Buffer[] = [];
      const hash = createHash('sha256');
      stream.on('data', (c: Buffer) => {
        chunks.push(c);
        hash.update(c);
      });
      stream.on('limit', () => fail(tooLarge('file_too_large', `"${info.filename || field}" is larger than ${mb(maxFileBytes)}.`)));
      stream.on('error', () => fail(new ApiError(400, 'invalid_multipart', 'The upload was interrupted or malformed.')));
      stream.on('end', () => {
        pending--;
        if (done) return;
        list.push({ field, filename: info.filename || field, mimetype: info.mimeType, bytes: Buffer.concat(chunks), sha256: hash.digest('hex') });
        maybeDone();
      });
    });
    bb.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(tooLarge('field_too_large', `The form field "${name}" is too long.`));
      upload.fields[name] = value;
      (upload.texts[name] ??= []).push(value);
    });
    bb.on('filesLimit', () => fail(tooLarge('too_many_files', `At most ${maxFiles} files in one request.`)));
    bb.on('partsLimit', () => fail(tooLarge('too_many_parts', 'The request has too many parts.')));
    bb.on('fieldsLimit', () => fail(tooLarge('too_many_parts', 'The request has too many form fields.')));
    bb.on('error', (err: Error) => fail(new ApiError(400, 'invalid_multipart', `The multipart body is malformed: ${err.message}.`)));
    bb.on('close', () => {
      finished = true;
      maybeDone();
    });
    req.on('aborted', () => fail(new ApiError(400, 'invalid_multipart', 'The upload was aborted.')));
    req.pipe(bb);
  };
}

const tooLarge = (code: string, message: string) => new ApiError(413, code, message);
const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

function drain(req: Request): void {
  let drained = 0;
  req.on('data', (c: Buffer) => {
    drained += c.length;
    if (drained > DRAIN_BYTES) req.socket.destroy();
  });
  req.resume();
}

/** The single file of a field, or an error with the status the endpoint documents. */
export function requireFile(req: Request, field: string, status = 400): UploadedFile {
  const f = req.upload?.files[field]?.[0];
  if (!f) throw new ApiError(status, 'missing_file', `The multipart field "${field}" with a file is required.`);
  return f;
}
