// Spreadsheet and zip-container bounds (issue #17), checked on the raw bytes before a parser runs:
// a CSV is scanned once (columns, rows, cell bytes); a zip (XLSX, DOCX) is inflated part by part
// with a running total, so a zip bomb is refused after at most LIMITS.archiveInflatedBytes of work
// whatever its headers declare. The parsers in src/extract only ever see bounded input.
import { inflateRawSync } from 'node:zlib';
import { DomainError } from './errors.ts';
import { LIMITS } from '../limits.ts';
import { detectDelimiter, parseSpreadsheet, SpreadsheetError, type Sheet } from '../extract/spreadsheet.ts';
import type { Contract } from './contracts.ts';
import { checkText } from './text.ts';
import type { UploadedDocument } from './documents.ts';

export const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

export interface SheetBounds {
  /** Most data rows (the header row not counted); 400 too_many_rows above it. */
  maxRows?: number;
}

/** The sheet, once its bytes and then its shape are within the limits (a batch's rows by default). */
export async function readSheet(file: UploadedDocument, bounds: SheetBounds = { maxRows: LIMITS.batchRows }): Promise<Sheet> {
  checkSpreadsheetBytes(file.bytes, bounds); // before the parser: columns, rows, cells, zip bombs
  let sheet: Sheet;
  try {
    sheet = await parseSpreadsheet(file.bytes);
  } catch (err) {
    if (err instanceof SpreadsheetError) throw new DomainError('invalid', 'invalid_spreadsheet', err.message);
    throw new DomainError('invalid', 'invalid_spreadsheet', 'The file is not a readable CSV or XLSX spreadsheet.');
  }
  checkSheetShape(sheet, bounds);
  return sheet;
}

const tooManyColumns = (n: number) =>
  new DomainError('too_large', 'too_many_columns', `The spreadsheet has ${n >= LIMITS.sheetColumns * 10 ? `more than ${LIMITS.sheetColumns * 10}` : n} columns; at most ${LIMITS.sheetColumns} are accepted.`, { max: LIMITS.sheetColumns });
const tooManyRows = (n: number, max: number) => new DomainError('invalid', 'too_many_rows', `The spreadsheet has ${n} data rows; at most ${max} per batch.`, { rows: n, max });
/** row: the data row (1-based, as in the batch manifest; 0 is the header row); column: 1-based. */
const cellTooLarge = (row: number, column: number, bytes: number) =>
  new DomainError('too_large', 'cell_too_large', `The cell in ${row === 0 ? 'the header row' : `data row ${row}`}, column ${column} is ${bytes} bytes; at most ${LIMITS.valueBytes} are accepted (the limit of any field value).`, { row, column, max_bytes: LIMITS.valueBytes });

/** Refuses a spreadsheet beyond the limits before it is parsed. Throws DomainError (too_large, or invalid for rows). */
export function checkSpreadsheetBytes(bytes: Uint8Array, bounds: SheetBounds = {}): void {
  if (isZip(bytes)) return checkArchive(bytes);
  if (bytes.includes(0)) return; // not CSV text: the parser says so
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('latin1').decode(bytes);
  }
  scanCsv(text.replace(/^\uFEFF/, ''), bounds.maxRows);
}

/**
 * One pass over CSV text with the parser's quoting rules: the widest record, the non-empty records
 * and the longest cell. Stops at the first bound crossed.
 */
function scanCsv(text: string, maxRows?: number): void {
  const delim = detectDelimiter(text.slice(0, 1 << 20)).charCodeAt(0);
  const maxCellUnits = LIMITS.valueBytes; // a cell longer than this in UTF-16 units may be over in bytes
  let quoted = false;
  let columns = 1;
  let records = 0; // records with some content; the first one is the header
  let hasContent = false;
  let cellStart = 0;
  const endCell = (i: number) => {
    if (i - cellStart > maxCellUnits / 3) {
      const bytes = Buffer.byteLength(text.slice(cellStart, i), 'utf8');
      if (bytes > LIMITS.valueBytes + 2) throw cellTooLarge(records, columns, bytes); // + 2: the quotes
    }
    cellStart = i + 1;
  };
  const endRecord = (i: number) => {
    endCell(i);
    if (hasContent) {
      records++;
      if (maxRows !== undefined && records - 1 > maxRows) throw tooManyRows(records - 1, maxRows);
    }
    hasContent = false;
    columns = 1;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      quoted = !quoted; // "" inside a quoted cell toggles twice: still quoted
      hasContent = true;
    } else if (quoted) {
      continue;
    } else if (c === delim) {
      endCell(i);
      if (++columns > LIMITS.sheetColumns) throw tooManyColumns(columns);
    } else if (c === 0x0a || c === 0x0d) {
      endRecord(i);
    } else if (c !== 0x20 && c !== 0x09) {
      hasContent = true;
    }
  }
  endRecord(text.length);
}

/**
 * Inflates every part of a zip, counting bytes, and refuses it once the total passes the limit.
 * Sizes come from the central directory only to find the parts; the count is of real output.
 * A zip that cannot be walked is left to the parser, which refuses it as unreadable.
 */
