// How a catalog entry is shown: its catalog facts, and what fetching it taught (latest revision).
import type { CatalogForm } from '../../library/catalog.ts';

export interface RevisionFacts {
  sha256: string;
  pageCount: number;
  fillable: boolean;
  bytes: number;
  fetchedAt: Date;
  checkedAt: Date;
}

export function revisionView(r: RevisionFacts) {
  return { sha256: r.sha256, page_count: r.pageCount, fillable: r.fillable, bytes: r.bytes, fetched_at: r.fetchedAt.toISOString(), checked_at: r.checkedAt.toISOString() };
}

export function libraryFormView(f: CatalogForm, latest?: RevisionFacts | null) {
  return {
    id: f.id,
    agency: f.agency,
    agency_name: f.agency_name,
    number: f.number,
    title: f.title,
    revision: f.revision,
    languages: f.languages,
    category: f.category,
    keywords: f.keywords,
    source_url: f.url,
    fetched: latest ? revisionView(latest) : null,
  };
}
