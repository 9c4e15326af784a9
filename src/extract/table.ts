// CSV and XLSX: the header row names the columns; each data row's cells become pairs keyed by
// their column header (method table_header, location "cell B7"), and each row one TextLine.
// Not src/extract/spreadsheet.ts (the batch-fill parser): this reader only needs rows of strings.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { checkSize, type KeyValue, type ReadResult, type TextLine, UnsupportedContextFileError } from './types.ts';

/** Rows of a table beyond this become lines but not pairs (a ledger's bulk is in the lines). */
const MAX_PAIR_ROWS = 500;

export function columnLetter(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** The delimiter that splits the first lines into the same number (≥ 2) of columns. */
export function guessDelimiter(text: string): string | null {
  const lines = text.split(/\r?\n/).filter((l) => l.trim()).slice(0, 10);
  if (lines.length < 2) return null;
  let best: { d: string; cols: number } | null = null;
  for (const d of [',', ';', '\t', '|']) {
    const counts = lines.map((l) => splitQuoted(l, d));
    const first = counts[0];
    if (first < 1) continue;
    const agree = counts.filter((c) => c === first).length;
    if (agree < Math.ceil(lines.length * 0.8)) continue;
    if (!best || first > best.cols) best = { d, cols: first };
  }
  return best?.d ?? null;
}

function splitQuoted(line: string, d: string): number {
  let n = 0;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === d && !quoted) n++;
  }
  return n;
}

export function readCsv(text: string, maxChars: number, name: string, delimiter = guessDelimiter(text) ?? ','): ReadResult {
  checkSize(text.length, maxChars, name);
  let rows: string[][];
  try {
    rows = parse(text, { delimiter, bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch (err) {
    throw new UnsupportedContextFileError(`The CSV file "${name}" could not be parsed: ${(err as Error).message}`);
  }
  return fromRows(
    'csv',
    [{ rows: rows.map((cells, i) => ({ number: i + 1, cells })) }],
  );
}

export async function readXlsx(bytes: Uint8Array, maxChars: number, name: string): Promise<ReadResult> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch (err) {
    throw new UnsupportedContextFileError(`The workbook "${name}" could not be read: ${(err as Error).message}`);
  }
  const sheets: Sheet[] = [];
  let chars = 0;
  const many = wb.worksheets.length > 1;
  for (const ws of wb.worksheets) {
    const rows: Row[] = [];
    ws.eachRow({ includeEmpty: false }, (row, number) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = cellText(cell);
      });
      for (let i = 0; i < cells.length; i++) cells[i] ??= '';
      chars += cells.reduce((n, c) => n + c.length + 1, 0);
      checkSize(chars, maxChars, name);
      rows.push({ number, cells });
    });
    sheets.push({ name: many ? ws.name : undefined, rows });
  }
  return fromRows('xlsx', sheets);
}

function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('result' in v) {
      const r = (v as { result?: unknown }).result;
      return r instanceof Date ? r.toISOString().slice(0, 10) : r === undefined || r === null ? '' : String(r);
    }
    if ('richText' in v) return (v as ExcelJS.CellRichTextValue).richText.map((t) => t.text).join('').trim();
    if ('text' in v) return String((v as { text: unknown }).text).trim();
    return (cell.text ?? '').trim();
  }
  return String(v).trim();
}

interface Row {
  /** 1-based row number in the file or sheet. */
  number: number;
  cells: string[];
}
interface Sheet {
  name?: string;
  rows: Row[];
}

/**
 * The header row is the first row with two or more non-empty cells (a title line above a table
 * is skipped). A table of just two columns with no header (key, value) reads as key/value pairs.
 */
function fromRows(kind: 'csv' | 'xlsx', sheets: Sheet[]): ReadResult {
  const lines: TextLine[] = [];
  const pairs: KeyValue[] = [];
  sheets.forEach((sheet, s) => {
    const page = s + 1;
    const prefix = sheet.name ? `${sheet.name}!` : '';
    const rows = sheet.rows.filter((r) => r.cells.some((c) => c !== ''));
    for (const r of rows) {
      lines.push({ text: r.cells.filter((c) => c !== '').join(' | '), page, location: `row ${prefix ? prefix : ''}${r.number}` });
    }
    const headerAt = rows.findIndex((r) => r.cells.filter((c) => c !== '').length >= 2);
    if (headerAt < 0) return;
    const header = rows[headerAt].cells;
    const data = rows.slice(headerAt + 1, headerAt + 1 + MAX_PAIR_ROWS);
    for (const r of data) {
      r.cells.forEach((value, c) => {
        const key = header[c];
        if (!value || !key) return;
        pairs.push({ key, value, page, location: `cell ${prefix}${columnLetter(c)}${r.number}`, method: 'table_header' });
      });
    }
  });
  return { kind, pages: Math.max(1, sheets.length), lines, pairs };
}
