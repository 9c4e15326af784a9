// Full-text search over the catalog with MiniSearch: field boosts (number ≫ title > keywords >
// agency), prefix matching while a word is being typed, and typo tolerance on words (never on
// numbers: "1041" is not a misspelling of "1040"). A number in any spelling is also looked up by
// its key ("i765", "sf86") in a field of its own, boosted far above words. A query holding a whole
// keyword phrase of an entry (its words in order: "citizenship application", "apply for an EIN")
// matches that phrase as one term, above the same words scattered over other forms' titles.
import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import { loadCatalog, type CatalogForm } from './catalog.ts';
import { formNumberKey, numberKeysInQuery, scheduleKeys, scheduleKeysInQuery } from './form-number.ts';

// Words that say nothing about which form: everyone searching here wants a form.
const STOP_WORDS = new Set(['form', 'forms', 'pdf', 'blank', 'the', 'a', 'an', 'of', 'for', 'to', 'and', 'or', 'my', 'i', 'need', 'u', 's', 'us', 'in', 'on', 'with', 'official', 'download']);

interface IndexedForm {
  id: string;
  codes: string;
  number: string;
  title: string;
  keywords: string;
  phrases: string;
  agency: string;
}

const hasDigit = (s: string) => /\d/.test(s);

const wordsOf = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w && !STOP_WORDS.has(w));

/** A phrase of two or more words as one term ("apply for an EIN" → "apply~ein"; no tokenizer splits on "~"); a lone word → null. */
export function phraseKey(text: string): string | null {
  const words = wordsOf(text);
  return words.length >= 2 ? words.join('~') : null;
}

/** The phrase terms a query may hold: each run of two to four of its adjacent words. */
export function phrasesInQuery(query: string): string[] {
  const words = wordsOf(query);
  const keys = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    for (let n = 2; n <= 4 && i + n <= words.length; n++) keys.add(words.slice(i, i + n).join('~'));
  }
  return [...keys];
}

export interface SearchFilters {
  agency?: string;
  category?: string;
  language?: string;
}

export class LibraryIndex {
  private readonly index: MiniSearch<IndexedForm>;
  private readonly byId: Map<string, CatalogForm>;

  constructor(readonly forms: CatalogForm[]) {
    this.byId = new Map(forms.map((f) => [f.id, f]));
    this.index = new MiniSearch<IndexedForm>({
      fields: ['codes', 'number', 'title', 'keywords', 'phrases', 'agency'],
      // Phrases are joined terms already: split only on spaces there.
      tokenize: (text, field) => (field === 'phrases' ? text.split(' ') : MiniSearch.getDefault('tokenize')(text)),
      processTerm: (term) => {
        const t = term.toLowerCase();
        return STOP_WORDS.has(t) ? null : t;
      },
    });
    this.index.addAll(forms.map((f) => ({
      id: f.id,
      // The number as one key, and the keys of any other numbers the agency gives it.
      codes: [formNumberKey(f.number), ...scheduleKeys(f.number), ...f.keywords.filter(hasDigit).map(formNumberKey)].join(' '),
      number: f.number,
      title: f.title,
      keywords: f.keywords.join(' '),
      phrases: f.keywords.map(phraseKey).filter((k) => k !== null).join(' '),
      agency: `${f.agency} ${f.agency_name}`,
    })));
  }

  get(id: string): CatalogForm | undefined {
    return this.byId.get(id);
  }

  /** Ranked matches, best first, after the filters. */
  search(query: string, filters: SearchFilters = {}): { form: CatalogForm; score: number }[] {
    const text = query.trim();
    if (!text) return [];
    const numberKeys = [...numberKeysInQuery(text), ...scheduleKeysInQuery(text)];
    const queries: Query[] = [
      {
        queries: [text],
        fields: ['number', 'title', 'keywords', 'agency'],
        boost: { number: 4, title: 2, keywords: 1.5, agency: 1 },
        prefix: (term) => term.length >= 3 && !hasDigit(term),
        fuzzy: (term) => (hasDigit(term) || term.length < 4 ? false : term.length < 7 ? 1 : 2),
        maxFuzzy: 2,
        combineWith: 'OR',
      },
    ];
    const phrases = phrasesInQuery(text);
    if (phrases.length) queries.push({ queries: phrases, fields: ['phrases'], boost: { phrases: 4 }, combineWith: 'OR' });
    if (numberKeys.length) queries.push({ queries: numberKeys, fields: ['codes'], boost: { codes: 12 }, combineWith: 'OR' });
    const wanted = (f: CatalogForm) =>
      (!filters.agency || f.agency.toLowerCase() === filters.agency.toLowerCase()) &&
      (!filters.category || f.category === filters.category) &&
      (!filters.language || f.languages.includes(filters.language.toLowerCase()));
    const results: SearchResult[] = this.index.search(
      { queries, combineWith: 'OR' },
      // Popularity breaks near-ties (Schedule D of Form 1040 before Schedule D of Form 941), never outweighs a number match.
      { filter: (r) => wanted(this.byId.get(r.id as string)!), boostDocument: (id) => this.byId.get(id as string)!.popularity ** 0.5 },
    );
    return results.map((r) => ({ form: this.byId.get(r.id as string)!, score: r.score }));
  }
}

const built = new Map<string, LibraryIndex>();

/** The index of a catalog directory (the repository's by default), built once per process. */
export function catalogIndex(dir?: string): LibraryIndex {
  const key = dir ?? '';
  let index = built.get(key);
  if (!index) built.set(key, (index = new LibraryIndex(loadCatalog(dir))));
  return index;
}
