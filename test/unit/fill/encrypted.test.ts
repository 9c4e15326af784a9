import { beforeAll, describe, expect, it } from 'vitest';
import { fillPdf, PdfPasswordError } from '../../../src/pdf/fill/index.ts';
import { makeFillable } from '../../../src/pdf/fillable.ts';
import {
  LAYOUT,
  buildFlatPdf,
  buildThirdPartyForm,
  darkPixels,
  pdftkFields,
  pdftotext,
  qpdfCheck,
  qpdfEncrypt,
  qpdfEncryption,
  sh,
  tmpFile,
  toDisplay,
} from './helpers.ts';

const VALUES = {
  'applicant.name': 'Zoë Łukasiewicz-Ōtani',
  greek: 'Αλέξανδρος',
  ssn: '987654321',
  cb_on: true,
  color: 'blue',
  country: 'Россия',
};
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const summary = (s: string) =>
  s
    .split('\n')
    .filter((l) => /^(R|P|User password|extract|print|modify|stream|string|file)/.test(l))
    .join('\n');

let form: Uint8Array;
beforeAll(async () => {
  form = await buildThirdPartyForm();
});

describe.each([
  ['AES-256 (R6)', 256 as const, [] as string[]],
  ['AES-128 (R4)', 128 as const, ['--use-aes=y', '--modify=form']],
  ['RC4-128 (R3)', 128 as const, ['--use-aes=n', '--print=none']],
])('encrypted form, empty user password, %s', (_label, bits, extra) => {
  let enc: Uint8Array;
  let out: Uint8Array;
  beforeAll(async () => {
    enc = await qpdfEncrypt(form, bits, extra);
    out = await fillPdf(enc, VALUES);
  });

  it('keeps the same encryption and permissions', async () => {
    const [a, b] = await Promise.all([qpdfEncryption(enc), qpdfEncryption(out)]);
    expect(summary(a)).toMatch(/^R = \d/m);
    expect(summary(b)).toBe(summary(a));
    expect((await qpdfCheck(out)).ok).toBe(true);
  });

  it('shows the values (decrypted by poppler) and pdftk reads them back', async () => {
    const name = squash(await pdftotext(out, 1, toDisplay(LAYOUT.name, 612, 792, 0)));
    expect(name).toBe(VALUES['applicant.name']);
    const all = squash(await pdftotext(out));
    expect(all).toContain('Αλέξανδρος');
    expect(all).toContain('9 8 7 6 5 4 3 2 1');
    expect(all).toContain('Россия');
    const box = toDisplay(LAYOUT.cbOn, 612, 792, 0);
    expect((await darkPixels(out, 1, box, 144)) - (await darkPixels(enc, 1, box, 144))).toBeGreaterThan(20);
    if (bits === 128) {
      // (pdftk's iText cannot open revision 6 encryption; it reads R3/R4)
      const f = await pdftkFields(out);
      expect(f.get('applicant.name')?.value).toBe(VALUES['applicant.name']);
      expect(f.get('cb_on')?.value).toBe('On');
      expect(f.get('color')?.value).toBe('blue');
    }
  });

  it('can flatten an encrypted form', async () => {
    const flat = await fillPdf(enc, VALUES, { flatten: true });
    expect(summary(await qpdfEncryption(flat))).toBe(summary(await qpdfEncryption(enc)));
    expect(squash(await pdftotext(flat))).toContain(VALUES['applicant.name']);
    expect((await qpdfCheck(flat)).ok).toBe(true);
  });
});

describe('encryption edge cases', () => {
  it('refuses a PDF that needs a user password', async () => {
    const f = tmpFile(form, 'pw');
    const outPath = f.replace(/\.pdf$/, '-pw.pdf');
    await sh('qpdf', ['--encrypt', 'user-pw', 'owner-pw', '256', '--', f, outPath]);
    const { readFileSync } = await import('node:fs');
    await expect(fillPdf(readFileSync(outPath), { zip: '1' })).rejects.toBeInstanceOf(PdfPasswordError);
  });

  it('makes an encrypted flat PDF fillable and fills it', async () => {
    const flat = await qpdfEncrypt(await buildFlatPdf(), 256);
    const { pdf, names } = await makeFillable(flat, [
      { type: 'text', page: 0, rect: { x: 60, y: 700, width: 300, height: 22 }, label: 'Name', data_type: 'name', required: false, confidence: 1 },
    ]);
    expect(summary(await qpdfEncryption(pdf))).toBe(summary(await qpdfEncryption(flat)));
    const filled = await fillPdf(pdf, { [names[0]]: 'Дмитрий' });
    expect(squash(await pdftotext(filled))).toContain('Дмитрий');
    expect((await qpdfCheck(filled)).ok).toBe(true);
  });
});
