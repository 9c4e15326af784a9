// Spreadsheets for batch fill (§4.6): CSV (comma, semicolon or tab; quotes; BOM; CRLF) or XLSX
// (first worksheet). Pure: bytes → { columns, rows }, every cell as text. The first non-empty row
// names the columns; empty rows are skipped; Excel dates become MM/DD/YYYY.
import type ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';

export interface Sheet {
  columns: string[];
  /** One record per data row, keyed by column name; every value a string ('' for an empty cell). */
  rows: Record<string, string>[];
}

export class SpreadsheetError extends Error {}

const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

export async function parseSpreadsheet(bytes: Uint8Array): Promise<Sheet> {
  const grid = isZip(bytes) ? await xlsxGrid(bytes) : csvGrid(bytes);
  return toSheet(grid);
}

function toSheet(grid: string[][]): Sheet {
  const nonEmpty = grid.filter((r) => r.some((c) => c.trim() !== ''));
  if (!nonEmpty.length) throw new SpreadsheetError('The spreadsheet is empty: no header row.');
  const header = nonEmpty[0].map((c) => c.trim());
  // Trailing unnamed columns are dropped; an unnamed column in the middle gets a placeholder name.
  let width = header.length;
  while (width > 0 && header[width - 1] === '') width--;
  if (!width) throw new SpreadsheetError('The header row names no columns.');
  const columns: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < width; i++) {
    let name = header[i] || `Column ${i + 1}`;
    if (seen.has(name)) throw new SpreadsheetError(`The column "${name}" appears twice in the header row.`);
    seen.add(name);
    columns.push(name);
  }
  const rows = nonEmpty.slice(1).map((r) => Object.fromEntries(columns.map((c, i) => [c, (r[i] ?? '').trim()])));
  if (!rows.length) throw new SpreadsheetError('The spreadsheet has a header row but no data rows.');
  return { columns, rows };
}

// ---- CSV ----

function csvGrid(bytes: Uint8Array): string[][] {
  if (bytes.includes(0)) throw new SpreadsheetError('The file is neither CSV text nor an XLSX workbook.');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('latin1').decode(bytes); // Excel's "CSV" on Windows is often cp1252
  }
  text = text.replace(/^\uFEFF/, '');
  if (!text.trim()) throw new SpreadsheetError('The spreadsheet is empty.');
  try {
    return parseCsv(text, { delimiter: detectDelimiter(text), relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][];
  } catch (err) {
    throw new SpreadsheetError(`The CSV could not be read: ${(err as Error).message}`);
  }
}

/** The delimiter seen most often, outside quotes, on the first line. */
export function detectDelimiter(text: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch]++;
  }
  const best = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  return best[1] > 0 ? best[0] : ',';
}

// ---- XLSX ----

async function xlsxGrid(bytes: Uint8Array): Promise<string[][]> {
  // ExcelJS loads with the first XLSX: the HTTP process checks a batch's mapped cells with the
  // limits beside this parser (domain/sheet-limits.ts) but never parses a spreadsheet itself.
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  try {
    await wb.xlsx.load(Buffer.from(bytes) as never);
  } catch (err) {
    throw new SpreadsheetError(`The XLSX workbook could not be read: ${(err as Error).message}`);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new SpreadsheetError('The workbook has no worksheet.');
  const grid: string[][] = [];
  ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell);
    });
    grid[rowNumber - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(grid, (r) => r ?? []);
}

const DATE_FORMAT = /(^|[^\\"])[dmyDMY]{1,4}([^a-zA-Z]|$)/;

function cellText(cell: ExcelJS.Cell): string {
  return valueText(cell.value, cell.numFmt);
}

function valueText(v: ExcelJS.CellValue, numFmt?: string): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return formatDate(v);
  if (typeof v === 'number') {
    // A date cell ExcelJS did not recognise: a serial number with a date format.
    if (numFmt && DATE_FORMAT.test(numFmt.replace(/\[[^\]]*\]/g, '')) && v > 0 && v < 2958466) return formatDate(serialToDate(v));
    return numberText(v);
  }
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'string') return v;
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((t) => t.text).join('');
    if ('formula' in v || 'sharedFormula' in v) return valueText((v as { result?: ExcelJS.CellValue }).result ?? null, numFmt);
    if ('text' in v && typeof v.text === 'string') return v.text; // hyperlink
    if ('error' in v) return '';
  }
  return String(v);
}

/** Numbers as a person would type them: no exponent, no float noise. */
function numberText(n: number): string {
  if (Number.isInteger(n)) return n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 0 });
  return String(Number(n.toPrecision(15)));
}

/** Excel's 1900 date system (with its phantom 29 Feb 1900) → a UTC date. */
export function serialToDate(serial: number): Date {
  const days = Math.floor(serial);
  return new Date(Date.UTC(1899, 11, 30) + days * 86_400_000);
}

function formatDate(d: Date): string {
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(d.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${d.getUTCFullYear()}`;
}