export function checkArchive(bytes: Uint8Array): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: 22 bytes plus a comment of up to 64 KiB, at the end.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return;
  const entries = view.getUint16(eocd + 10, true);
  if (entries > LIMITS.archiveEntries) throw archiveTooLarge(`${entries} parts; at most ${LIMITS.archiveEntries}`);
  let p = view.getUint32(eocd + 16, true);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== 0x02014b50) return;
    const method = view.getUint16(p + 10, true);
    const compressed = view.getUint32(p + 20, true);
    const declared = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    const local = view.getUint32(p + 42, true);
    p += 46 + nameLen + extraLen + commentLen;
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) return;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, Math.min(bytes.length, start + compressed));
    const name = Buffer.from(bytes.subarray(p - commentLen - extraLen - nameLen, p - commentLen - extraLen)).toString('latin1');
    if (method === 0 || method === 8) {
      const part = method === 0 ? data : inflated(data, LIMITS.archiveInflatedBytes - total);
      total += part.length;
      if (name === 'word/document.xml' && total <= LIMITS.archiveInflatedBytes) checkParagraphs(part);
    } else total += declared; // another method: the parser will refuse it; count what it claims
    if (total > LIMITS.archiveInflatedBytes) throw archiveTooLarge(`more than ${LIMITS.archiveInflatedBytes / (1024 * 1024)} MiB once decompressed`);
  }
}

const archiveTooLarge = (what: string) => new DomainError('too_large', 'archive_too_large', `The file is a zip archive (XLSX/DOCX) of ${what}; it is refused before it is read.`, { max_inflated_bytes: LIMITS.archiveInflatedBytes });

/** A raw deflate stream inflated, stopped one byte past `budget` (zlib stops there); corrupt: empty. */
function inflated(data: Uint8Array, budget: number): Uint8Array {
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, budget + 1) });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return new Uint8Array(budget + 1);
    return new Uint8Array(0); // corrupt deflate data: the parser refuses it
  }
}

/** A DOCX body of more paragraphs (<w:p>) than LIMITS.documentParagraphs: 413 document_too_large. */
function checkParagraphs(xml: Uint8Array): void {
  const text = Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength);
  let count = 0;
  for (let i = text.indexOf('<w:p'); i >= 0; i = text.indexOf('<w:p', i + 4)) {
    const next = text[i + 4];
    if (next === 0x3e || next === 0x20 || next === 0x2f) count++; // '>', ' ', '/'
    if (count > LIMITS.documentParagraphs) {
      throw new DomainError('too_large', 'document_too_large', `The document has more than ${LIMITS.documentParagraphs} paragraphs; it is refused before it is read.`, { max_paragraphs: LIMITS.documentParagraphs });
    }
  }
}

/** Checks the parsed sheet (XLSX too): column count and every cell's size. */
export function checkSheetShape(sheet: Sheet, bounds: SheetBounds = {}): void {
  if (sheet.columns.length > LIMITS.sheetColumns) throw tooManyColumns(sheet.columns.length);
  if (bounds.maxRows !== undefined && sheet.rows.length > bounds.maxRows) throw tooManyRows(sheet.rows.length, bounds.maxRows);
  sheet.rows.forEach((row, r) => {
    sheet.columns.forEach((column, c) => {
      const v = row[column];
      if (v && v.length * 3 > LIMITS.valueBytes) {
        const bytes = Buffer.byteLength(v, 'utf8');
        if (bytes > LIMITS.valueBytes) throw cellTooLarge(r + 1, c + 1, bytes);
      }
    });
  });
}

/**
 * The cells a batch will write, checked like any field value: invalid text (NUL, lone surrogate,
 * control character) is 422 invalid_value with each bad cell's row, column and field.
 */
export function checkMappedCells(sheet: Sheet, mapping: Map<string, number>, contract: Contract): void {
  const issues: { row: number; column: string; field_id: number; reason: string; message: string }[] = [];
  const types = new Map(contract.fields.map((f) => [f.id, f.type]));
  sheet.rows.forEach((row, r) => {
    let rowBytes = 0;
    for (const [column, fieldId] of mapping) {
      const v = row[column];
      if (!v || types.get(fieldId) === 'signature') continue;
      rowBytes += v.length * 3 > 1024 ? Buffer.byteLength(v, 'utf8') : v.length;
      if (rowBytes > LIMITS.rowValueBytes) {
        throw new DomainError('too_large', 'row_too_large', `Data row ${r + 1} maps more than ${LIMITS.rowValueBytes / 1024} KiB of values into the form; split long texts or map fewer columns.`, { row: r + 1, max_bytes: LIMITS.rowValueBytes });
      }
      const bad = checkText(v);
      if (bad && issues.length < 50) issues.push({ row: r + 1, column, field_id: fieldId, reason: bad.reason, message: bad.message });
    }
  });
  if (issues.length) {
    const first = issues[0];
    throw new DomainError('unprocessable', 'invalid_value', `Row ${first.row}, column "${first.column}" (field ${first.field_id}): ${first.message}${issues.length > 1 ? ` (${issues.length}${issues.length === 50 ? '+' : ''} cells in all)` : ''}`, { issues });
  }
}
