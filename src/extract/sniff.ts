// What a file is, from its bytes (magic numbers first, the name and mimetype only to break ties).
import { looksLikePdf } from '../pdf/errors.ts';

export type Sniffed =
  | { type: 'pdf' }
  | { type: 'png' | 'jpeg' | 'tiff' }
  | { type: 'docx' | 'xlsx' }
  | { type: 'text'; text: string }
  | { type: 'unknown'; why: string };

function startsWith(bytes: Uint8Array, sig: number[]): boolean {
  if (bytes.length < sig.length) return false;
  return sig.every((b, i) => bytes[i] === b);
}

export function sniff(bytes: Uint8Array): Sniffed {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { type: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { type: 'jpeg' };
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return { type: 'tiff' };
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return { type: 'unknown', why: 'a GIF image; send scans as PNG, JPEG or TIFF' };
  if (startsWith(bytes, [0x42, 0x4d]) && bytes.length > 26 && bytes[14] >= 12 && bytes[15] === 0) return { type: 'unknown', why: 'a BMP image; send scans as PNG, JPEG or TIFF' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    // Entry names are stored uncompressed in the local headers and the central directory.
    const names = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
    if (names.includes('word/document.xml')) return { type: 'docx' };
    if (names.includes('xl/workbook.xml')) return { type: 'xlsx' };
    return { type: 'unknown', why: 'a ZIP archive that is neither a Word document nor an Excel workbook' };
  }
  if (looksLikePdf(bytes)) return { type: 'pdf' };
  const text = decodeText(bytes);
  if (text === null) return { type: 'unknown', why: 'a binary file of a type that is not supported' };
  return { type: 'text', text };
}

/** UTF-8 (BOM stripped), UTF-16 with a BOM, or Windows-1252 for old exports; null for binary data. */
export function decodeText(bytes: Uint8Array): string | null {
  let text: string;
  if (startsWith(bytes, [0xff, 0xfe])) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (startsWith(bytes, [0xfe, 0xff])) text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  // Control characters other than tab, newline, carriage return and form feed mean binary data.
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) control++;
  }
  if (control > 0 && control > text.length / 1000) return null;
  return text.replace(/^\uFEFF/, '');
}
