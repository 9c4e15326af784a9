// The service library's catalog (issue #20): official blank forms, one JSON file per agency under
// src/library/catalog/, checked against a schema when the service starts. Only facts read from the
// agency's own listing live in the files; what fetching a blank teaches (page count, fillable,
// sha256 of each revision) lives in the LibraryRevision table.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { z } from 'zod';
import { formNumberKey } from './form-number.ts';

export const CATEGORIES = ['tax', 'immigration', 'benefits', 'health', 'veterans', 'employment', 'business', 'travel', 'government', 'legal', 'housing', 'education', 'transportation', 'agriculture', 'disaster', 'other'] as const;

const OfficialUrl = z.url({ protocol: /^https$/, message: 'source URL must be an https URL' });

export const CatalogEntrySchema = z.strictObject({
  /** Stable id; derived from agency and number when absent. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{1,80}$/).optional(),
  number: z.string().min(1).max(60),
  title: z.string().min(3).max(300),
  /** Revision or edition as the agency prints it ("Rev. December 2024", "2025", "01/20/25"). */
  revision: z.string().max(60).optional(),
  languages: z.array(z.string().regex(/^[a-z]{2}$/)).min(1).default(['en']),
  url: OfficialUrl,
  category: z.enum(CATEGORIES),
  keywords: z.array(z.string().min(1).max(60)).max(30).default([]),
  /** On the agency's own list of its most-used forms (the `popular_source` of the file): ranked a little higher. */
  popular: z.literal(true).optional(),
});

export const AgencyFileSchema = z.strictObject({
  agency: z.string().regex(/^[A-Z0-9&/-]{2,20}$/),
  agency_name: z.string().min(3),
  /** Official hosts the agency serves its forms from: every entry's URL must be on one of them. */
  hosts: z.array(z.string().min(3)).min(1),
  /** Where the list was confirmed (an official listing page), for docs/decisions.md. */
  source: z.string().min(10),
  /** Where the agency names its most-used forms, when any entry is marked `popular`. */
  popular_source: z.string().min(10).optional(),
  forms: z.array(CatalogEntrySchema).min(1),
});

export type AgencyFile = z.infer<typeof AgencyFileSchema>;

export interface CatalogForm {
  id: string;
  agency: string;
  agency_name: string;
  number: string;
  title: string;
  revision: string | null;
  languages: string[];
  url: string;
  category: (typeof CATEGORIES)[number];
  keywords: string[];
  /** How much more often people look for it: 2 on the agency's popular list, 1.5 a schedule of such a form, else 1. */
  popularity: number;
}

export class CatalogError extends Error {}

const CATALOG_DIR = fileURLToPath(new URL('./catalog/', import.meta.url));

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Checks agency files and flattens them into entries; throws CatalogError naming the first fault. */
export function buildCatalog(files: { name: string; data: unknown }[]): CatalogForm[] {
  const forms: CatalogForm[] = [];
  const ids = new Set<string>();
  for (const { name, data } of files) {
    const parsed = AgencyFileSchema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new CatalogError(`catalog ${name}: ${issue.path.join('.')}: ${issue.message}`);
    }
    const file = parsed.data;
    if (file.forms.some((f) => f.popular) && !file.popular_source) throw new CatalogError(`catalog ${name}: entries are marked popular but popular_source is missing`);
    const popularNumbers = new Set(file.forms.filter((f) => f.popular).map((f) => formNumberKey(f.number)));
    for (const entry of file.forms) {
      const host = new URL(entry.url).hostname;
      if (!file.hosts.some((h) => host === h || host.endsWith(`.${h}`))) {
        throw new CatalogError(`catalog ${name}: ${entry.number}: ${host} is not one of the agency's official hosts`);
      }
      const langSuffix = entry.languages[0] !== 'en' ? `-${entry.languages[0]}` : '';
      const id = entry.id ?? `${slug(file.agency)}-${formNumberKey(entry.number) || slug(entry.number)}${langSuffix}`;
      if (ids.has(id)) throw new CatalogError(`catalog ${name}: duplicate id ${id}`);
      ids.add(id);
      forms.push({ id, agency: file.agency, agency_name: file.agency_name, number: entry.number, title: entry.title, revision: entry.revision ?? null, languages: entry.languages, url: entry.url, category: entry.category, keywords: entry.keywords, popularity: popularityOf(entry, popularNumbers) });
    }
  }
  return forms;
}

/** A schedule inherits some of its form's popularity: "Schedule C (Form 1040)" is looked for because 1040 is. */
function popularityOf(entry: { number: string; popular?: true }, popularNumbers: Set<string>): number {
  if (entry.popular) return 2;
  const parent = /\(Forms? ([^)]+)\)/.exec(entry.number)?.[1];
  return parent && popularNumbers.has(formNumberKey(parent.split(/\s+or\s+/i).pop()!)) ? 1.5 : 1;
}

/** Reads every agency file of the catalog directory (or another, in tests). */
export function loadCatalog(dir = CATALOG_DIR): CatalogForm[] {
  const names = readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
  return buildCatalog(names.map((name) => {
    try {
      return { name, data: JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown };
    } catch (err) {
      throw new CatalogError(`catalog ${name}: not valid JSON (${(err as Error).message})`);
    }
  }));
}
