// The fill-from-documents use case both doors call (the account's with-context job and
// /pay/fill-with-context): accepted values are written, the rest kept for review, and a value the
// PDF refuses is dropped with the filler's reason while the others are still written.
import { describe, expect, test } from 'vitest';
import { buildContract } from '../../../src/domain/contracts.ts';
import { writeAcceptedValues } from '../../../src/use-cases/context/fill-from-documents.ts';
import type { ProposedField } from '../../../src/domain/proposal-fields.ts';
import { DomainError } from '../../../src/domain/errors.ts';
import { readPdfValues } from '../../../src/pdf/read.ts';
import { fillableFormPdf } from '../../helpers/pdfs.ts';
import { useCaseContext } from '../../helpers/use-cases.ts';

// The values are written in the context's request pool (worker threads).
const h = useCaseContext();

const proposed = (field_id: number, label: string, value: string | null, state: ProposedField['state']): ProposedField => ({
  field_id,
  label,
  state,
  value,
  origin: value === null ? null : 'document',
  confidence: value === null ? null : state === 'ready' ? 'high' : 'low',
  evidence: [],
  note: null,
});

describe('writeAcceptedValues', () => {
  test('writes ready values, keeps the others unwritten, and drops a value the PDF refuses', async () => {
    const pdf = await fillableFormPdf();
    const { contract } = await buildContract(pdf, { title: 'Test', pageCount: 2 });
    const id = (name: string) => contract.fields.find((f) => f.name === name)!.id;
    const fields = contract.fields.map((f) => proposed(f.id, f.label, null, 'missing'));
    const set = (name: string, value: string, state: ProposedField['state']) => (fields[fields.findIndex((f) => f.field_id === id(name))] = proposed(id(name), name, value, state));
    set('applicant.full_name', '山田太郎', 'ready'); // no embedded font shows these
    set('applicant.zip', '53703', 'ready');
    set('country', 'Germany', 'review');

    const { pdf: filled, sessionFields, report, refused } = await writeAcceptedValues(h.ctx, contract, fields, pdf);
    expect([...refused]).toEqual([[id('applicant.full_name'), 'unsupported_characters']]);
    expect(sessionFields[id('applicant.full_name')]).toEqual({ value: '山田太郎', state: 'skipped' });
    expect(sessionFields[id('applicant.zip')]).toEqual({ value: '53703', state: 'proposed' });
    expect(sessionFields[id('country')]).toEqual({ value: 'Germany', state: 'skipped' });
    expect(report.filled).toEqual([{ id: String(id('applicant.zip')), confidence: 'high' }]);
    expect(report.dropped).toEqual(
      expect.arrayContaining([
        { id: String(id('country')), value: 'Germany', reason: 'low_confidence' },
        { id: String(id('applicant.full_name')), value: '山田太郎', reason: 'unsupported_characters' },
      ]),
    );
    const values = Object.fromEntries((await readPdfValues(filled)).fields.map((f) => [f.name, f.value]));
    expect(values).toMatchObject({ 'applicant.zip': '53703', 'applicant.full_name': null, country: null });
  });

  test('a form that cannot be written at all is refused with apply_rejected', async () => {
    const pdf = await fillableFormPdf();
    const { contract } = await buildContract(pdf, { title: 'Test', pageCount: 2 });
    const fields = contract.fields.map((f) => proposed(f.id, f.label, f.name === 'applicant.zip' ? '53703' : null, f.name === 'applicant.zip' ? 'ready' : 'missing'));
    const cut = Buffer.from(pdf).lastIndexOf('startxref');
    const err = await writeAcceptedValues(h.ctx, contract, fields, pdf.subarray(0, cut)).catch((e) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ refusal: 'unprocessable', code: 'apply_rejected' });
  });
});
