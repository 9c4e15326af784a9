// The input bounds of issue #17 without a server: text checks, the CSV scan, the zip inflation cap.
// Property-based where the input space is the point (fast-check).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkText, cleanText, cleanStrings } from '../../src/domain/text.ts';
import { checkArchive, checkSpreadsheetBytes, checkSheetShape } from '../../src/domain/sheet-limits.ts';
import { LIMITS } from '../../src/limits.ts';
import { knownApiError } from '../../src/http/errors.ts';
import { parseSpreadsheet } from '../../src/extract/spreadsheet.ts';
import { bigCellCsv, docxZipBomb, manyObjectsPdf, objectStreamBombPdf, wideCsv, xlsxZipBomb, zipOf } from '../helpers/hostile-inputs.ts';

const code = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (err) {
    // What the client would get: the domain refusal mapped to HTTP by the edge's one table.
    const api = knownApiError(err);
    if (api) return `${api.status} ${api.code}`;
    throw err;
  }
};

describe('checkText', () => {
  test.each([
    ['NUL', 'a\u0000b', 'invalid_text'],
    ['lone high surrogate', 'a\uD800b', 'invalid_text'],
    ['lone low surrogate', '\uDC00', 'invalid_text'],
    ['U+FFFE', '\uFFFE', 'invalid_text'],
    ['U+FDD0', '\uFDD0', 'invalid_text'],
    ['U+1FFFF', '\u{1FFFF}', 'invalid_text'],
    ['vertical tab', 'a\u000Bb', 'invalid_text'],
    ['over the byte limit', 'x'.repeat(LIMITS.valueBytes + 1), 'value_too_long'],
    ['over in bytes, not in characters', 'é'.repeat(LIMITS.valueBytes / 2 + 1), 'value_too_long'],
  ])('%s is refused', (_name, value, reason) => {
    expect(checkText(value)?.reason).toBe(reason);
  });

  test.each([
    ['text', 'Ada Lovelace'],
    ['tabs and newlines', 'a\tb\r\nc'],
    ['an emoji (a surrogate pair)', 'ok 😀'],
    ['CJK', '日本語'],
    ['exactly the limit', 'x'.repeat(LIMITS.valueBytes)],
  ])('%s passes', (_name, value) => {
    expect(checkText(value)).toBeNull();
  });

  test('cleanText makes any string pass checkText, and leaves valid text alone', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        expect(checkText(cleanText(s))?.reason).not.toBe('invalid_text');
        if (checkText(s) === null) expect(cleanText(s)).toBe(s);
      }),
    );
  });

  test('cleanStrings cleans nested values and keys', () => {
    expect(cleanStrings({ a: ['x\u0000y', { 'k\uD800': '\uD800' }], n: 1, b: null })).toEqual({ a: ['xy', { 'k\uFFFD': '\uFFFD' }], n: 1, b: null });
  });
});

