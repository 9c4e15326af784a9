// A saved agency listing refreshes titles, URLs and revisions of known numbers (keeping curated
// keywords) and adds new numbers; a row off the agency's hosts is refused.
import { describe, expect, test } from 'vitest';
import { mergeListing } from '../../../src/library/import-listing.ts';
import type { AgencyFile } from '../../../src/library/catalog.ts';

const file: AgencyFile = {
  agency: 'XA', agency_name: 'Example Agency', hosts: ['example.gov'], source: 'the agency forms listing page',
  forms: [{ number: 'XA-1', title: 'Old Title', url: 'https://www.example.gov/xa-1.pdf', category: 'benefits', languages: ['en'], keywords: ['curated'] }],
};

describe('importing a saved listing', () => {
  test('updates a known number in another spelling and adds a new one', () => {
    const csv = 'number,title,url,revision\nxa1,Application for a Thing,https://www.example.gov/forms/xa-1.pdf,Rev. 2026\nXA-2,Notice of Another Thing,https://www.example.gov/forms/xa-2.pdf,\n';
    const { file: merged, added, updated } = mergeListing(file, csv, 'housing');
    expect({ added, updated }).toEqual({ added: 1, updated: 1 });
    expect(merged.forms[0]).toMatchObject({ number: 'XA-1', title: 'Application for a Thing', revision: 'Rev. 2026', keywords: ['curated'], category: 'benefits' });
    expect(merged.forms[1]).toMatchObject({ number: 'XA-2', category: 'housing', keywords: [] });
    expect(file.forms[0].title).toBe('Old Title');
  });

  test('refuses a row whose URL is not on the agency’s hosts', () => {
    expect(() => mergeListing(file, 'number,title,url\nXA-3,Some Form,https://mirror.example.com/xa-3.pdf\n', 'other')).toThrow(/official hosts/);
  });
});
