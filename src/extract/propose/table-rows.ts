// Rows of a document's table fill the rows of a form's table. A household roster, a broker's list
// of sales, a creditor worksheet: a spreadsheet, CSV or DOCX table lists one person or item per
// row under column headers, and the form asks for the same things in a grid of repeated boxes
// ("Name", "Date of birth", "SSN" on each line). Facts alone cannot fill such a grid: every row
// says "Name", so nothing tells which row a name belongs on. Here the form's grid is found from
// its layout (the same caption on boxes stacked one under another), its columns are matched to the
// document's headers by what they ask, and the document's rows go into the form's rows in order.
// A value found this way is medium: the order of rows is the document's, not a certainty.
import type { ReadDocument } from '../types.ts';
import type { FieldSpec } from './fields.ts';
import { readSpec } from './labels.ts';
import { compact, fold } from './normalise.ts';
import { evidenceAt, inferredProposal } from './proposals.ts';
import type { FieldProposal, ProposeField } from './types.ts';

/** One grid of repeated boxes on a page: rows top to bottom, each a column key → field index. */
export interface FormTable {
  page: number;
  columns: Map<string, { text: string; spec: FieldSpec }>;
  rows: Map<string, number>[];
}

interface DocCell {
  value: string;
  page: number;
  location: string;
}

/** One table of a document: its headers and its rows in order. */
export interface DocTable {
  doc: ReadDocument;
  /** The sheet's name (spreadsheets), the table's number (DOCX), '' for a CSV. */
  name: string;
  headers: string[];
  rows: Map<string, DocCell>[];
}

