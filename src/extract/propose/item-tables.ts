// Amounts from spreadsheets whose rows are items: a budget ("Rent | 1450 | …"), a ledger of
// expenses, a rental's income and costs. The row's first cell names what the money is for and a
// column of money holds how much, so the amount is a fact keyed by the row's name, not by the
// column's header ("Monthly amount ($)"), which every row shares.
//
// Only a table with exactly one money column gives facts: with two (two properties, two years,
// two people) which column a box asks for is a question this module does not answer. A row name's
// tail after a dash or in brackets says who was paid ("Rent - Vista Bridge Apartments",
// "Electric (PNM)"), not what for, and is left out of the key.
import type { ReadDocument } from '../types.ts';
import type { Fact } from './facts.ts';
import { compact } from './normalise.ts';
import { periodNamed } from './periods.ts';
import { documentTables } from './table-rows.ts';

/** A cell that is a sum of money as a spreadsheet holds it: digits, maybe a sign, separators and cents. */
const MONEY_CELL = /^-?\$?\s?(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;
/** A header that says its column holds money. */
const MONEY_HEADER = /[$€£]|\b(amount|amt|balance|cost|price|paid|payment|total|value|monthly|per month|per year|annual|yearly|weekly|sum)\b/i;

/**
 * Workbooks keep last year's tab beside this year's: a sheet whose name says it is old, or names
 * an earlier year than another sheet of the same workbook, states no current amounts.
 */
export function oldSheets(names: string[]): Set<string> {
  const year = (n: string) => Math.max(0, ...[...n.matchAll(/\b(19|20)\d{2}\b/g)].map((m) => Number(m[0])));
  const latest = Math.max(0, ...names.map(year));
  return new Set(names.filter((n) => /\b(old|previous|prior|archived?|superseded)\b/i.test(n) || (year(n) > 0 && year(n) < latest)));
}

/** A row's name without who was paid: "Rent - Vista Bridge Apartments" → "Rent". */
export function itemName(stub: string): string {
  return stub
    .replace(/\([^)]*\)/g, ' ')
    .split(/\s+[-–—]\s+/)[0]
    .replace(/\s+/g, ' ')
    .trim();
}

export function itemTableFacts(doc: ReadDocument): Fact[] {
  const tables = documentTables([doc]);
  const old = oldSheets(tables.map((t) => t.name));
  const facts: Fact[] = [];
  for (const table of tables) {
    if (old.has(table.name)) continue;
    // The first column names the rows; the money column is the one whose header names money and
    // whose cells are all sums.
    const [first, ...rest] = table.headers;
    const money = rest.filter((h) => MONEY_HEADER.test(h.replace(/_/g, ' ')) && table.rows.every((r) => !r.has(h) || MONEY_CELL.test(r.get(h)!.value)));
    if (money.length !== 1) continue;
    const period = periodNamed(money[0]) ?? periodNamed(table.name);
    for (const row of table.rows) {
      const stub = row.get(first);
      const amount = row.get(money[0]);
      if (!stub || !amount) continue;
      const name = itemName(stub.value);
      // A name, not a number or a date: the row must say what the money is for.
      if (!/\p{L}{3}/u.test(name) || name.split(/\s+/).length > 6) continue;
      const value = amount.value.replace(/[$\s,]/g, '');
      facts.push({
        concept: 'keyed', role: 'self', slot: null, key: compact(value), text: value, keyText: name, raw: `${stub.value}: ${amount.value}`,
        doc, page: amount.page, location: amount.location, method: 'item_row', strength: 1, hedged: false, period,
      });
    }
  }
  return facts;
}