describe('spreadsheet bounds before parsing', () => {
  const sheetCode = (b: Uint8Array, maxRows?: number) => code(() => checkSpreadsheetBytes(b, { maxRows }));

  test('a CSV with 10^6 columns is refused fast', () => {
    const csv = wideCsv(1_000_000);
    const t = performance.now();
    expect(sheetCode(csv)).toBe('413 too_many_columns');
    expect(performance.now() - t).toBeLessThan(1000);
  });

  test('columns at the limit pass; one more does not', () => {
    expect(sheetCode(wideCsv(LIMITS.sheetColumns))).toBeNull();
    expect(sheetCode(wideCsv(LIMITS.sheetColumns + 1))).toBe('413 too_many_columns');
  });

  test('a 1 MB cell is 413, quoted or not; delimiters inside quotes are not columns', () => {
    expect(sheetCode(bigCellCsv(['a', 'b'], 'b'))).toBe('413 cell_too_large');
    expect(sheetCode(new Uint8Array(Buffer.from(`a,b\n1,"${'x'.repeat(LIMITS.valueBytes + 10)}"\n`)))).toBe('413 cell_too_large');
    expect(sheetCode(new Uint8Array(Buffer.from(`a,b\n1,"${','.repeat(LIMITS.sheetColumns + 5)}"\n`)))).toBeNull();
  });

  test('rows: blank lines do not count; one over the limit is 400', () => {
    const rows = (n: number) => new Uint8Array(Buffer.from(`a,b\n${'1,2\n\n,\n'.repeat(n)}`));
    expect(sheetCode(rows(LIMITS.batchRows), LIMITS.batchRows)).toBeNull();
    expect(sheetCode(rows(LIMITS.batchRows + 1), LIMITS.batchRows)).toBe('400 too_many_rows');
    expect(sheetCode(rows(LIMITS.batchRows + 1))).toBeNull();
  });

  test('the scan agrees with the parser on what it lets through (any short CSV text)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(fc.stringMatching(/^[a-z0-9 ",;\t]{0,6}$/), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 }), async (grid) => {
        const bytes = new Uint8Array(Buffer.from(grid.map((r) => r.join(',')).join('\n')));
        expect(sheetCode(bytes)).toBeNull(); // small: never over a bound
        await parseSpreadsheet(bytes).catch(() => undefined); // and the parser does not hang or crash
      }),
      { numRuns: 200 },
    );
  });

  test('the mapped cells of one row are bounded together: 413 row_too_large', async () => {
    const { checkMappedCells } = await import('../../src/domain/sheet-limits.ts');
    const n = Math.ceil(LIMITS.rowValueBytes / LIMITS.valueBytes) + 1;
    const columns = Array.from({ length: n }, (_, i) => `c${i}`);
    const contract = { fields: columns.map((_, i) => ({ id: i + 1, type: 'text' })) } as never;
    const mapping = new Map(columns.map((c, i) => [c, i + 1]));
    const full = { columns, rows: [Object.fromEntries(columns.map((c) => [c, 'x'.repeat(LIMITS.valueBytes)]))] };
    expect(code(() => checkMappedCells(full, mapping, contract))).toBe('413 row_too_large');
    expect(code(() => checkMappedCells(full, new Map([...mapping].slice(0, 2)), contract))).toBeNull();
  });

  test('a parsed sheet is checked again (XLSX has no byte scan of its cells)', () => {
    expect(code(() => checkSheetShape({ columns: ['a'], rows: [{ a: 'x'.repeat(LIMITS.valueBytes + 1) }] }))).toBe('413 cell_too_large');
  });
});

describe('zip containers', () => {
  test('XLSX and DOCX bombs are refused by what they inflate to, in well under a second', () => {
    for (const bomb of [xlsxZipBomb(64), docxZipBomb(64)]) {
      const t = performance.now();
      expect(code(() => checkArchive(bomb))).toBe('413 archive_too_large');
      expect(performance.now() - t).toBeLessThan(1000);
    }
  });

  test('a DOCX of more paragraphs than the limit is 413 document_too_large, however small', () => {
    const body = (n: number) => new Uint8Array(Buffer.from(`<w:document><w:body>${'<w:p><w:r><w:t>x</w:t></w:r></w:p>'.repeat(n)}<w:pPr/></w:body></w:document>`));
    expect(code(() => checkArchive(zipOf({ 'word/document.xml': body(LIMITS.documentParagraphs) })))).toBeNull();
    expect(code(() => checkArchive(zipOf({ 'word/document.xml': body(LIMITS.documentParagraphs + 1) })))).toBe('413 document_too_large');
    expect(code(() => checkArchive(zipOf({ 'word/document.xml': new Uint8Array(Buffer.from('<w:p/>'.repeat(500_000))) })))).toBe('413 document_too_large');
  });

  test('a bomb whose headers declare tiny sizes is still caught', () => {
    const bomb = Buffer.from(xlsxZipBomb(64));
    // Rewrite every declared uncompressed size (local and central headers) to 1 byte.
    for (let i = 0; i < bomb.length - 4; i++) {
      const sig = bomb.readUInt32LE(i);
      if (sig === 0x04034b50) bomb.writeUInt32LE(1, i + 22);
      if (sig === 0x02014b50) bomb.writeUInt32LE(1, i + 24);
    }
    expect(code(() => checkArchive(new Uint8Array(bomb)))).toBe('413 archive_too_large');
  });

  test('a small zip passes; arbitrary bytes never throw anything but a refusal the edge maps to an HTTP error', () => {
    expect(code(() => checkArchive(zipOf({ 'a.xml': new Uint8Array(1000) })))).toBeNull();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), fc.nat(), (junk, cut) => {
        const zip = zipOf({ 'a.xml': junk });
        code(() => checkArchive(zip.subarray(0, cut % (zip.length + 1))));
        code(() => checkArchive(new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...junk])));
      }),
      { numRuns: 300 },
    );
  });
});

