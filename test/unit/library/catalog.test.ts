// The catalog loader refuses a malformed agency file at start, naming the file and the fault.
import { describe, expect, test } from 'vitest';
import { buildCatalog, CatalogError, loadCatalog } from '../../../src/library/catalog.ts';

const agency = (forms: unknown[], extra: Record<string, unknown> = {}) => ({
  agency: 'XA', agency_name: 'Example Agency', hosts: ['example.gov'], source: 'the agency forms listing page', forms, ...extra,
});
const entry = { number: 'XA-1', title: 'Application for a Thing', url: 'https://www.example.gov/forms/xa-1.pdf', category: 'benefits' };

describe('catalog loader', () => {
  test('the repository catalog passes its schema and has unique ids', () => {
    const forms = loadCatalog();
    expect(forms.length).toBeGreaterThan(0);
    expect(new Set(forms.map((f) => f.id)).size).toBe(forms.length);
  });

  test('derives ids and defaults', () => {
    const [f] = buildCatalog([{ name: 'xa.json', data: agency([entry]) }]);
    expect(f).toMatchObject({ id: 'xa-xa1', agency: 'XA', languages: ['en'], keywords: [], revision: null });
  });

  test.each([
    ['a missing title', { ...entry, title: undefined }, /title/],
    ['a plain-http URL', { ...entry, url: 'http://www.example.gov/x.pdf' }, /https/],
    ['a host that is not the agency’s', { ...entry, url: 'https://mirror.example.com/x.pdf' }, /not one of the agency's official hosts/],
    ['an unknown category', { ...entry, category: 'misc' }, /category/],
    ['an unknown field', { ...entry, pages: 3 }, /pages|Unrecognized/],
  ])('refuses %s', (_what, bad, message) => {
    expect(() => buildCatalog([{ name: 'xa.json', data: agency([bad]) }])).toThrow(CatalogError);
    expect(() => buildCatalog([{ name: 'xa.json', data: agency([bad]) }])).toThrow(message);
  });

  test('popularity: marked forms need the list they come from; their schedules inherit part of it', () => {
    const forms = [{ ...entry, number: '1040', popular: true }, { ...entry, number: 'Schedule C (Form 1040)' }, { ...entry, number: 'XA-2' }];
    expect(() => buildCatalog([{ name: 'xa.json', data: agency(forms) }])).toThrow(/popular_source is missing/);
    const built = buildCatalog([{ name: 'xa.json', data: agency(forms, { popular_source: 'the agency popular forms panel' }) }]);
    expect(built.map((f) => f.popularity)).toEqual([2, 1.5, 1]);
  });

  test('refuses duplicate ids across files', () => {
    expect(() => buildCatalog([{ name: 'a.json', data: agency([entry]) }, { name: 'b.json', data: agency([entry]) }])).toThrow(/duplicate id xa-xa1/);
  });
});
