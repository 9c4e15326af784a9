// GET /library/search: ranked catalog entries for what a person types, filtered and paged.
import type { LibraryIndex, SearchFilters } from '../../library/search-index.ts';
import { libraryFormView } from './library-view.ts';

export interface SearchFormsInput extends SearchFilters {
  q: string;
  page: number;
  perPage: number;
}

export function searchForms(index: LibraryIndex, input: SearchFormsInput) {
  const hits = index.search(input.q, input);
  const start = (input.page - 1) * input.perPage;
  return {
    query: input.q,
    total: hits.length,
    page: input.page,
    per_page: input.perPage,
    results: hits.slice(start, start + input.perPage).map((h) => ({ ...libraryFormView(h.form), score: Math.round(h.score * 1000) / 1000 })),
  };
}
