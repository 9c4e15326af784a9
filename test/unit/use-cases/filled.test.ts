// The use cases on filled PDFs (src/use-cases/filled/), each on a real database: read (alone and
// against a form), verify, and the pay door's stateless fill and read.
import { describe, expect, test } from 'vitest';
import { readyFormOf, refusalOf, uploaded, useCaseContext } from '../../helpers/use-cases.ts';
import { fillableFormPdf, flatPdf, simpleFormPdf } from '../../helpers/pdfs.ts';
import { readFilledPdf } from '../../../src/use-cases/filled/read-filled-pdf.ts';
import { verifyFilledPdf } from '../../../src/use-cases/filled/verify-filled-pdf.ts';
import { fillPdf } from '../../../src/use-cases/filled/fill-pdf.ts';
import { readPdfFields } from '../../../src/use-cases/filled/read-pdf-fields.ts';
const h = useCaseContext();

describe('filled PDFs', () => {
  test('fillPdf fills by field name or contract id and says which fields it applied; readPdfFields reads them back', async () => {
    const pdf = await simpleFormPdf();
    const { pdf: filled, applied } = await fillPdf(h.ctx, { form: uploaded(pdf), title: 'Simple', pageCount: 1, values: { name: 'Ada Quill', subscribe: true }, flatten: false });
    expect(applied.length).toBe(2);
    const fields = await readPdfFields(h.ctx, filled);
    expect(fields).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'name', value: 'Ada Quill' }), expect.objectContaining({ name: 'subscribe', value: true })]));
    expect(await refusalOf(fillPdf(h.ctx, { form: uploaded(pdf), title: 'Simple', pageCount: 1, values: { nowhere: 'x' }, flatten: false }))).toMatchObject({ refusal: 'unprocessable', code: 'unknown_field' });
    expect(await refusalOf(readPdfFields(h.ctx, await flatPdf()))).toMatchObject({ code: 'no_form_fields' });
  }, 120_000);

  test('readFilledPdf reads any AcroForm alone, and maps to contract ids with a verdict given its form; each read is billed', async () => {
    const pdf = await simpleFormPdf();
    const { pdf: filled } = await fillPdf(h.ctx, { form: uploaded(pdf), title: 'Simple', pageCount: 1, values: { name: 'Ada Quill' }, flatten: false });
    const before = await h.ctx.db.usageEvent.count({ where: { ownerId: h.ownerId, kind: 'read' } });
    const alone = await readFilledPdf(h.ctx, h.ownerId, uploaded(filled));
    expect(alone).toMatchObject({ form_id: null, source: 'fields' });
    const formId = await readyFormOf(h.ctx, h.ownerId, pdf);
    const mapped = await readFilledPdf(h.ctx, h.ownerId, uploaded(filled), formId);
    expect(mapped).toMatchObject({ form_id: formId, source: 'fields', result: 'complete' });
    expect(mapped.fields.find((f) => f.name === 'name')).toMatchObject({ value: 'Ada Quill', field_id: expect.any(Number) });
    expect(await h.ctx.db.usageEvent.count({ where: { ownerId: h.ownerId, kind: 'read' } })).toBe(before + 2);
    expect(await refusalOf(readFilledPdf(h.ctx, h.ownerId, uploaded(await fillableFormPdf()), formId))).toMatchObject({ refusal: 'invalid', code: 'form_mismatch' });
  }, 120_000);

  test('verifyFilledPdf reports a required field left empty and bills one verify; a PDF of another form is refused', async () => {
    const pdf = await simpleFormPdf();
    const formId = await readyFormOf(h.ctx, h.ownerId, pdf);
    const report = await verifyFilledPdf(h.ctx, h.ownerId, formId, uploaded(pdf));
    expect(report.result).toBe('incomplete');
    expect(await h.ctx.db.usageEvent.count({ where: { ownerId: h.ownerId, kind: 'verify' } })).toBe(1);
    expect(await refusalOf(verifyFilledPdf(h.ctx, h.ownerId, formId, uploaded(await fillableFormPdf())))).toMatchObject({ refusal: 'invalid', code: 'widgets_mismatch' });
  });
});
