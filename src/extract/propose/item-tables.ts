// Amounts from spreadsheets whose rows are items: a budget ("Rent | 1450 | …"), a ledger of
// expenses, a rental's income and costs. The row's first cell names what the money is for and a
// column of money holds how much, so the amount is a fact keyed by the row's name, not by the
// column's header ("Monthly amount ($)"), which every row shares.
//
// Only a table with exactly one money column gives facts: with two (two properties, two years,
// two people) which column a box asks for is a question this module does not answer. A row name's
// tail after a dash or in brackets says who was paid ("Rent - Vista Bridge Apartments",
// "Electric (PNM)"), not what for, and is left out of the key.
import type { KeyValue, ReadDocument } from '../types.ts';
import type { Fact } from './facts.ts';
import { compact } from './normalise.ts';
import { periodNamed } from './periods.ts';

/** A cell that is a sum of money as a spreadsheet holds it: digits, maybe a sign, separators and cents. */
const MONEY_CELL = /^-?\$?\s?(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;
/** A header that says its column holds money. */
const MONEY_HEADER = /[$€£]|\b(amount|amt|balance|cost|price|paid|payment|total|value|monthly|per month|per year|annual|yearly|weekly|sum)\b/i;

interface Cell {
  pair: KeyValue;
  column: string;
}

/** The pairs of a spreadsheet's data rows, by sheet and row ("cell Sheet1!B7" → "Sheet1!|7"). */
function rowsOf(pairs: KeyValue[]): Map<string, Cell[]> {
  const rows = new Map<string, Cell[]>();
  for (const pair of pairs) {
    if (pair.method !== 'table_header') continue;
    const m = /^cell (.*?)([A-Z]+)(\d+)$/.exec(pair.location);
    if (!m) continue;
    const key = `${pair.page}|${m[1]}|${m[3]}`;
    const row = rows.get(key) ?? [];
    row.push({ pair, column: m[2] });
    rows.set(key, row);
  }
  return rows;
}

/**
 * Workbooks keep last year's tab beside this year's: a sheet whose name says it is old, or names
 * an earlier year than another sheet of the same workbook, states no current amounts.
 */
export function oldSheets(names: string[]): Set<string> {
  const year = (n: string) => Math.max(0, ...[...n.matchAll(/\b(19|20)\d{2}\b/g)].map((m) => Number(m[0])));
  const latest = Math.max(0, ...names.map(year));
  return new Set(names.filter((n) => /\b(old|previous|prior|archived?|superseded)\b/i.test(n) || (year(n) > 0 && year(n) < latest)));
}

const columnOrder = (a: string, b: string) => a.length - b.length || a.localeCompare(b);

/** A row's name without who was paid: "Rent - Vista Bridge Apartments" → "Rent". */
export function itemName(stub: string): string {
  return stub
    .replace(/\([^)]*\)/g, ' ')
    .split(/\s+[-–—]\s+/)[0]
    .replace(/\s+/g, ' ')
    .trim();
}

export function itemTableFacts(doc: ReadDocument): Fact[] {
  const rows = [...rowsOf(doc.pairs).values()];
  if (rows.length < 2) return [];
  // Per sheet: its first column, and the columns whose header names money and whose cells are all sums.
  const sheets = new Map<string, Cell[][]>();
  for (const row of rows) {
    const sheet = row[0].pair.location.replace(/^cell (.*?)[A-Z]+\d+$/, '$1') + `|${row[0].pair.page}`;
    sheets.set(sheet, [...(sheets.get(sheet) ?? []), row]);
  }
  const old = oldSheets([...sheets.keys()].map((k) => k.replace(/!?\|\d+$/, '')));
  const facts: Fact[] = [];
  for (const [sheet, sheetRows] of sheets) {
    if (old.has(sheet.replace(/!?\|\d+$/, ''))) continue;
    const columns = new Map<string, { header: string; cells: string[] }>();
    for (const row of sheetRows)
      for (const c of row) {
        const col = columns.get(c.column) ?? { header: c.pair.key, cells: [] };
        col.cells.push(c.pair.value.trim());
        columns.set(c.column, col);
      }
    const ordered = [...columns.keys()].sort(columnOrder);
    const first = ordered[0];
    const money = ordered.filter((k) => k !== first && MONEY_HEADER.test(columns.get(k)!.header.replace(/_/g, ' ')) && columns.get(k)!.cells.every((v) => MONEY_CELL.test(v)));
    if (money.length !== 1) continue;
    const period = periodNamed(columns.get(money[0])!.header) ?? periodNamed(sheet);
    for (const row of sheetRows) {
      const stub = row.find((c) => c.column === first);
      const amount = row.find((c) => c.column === money[0]);
      if (!stub || !amount) continue;
      const name = itemName(stub.pair.value);
      // A name, not a number or a date: the row must say what the money is for.
      if (!/\p{L}{3}/u.test(name) || name.split(/\s+/).length > 6) continue;
      const value = amount.pair.value.replace(/[$\s,]/g, '');
      facts.push({
        concept: 'keyed', role: 'self', slot: null, key: compact(value), text: value, keyText: name, raw: `${stub.pair.value}: ${amount.pair.value}`,
        doc, page: amount.pair.page, location: amount.pair.location, method: 'item_row', strength: 1, hedged: false, period,
      });
    }
  }
  return facts;
}
