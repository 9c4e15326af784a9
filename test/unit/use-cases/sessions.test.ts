// The session use cases (src/use-cases/sessions/), each on a real database: open, set values,
// mark fields, read, fill (billed once), and the filled PDF.
import { describe, expect, test } from 'vitest';
import { readyFormOf, refusalOf, useCaseContext } from '../../helpers/use-cases.ts';
import { fillableFormPdf } from '../../helpers/pdfs.ts';
import { createSession } from '../../../src/use-cases/sessions/create-session.ts';
import { getSession } from '../../../src/use-cases/sessions/get-session.ts';
import { setFieldValues } from '../../../src/use-cases/sessions/set-field-values.ts';
import { markFields } from '../../../src/use-cases/sessions/mark-fields.ts';
import { fillSession } from '../../../src/use-cases/sessions/fill-session.ts';
import { getSessionPdf } from '../../../src/use-cases/sessions/get-session-pdf.ts';
import { getContract } from '../../../src/use-cases/forms/get-contract.ts';
import { readPdfValues } from '../../../src/pdf/read.ts';

const h = useCaseContext();

async function openSession() {
  const formId = await readyFormOf(h.ctx, h.ownerId, await fillableFormPdf());
  const contract = await getContract(h.ctx, h.ownerId, formId);
  const id = (name: string) => contract.fields.find((f) => f.name === name)!.id;
  const { session_id } = await createSession(h.ctx, h.ownerId, formId);
  return { sessionId: session_id, id };
}

describe('sessions', () => {
  test('createSession opens a session with every field empty and says what to do next', async () => {
    const formId = await readyFormOf(h.ctx, h.ownerId, await fillableFormPdf());
    const created = await createSession(h.ctx, h.ownerId, formId);
    expect(created).toMatchObject({ status: 'open' });
    expect(created.next_prompt).toContain(`PUT /sessions/${created.session_id}/fields`);
    const session = await getSession(h.ctx, h.ownerId, created.session_id);
    expect(session.fields.every((f) => f.state === 'empty' && f.value === '')).toBe(true);
  });

  test('setFieldValues checks each value against its field; a bad one changes nothing', async () => {
    const { sessionId, id } = await openSession();
    expect(await refusalOf(setFieldValues(h.ctx, h.ownerId, sessionId, [{ field_id: id('agree'), value: 'maybe' }]))).toMatchObject({ refusal: 'unprocessable', code: 'invalid_value' });
    expect(await refusalOf(setFieldValues(h.ctx, h.ownerId, sessionId, [{ field_id: 999, value: 'x' }]))).toMatchObject({ code: 'unknown_field' });
    await setFieldValues(h.ctx, h.ownerId, sessionId, [{ field_id: id('agree'), value: 'yes' }, { field_id: id('applicant.zip'), value: '53703' }]);
    const fields = (await getSession(h.ctx, h.ownerId, sessionId)).fields;
    expect(fields.find((f) => f.id === id('agree'))).toMatchObject({ value: 'true', state: 'filled' });
  });

  test('markFields confirms, skips and declines (declining clears the value)', async () => {
    const { sessionId, id } = await openSession();
    await setFieldValues(h.ctx, h.ownerId, sessionId, [{ field_id: id('applicant.zip'), value: '53703' }]);
    expect(await markFields(h.ctx, h.ownerId, sessionId, 'decline', [id('applicant.zip')])).toEqual({ session_id: sessionId, declined: [id('applicant.zip')] });
    expect((await getSession(h.ctx, h.ownerId, sessionId)).fields.find((f) => f.id === id('applicant.zip'))).toMatchObject({ value: '', state: 'declined' });
    expect(await refusalOf(markFields(h.ctx, h.ownerId, sessionId, 'skip', [999]))).toMatchObject({ refusal: 'not_found', code: 'unknown_field' });
  });

  test('fillSession writes the values, completes the session and bills one standard fill; the PDF is then served', async () => {
    const { sessionId, id } = await openSession();
    expect(await refusalOf(getSessionPdf(h.ctx, h.ownerId, sessionId))).toMatchObject({ refusal: 'conflict', code: 'session_not_filled' });
    await setFieldValues(h.ctx, h.ownerId, sessionId, [{ field_id: id('applicant.zip'), value: '53703' }]);
    expect(await fillSession(h.ctx, h.ownerId, sessionId)).toEqual({ session_id: sessionId, status: 'completed' });
    expect(await h.ctx.db.usageEvent.count({ where: { kind: 'standard_fill', subjectId: sessionId } })).toBe(1);
    const values = Object.fromEntries((await readPdfValues(await getSessionPdf(h.ctx, h.ownerId, sessionId))).fields.map((f) => [f.name, f.value]));
    expect(values['applicant.zip']).toBe('53703');
    expect(await refusalOf(fillSession(h.ctx, h.ownerId, sessionId))).toMatchObject({ refusal: 'conflict', code: 'session_completed' });
    expect(await refusalOf(setFieldValues(h.ctx, h.ownerId, sessionId, [{ field_id: id('agree'), value: 'yes' }]))).toMatchObject({ code: 'session_completed' });
  });

  test('another account’s session is not found', async () => {
    const { sessionId } = await openSession();
    expect(await refusalOf(getSession(h.ctx, h.otherId, sessionId))).toMatchObject({ refusal: 'not_found' });
  });
});