describe('suggest-mapping at the column limit', () => {
  test(`${LIMITS.sheetColumns} columns × 500 fields is scored in seconds, not minutes (was 48 s)`, async () => {
    const { suggestMapping } = await import('../../src/domain/batch-mapping.ts');
    const fields = Array.from({ length: 500 }, (_, i) => ({ id: i + 1, name: `s${i}.applicant_name_${i}`, label: `Applicant middle name line ${i}`, type: 'text', data_type: i % 2 ? 'date' : undefined, page: 0, rect: [0, 0, 1, 1] })) as never;
    const columns = Array.from({ length: LIMITS.sheetColumns }, (_, i) => `Applicant first name ${i}`);
    const rows = [Object.fromEntries(columns.map((c) => [c, '01/02/2000']))];
    const t = performance.now();
    const r = suggestMapping(fields, columns, rows);
    expect(performance.now() - t).toBeLessThan(5000);
    expect(Object.keys(r.mapping)).toHaveLength(500);
  });
});

describe('PDF bounds on the raw bytes', () => {
  test('an image declaring 50000 × 50000 pixels is 413 image_too_large', async () => {
    const { checkPdfBounds } = await import('../../src/domain/pdf-limits.ts');
    const { hugeImagePdf } = await import('../helpers/hostile-inputs.ts');
    await expect(checkPdfBounds(hugeImagePdf())).rejects.toMatchObject({ refusal: 'too_large', code: 'image_too_large' });
  });

  test('Flate streams inflating past the limit together are 413 pdf_too_large; a real form passes', async () => {
    const { checkPdfBounds } = await import('../../src/domain/pdf-limits.ts');
    const { flateBombPdf } = await import('../helpers/hostile-inputs.ts');
    const { fillableFormPdf } = await import('../helpers/pdfs.ts');
    await expect(checkPdfBounds(flateBombPdf(LIMITS.pdfInflatedBytes / (1024 * 1024) + 8))).rejects.toMatchObject({ refusal: 'too_large', code: 'pdf_too_large' });
    expect((await checkPdfBounds(flateBombPdf(4))).inflatedBytes).toBe(4 * 1024 * 1024);
    expect((await checkPdfBounds(await fillableFormPdf())).inflatedBytes).toBeGreaterThan(0);
  });

  test('objects past the limit, written or declared by an object stream, are 413 too_many_objects; a real form passes', async () => {
    const { checkPdfBounds } = await import('../../src/domain/pdf-limits.ts');
    await expect(checkPdfBounds(manyObjectsPdf(LIMITS.pdfObjects + 10))).rejects.toMatchObject({ refusal: 'too_large', code: 'too_many_objects' });
    await expect(checkPdfBounds(objectStreamBombPdf())).rejects.toMatchObject({ refusal: 'too_large', code: 'too_many_objects' });
    expect((await checkPdfBounds(manyObjectsPdf(1000))).objects).toBe(1003);
    expect((await checkPdfBounds(await (await import("../helpers/pdfs.ts")).fillableFormPdf())).objects).toBeGreaterThan(3);
  });

  test('arbitrary bytes never throw anything but a 413', async () => {
    const { checkPdfBounds } = await import('../../src/domain/pdf-limits.ts');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('<<', '>>', ' stream\n', 'endstream', '/Filter /FlateDecode', '/Length 5', '/Subtype /Image', '/Width 9', 'x\u0000', '['), { maxLength: 40 }), async (parts) => {
        await checkPdfBounds(new Uint8Array(Buffer.from(parts.join(''), 'latin1'))).catch((err) => expect(err).toMatchObject({ refusal: 'too_large' }));
      }),
      { numRuns: 300 },
    );
  });
});
