// Shared vocabulary of the supporting-document reader: plain data, no HTTP, no database.
// Pages are 1-based (documents without pages are page 1), as evidence quotes them.
import type { OcrWorker } from '../pdf/tesseract.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TextLine {
  text: string;
  page: number;
  /** e.g. "p1 l12" or "cell B7" or "field applicant.name" */
  location: string;
  /** PDF user space (points, origin bottom-left) for PDFs; pixels (origin top-left) for OCR. */
  bbox?: Box;
}

export type PairMethod = 'acroform' | 'label_colon' | 'table_header' | 'json_path' | 'docx_table' | 'ocr_label';

export interface KeyValue {
  key: string;
  value: string;
  page: number;
  location: string;
  method: PairMethod;
}

export type DocumentKind = 'pdf' | 'scanned_pdf' | 'image' | 'docx' | 'text' | 'csv' | 'xlsx' | 'json';

export interface ReadDocument {
  document_id: string;
  document_name: string;
  kind: DocumentKind;
  pages: number;
  lines: TextLine[];
  pairs: KeyValue[];
  chars: number;
}

export interface ReadInput {
  id: string;
  name: string;
  mimetype?: string;
  bytes: Uint8Array;
}

export interface ReadOptions {
  /** Most characters of text one document may yield (default 200 000). */
  maxChars?: number;
  /** OCR images and image-only PDF pages (default true). */
  ocr?: boolean;
  /** The OCR worker to read them with (default: the reader's own, started on first need). */
  ocrWorker?: OcrWorker;
}

export const DEFAULT_MAX_CHARS = 200_000;

export class UnsupportedContextFileError extends Error {
  readonly code = 'unsupported_context_file';
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedContextFileError';
  }
}

export class ContextTooLargeError extends Error {
  readonly code = 'context_too_large';
  constructor(message: string) {
    super(message);
    this.name = 'ContextTooLargeError';
  }
}

/** What a reader returns; index.ts adds the id, name and character count. */
export interface ReadResult {
  kind: DocumentKind;
  pages: number;
  lines: TextLine[];
  pairs: KeyValue[];
}

/** Throws ContextTooLargeError once `chars` passes the limit (readers call it as they go). */
export function checkSize(chars: number, maxChars: number, name: string): void {
  if (chars > maxChars) {
    throw new ContextTooLargeError(`The document "${name}" has more than ${maxChars} characters of text.`);
  }
}