/** A trailing row number of a caption ("Proceeds 2", "Date acquired (3)") is the row, not the column. */
const columnText = (text: string) => text.replace(/[\s:#.-]*\(?\d{1,2}\)?\s*$/, '').trim();

/** The form's grids: captions repeated on boxes stacked one under another, on one page. */
export function formTables(fields: ProposeField[], specs: FieldSpec[]): FormTable[] {
  const tables: FormTable[] = [];
  const pages = [...new Set(fields.map((f) => f.page))];
  for (const page of pages) {
    const byKey = new Map<string, number[]>();
    fields.forEach((f, i) => {
      if (f.page !== page || f.type !== 'text' || specs[i].skip) return;
      const key = compact(columnText(specs[i].text));
      if (key.length < 2) return;
      byKey.set(key, [...(byKey.get(key) ?? []), i]);
    });
    const midY = (i: number) => fields[i].rect.y + fields[i].rect.height / 2;
    // A column has boxes on at least two lines; two boxes of one key side by side are the columns of
    // two people ("Debtor 1" | "Debtor 2"), which columns.ts handles, not a grid of rows.
    const columns = [...byKey.entries()].filter(([, idx]) => {
      const ys = idx.map(midY).sort((a, b) => b - a);
      return idx.length >= 2 && ys.every((y, k) => k === 0 || ys[k - 1] - y > 4);
    });
    if (columns.length < 2) continue;
    const members = columns.flatMap(([key, idx]) => idx.map((i) => ({ key, i }))).sort((a, b) => midY(b.i) - midY(a.i));
    const rows: Map<string, number>[] = [];
    let lastY = Infinity;
    for (const m of members) {
      const y = midY(m.i);
      const tolerance = Math.max(4, fields[m.i].rect.height * 0.6);
      if (!rows.length || lastY - y > tolerance) rows.push(new Map());
      const row = rows[rows.length - 1];
      if (!row.has(m.key)) row.set(m.key, m.i);
      lastY = y;
    }
    if (rows.length < 2) continue;
    const cols = new Map(columns.map(([key, idx]) => [key, { text: columnText(specs[idx[0]].text), spec: specs[idx[0]] }]));
    tables.push({ page, columns: cols, rows });
  }
  return tables;
}

/** A note that takes its row off the list ("moved out 2024 - do not list", "no longer lives here"). */
const STRUCK_OUT = /\b(do not|don't|not to be) (list|include|report|enter)\b|\bmoved out\b|\bno longer (lives?|living|in)\b|\bexclude(d)?\b/i;

/** The documents' tables: spreadsheet and CSV cells under a header row, DOCX table rows. */
export function documentTables(documents: ReadDocument[]): DocTable[] {
  const out: DocTable[] = [];
  for (const doc of documents) {
    const tables = new Map<string, { headers: string[]; rows: Map<number, Map<string, DocCell>> }>();
    for (const p of doc.pairs) {
      if (p.method !== 'table_header' && p.method !== 'docx_table') continue;
      const cell = /^cell (?:(.+)!)?[A-Z]+(\d+)$/.exec(p.location);
      const docx = /^table (\d+) row (\d+)$/.exec(p.location);
      const where = cell ? { table: cell[1] ?? '', row: Number(cell[2]) } : docx ? { table: docx[1], row: Number(docx[2]) } : null;
      if (!where || !p.value.trim()) continue;
      const t = tables.get(where.table) ?? { headers: [] as string[], rows: new Map<number, Map<string, DocCell>>() };
      tables.set(where.table, t);
      if (!t.headers.includes(p.key)) t.headers.push(p.key);
      const row = t.rows.get(where.row) ?? new Map<string, DocCell>();
      t.rows.set(where.row, row);
      row.set(p.key, { value: p.value.trim(), page: p.page, location: p.location });
    }
    for (const [name, t] of tables) {
      const rows = [...t.rows.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([, r]) => r)
        .filter((r) => ![...r.values()].some((c) => STRUCK_OUT.test(c.value)));
      if (rows.length >= 2 && t.headers.length >= 2) out.push({ doc, name, headers: t.headers, rows });
    }
  }
  return out;
}

const STOP = new Set(['the', 'of', 'or', 'and', 'a', 'an', 'to', 'in', 'on', 'for', 'if', 'any', 'see', 'instructions', 'instruction', 'separate', 'example', 'mo', 'day', 'yr', 'your', 'this', 'from', 'with', 's3', 'sh', 'co']);
/** Words two captions may share without asking the same thing. */
const GENERIC = new Set(['date', 'number', 'no', 'amount', 'total', 'name', 'code', 'type', 'value']);
const wordsOf = (s: string) => new Set(fold(s).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1 && !STOP.has(w)));

/** How well a document header answers a form column: shared words, and the same kind of value. */
export function columnScore(columnText: string, spec: FieldSpec, header: string): number {
  const h = readSpec(header);
  if (spec.concept && h.concept && (spec.concept !== h.concept || (spec.namePart && h.namePart && spec.namePart !== h.namePart))) return 0;
  const a = wordsOf(columnText);
  const shared = [...wordsOf(header)].filter((w) => a.has(w));
  const distinctive = shared.filter((w) => !GENERIC.has(w)).length;
  const concept = spec.concept && spec.concept === h.concept ? 2 : 0;
  return concept + distinctive + 0.25 * (shared.length - distinctive);
}

/** Form column key → document header, one to one, best pairs first; weak pairs are left out. */
export function matchColumns(table: FormTable, doc: DocTable): Map<string, string> {
  const pairs: { key: string; header: string; score: number }[] = [];
  for (const [key, col] of table.columns) for (const header of doc.headers) pairs.push({ key, header, score: columnScore(col.text, col.spec, header) });
  pairs.sort((a, b) => b.score - a.score);
  const out = new Map<string, string>();
  const used = new Set<string>();
  for (const p of pairs) {
    if (p.score < 1 || out.has(p.key) || used.has(p.header)) continue;
    out.set(p.key, p.header);
    used.add(p.header);
  }
  return out;
}

/** A kind of value that needs digits (a date, a number): a cell without any ("applied for") does not answer it. */
const needsDigits = (spec: FieldSpec) => spec.concept === 'ssn' || spec.concept === 'dob' || spec.concept === 'other_date' || spec.concept === 'phone';

/** The cell as the box can hold it: "Female" in a one-letter sex box is "F", an SSN's dashes go in a 9-digit box; else null. */
function fitted(value: string, f: ProposeField, spec: FieldSpec): string | null {
  if (!f.max_len || value.length <= f.max_len) return value;
  if (spec.concept === 'sex' && /^[a-z]/i.test(value)) return value[0].toUpperCase();
  const digits = value.replace(/\D/g, '');
  if ((spec.concept === 'ssn' || spec.concept === 'phone') && digits.length <= f.max_len) return digits;
  return null;
}

/**
 * A document column that sorts its rows into the form's grids: its few values ("Short" / "Long")
 * each named by the printed words of exactly one of the grids' pages ("Short-term transactions").
 */
function splitByCategory(doc: DocTable, tables: FormTable[], pageText: Map<number, string>): Map<FormTable, Map<string, DocCell>[]> | null {
  for (const header of doc.headers) {
    const values = [...new Set(doc.rows.map((r) => r.get(header)?.value ?? ''))];
    if (values.length < 2 || values.length > tables.length || values.some((v) => !/^[a-z]{3,}$/i.test(v))) continue;
    const home = new Map<string, FormTable>();
    for (const v of values) {
      const re = new RegExp(`\\b${fold(v)}`);
      const named = tables.filter((t) => re.test(pageText.get(t.page) ?? ''));
      if (named.length === 1) home.set(v, named[0]);
    }
    if (home.size !== values.length || new Set(home.values()).size !== values.length) continue;
    const out = new Map<FormTable, Map<string, DocCell>[]>();
    for (const r of doc.rows) {
      const t = home.get(r.get(header)?.value ?? '')!;
      out.set(t, [...(out.get(t) ?? []), r]);
    }
    return out;
  }
  return null;
}

/** Fields the rules before left open, filled from the rows of a document's table. */
export function tableRowAnswers(fields: ProposeField[], specs: FieldSpec[], documents: ReadDocument[], isOpen: (i: number) => boolean): Map<number, FieldProposal> {
  const answers = new Map<number, FieldProposal>();
  const grids = formTables(fields, specs);
  const docs = documentTables(documents);
  if (!grids.length || !docs.length) return answers;
  const pageText = new Map<number, string>();
  fields.forEach((f, i) => pageText.set(f.page, `${pageText.get(f.page) ?? ''} ${fold(specs[i].text)}`));
  for (const doc of docs) {
    // The grids this table answers: those with the most columns matched (two at least).
    const matched = grids.map((t) => ({ t, columns: matchColumns(t, doc) })).filter((m) => m.columns.size >= 2);
    const best = Math.max(0, ...matched.map((m) => m.columns.size));
    const chosen = matched.filter((m) => m.columns.size === best);
    if (!chosen.length) continue;
    // One grid takes the rows in order; several alike take them only when a column sorts the rows.
    const rowsFor = chosen.length === 1 ? new Map([[chosen[0].t, doc.rows]]) : splitByCategory(doc, chosen.map((m) => m.t), pageText);
    if (!rowsFor) continue;
    for (const { t, columns } of chosen) {
      const rows = rowsFor.get(t) ?? [];
      rows.slice(0, t.rows.length).forEach((docRow, r) => {
        for (const [key, header] of columns) {
          const i = t.rows[r].get(key);
          const cell = docRow.get(header);
          if (i === undefined || !cell || answers.has(i) || !isOpen(i)) continue;
          if (needsDigits(specs[i]) && !/\d/.test(cell.value)) continue;
          const value = fitted(cell.value, fields[i], specs[i]);
          if (value === null) continue;
          const note = `Row ${r + 1} of the table in ${doc.doc.document_name}, column "${header}".`;
          answers.set(i, inferredProposal(fields[i], value, [evidenceAt(doc.doc, cell.page, cell.location, `${header}: ${cell.value}`, 'table_row')], note));
        }
      });
    }
  }
  return answers;
}
