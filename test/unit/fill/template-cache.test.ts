// Parsed forms are kept in a cache the caller can pass in (FillOptions.templates): a library keeps
// no state its caller cannot replace. The engine's own cache serves callers that pass none.
import { describe, expect, it } from 'vitest';
import { TemplateCache, fillPdf, loadTemplate, templateCache } from '../../../src/pdf/fill/index.ts';
import { readPdfValues } from '../../../src/pdf/read.ts';
import { simpleFormPdf } from '../../helpers/pdfs.ts';

describe('TemplateCache', () => {
  it('keeps a parsed form per cache: a hit in one, a fresh parse in another', async () => {
    const bytes = await simpleFormPdf();
    const mine = new TemplateCache(2);
    const first = await loadTemplate(bytes, mine);
    expect(await loadTemplate(bytes, mine)).toBe(first);
    expect(await loadTemplate(bytes, new TemplateCache())).not.toBe(first);
    expect(await loadTemplate(bytes)).toBe(await templateCache.load(bytes));
  });

  it('a cache of size 0 keeps nothing; resize drops the least recently used', async () => {
    const none = new TemplateCache(0);
    const bytes = await simpleFormPdf();
    expect(await loadTemplate(bytes, none)).not.toBe(await loadTemplate(bytes, none));
    expect(none.size).toBe(0);
    const two = new TemplateCache(2);
    const [a, b] = [bytes, new Uint8Array([...bytes, 0x0a])]; // two files: one more byte at the end
    const ta = await two.load(a);
    await two.load(b);
    await two.load(a); // a is now the most recent
    two.resize(1);
    expect(two.size).toBe(1);
    expect(await two.load(a)).toBe(ta);
  });

  it('fillPdf parses into the cache it is given', async () => {
    const cache = new TemplateCache();
    const filled = await fillPdf(await simpleFormPdf(), { name: 'Ada' }, { templates: cache });
    expect(cache.size).toBe(1);
    expect((await readPdfValues(filled)).fields.find((f) => f.name === 'name')?.value).toBe('Ada');
  });
});
