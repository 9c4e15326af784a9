// Word documents via mammoth: the raw text as lines ("Key: value" lines become pairs), and the
// tables from the HTML conversion, where a row of two cells reads as label and value.
import mammoth from 'mammoth';
import { colonPairs } from './pairs.ts';
import { checkSize, type KeyValue, type ReadResult, type TextLine, UnsupportedContextFileError } from './types.ts';

export async function readDocx(bytes: Uint8Array, maxChars: number, name: string): Promise<ReadResult> {
  const buffer = Buffer.from(bytes);
  let raw: string;
  let html: string;
  try {
    raw = (await mammoth.extractRawText({ buffer })).value;
    html = (await mammoth.convertToHtml({ buffer })).value;
  } catch (err) {
    throw new UnsupportedContextFileError(`The Word document "${name}" could not be read: ${(err as Error).message}`);
  }
  checkSize(raw.length, maxChars, name);
  const lines: TextLine[] = [];
  let n = 0;
  for (const para of raw.split(/\n/)) {
    const t = para.replace(/\s+/g, ' ').trim();
    if (t) lines.push({ text: t, page: 1, location: `paragraph ${++n}` });
  }
  const pairs: KeyValue[] = colonPairs(lines, 'label_colon');
  pairs.push(...tablePairs(html));
  // Rows of three or more cells also become one line each ("07/08/2025 | 2290 Kietzke Ln … | current"):
  // the raw text puts every cell on its own line, which loses which status belongs to which row.
  lines.push(...tableRowLines(html));
  return { kind: 'docx', pages: 1, lines, pairs };
}

/** Two-cell rows of every table: "Employee name | Ana Quiroga". Location "table 1 row 3". */
export function tablePairs(html: string): KeyValue[] {
  const out: KeyValue[] = [];
  const tables = html.match(/<table[\s\S]*?<\/table>/g) ?? [];
  tables.forEach((table, t) => {
    const rows = table.match(/<tr[\s\S]*?<\/tr>/g) ?? [];
    rows.forEach((row, r) => {
      const cells = (row.match(/<t[dh][^>]*>[\s\S]*?<\/t[dh]>/g) ?? []).map(cellText);
      const filled = cells.filter((c) => c !== '');
      if (filled.length !== 2) return;
      const key = filled[0].replace(/[:：]\s*$/, '').trim();
      if (!key) return;
      out.push({ key, value: filled[1], page: 1, location: `table ${t + 1} row ${r + 1}`, method: 'docx_table' });
    });
  });
  return out;
}

/** Table rows of 3+ non-empty cells as single lines, cells joined by " | ". Location "table 1 row 3". */
export function tableRowLines(html: string): TextLine[] {
  const out: TextLine[] = [];
  const tables = html.match(/<table[\s\S]*?<\/table>/g) ?? [];
  tables.forEach((table, t) => {
    const rows = table.match(/<tr[\s\S]*?<\/tr>/g) ?? [];
    rows.forEach((row, r) => {
      const cells = (row.match(/<t[dh][^>]*>[\s\S]*?<\/t[dh]>/g) ?? []).map(cellText).filter((c) => c !== '');
      if (cells.length >= 3) out.push({ text: cells.map((c) => c.replace(/\n/g, ' ')).join(' | '), page: 1, location: `table ${t + 1} row ${r + 1}` });
    });
  });
  return out;
}

function cellText(cell: string): string {
  return decodeEntities(
    cell
      .replace(/<\/p>\s*<p[^>]*>/g, '\n')
      .replace(/<br\s*\/?>/g, '\n')
      .replace(/<[^>]+>/g, ''),
  )
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

function decodeEntities(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&amp;/g, '&');
}
