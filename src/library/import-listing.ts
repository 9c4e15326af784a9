// Refreshes an agency's catalog file from a listing saved from the agency's own site, as CSV with
// the columns number,title,url and optionally revision,category,keywords (keywords separated by
// ';'). A row whose number is already in the file updates its title, URL and revision and keeps
// the curated category and keywords; a new number is added (its category from the row, or the
// one given). The result is checked by the catalog's schema before anything is written.
import { parse } from 'csv-parse/sync';
import { AgencyFileSchema, buildCatalog, CATEGORIES, type AgencyFile } from './catalog.ts';
import { formNumberKey } from './form-number.ts';

type Category = (typeof CATEGORIES)[number];

export function mergeListing(file: AgencyFile, csv: string, defaultCategory: Category): { file: AgencyFile; added: number; updated: number } {
  const rows = parse(csv, { columns: true, skip_empty_lines: true, trim: true }) as Record<string, string>[];
  const forms = file.forms.map((f) => ({ ...f }));
  const byKey = new Map(forms.map((f, i) => [formNumberKey(f.number), i]));
  let added = 0;
  let updated = 0;
  for (const row of rows) {
    if (!row.number || !row.title || !row.url) throw new Error(`listing row without number, title or url: ${JSON.stringify(row)}`);
    const at = byKey.get(formNumberKey(row.number));
    if (at !== undefined) {
      forms[at] = { ...forms[at], title: row.title, url: row.url, ...(row.revision ? { revision: row.revision } : {}) };
      updated++;
      continue;
    }
    const category = (row.category || defaultCategory) as Category;
    forms.push({ number: row.number, title: row.title, url: row.url, ...(row.revision ? { revision: row.revision } : {}), category, languages: ['en'], keywords: row.keywords ? row.keywords.split(';').map((k) => k.trim()).filter(Boolean) : [] });
    byKey.set(formNumberKey(row.number), forms.length - 1);
    added++;
  }
  const merged = AgencyFileSchema.parse({ ...file, forms });
  buildCatalog([{ name: `${file.agency} (merged)`, data: merged }]); // hosts and unique ids
  return { file: merged, added, updated };
}
