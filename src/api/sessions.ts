// /sessions: standard fill sessions (§4.3).
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describeRoute } from './openapi.ts';
import { parse, parseId } from './validate.ts';
import { callerOf } from '../http/auth.ts';
import { LIMITS } from '../limits.ts';
import { FIELD_STATES } from '../domain/session-fields.ts';
import { createSession } from '../use-cases/sessions/create-session.ts';
import { getSession } from '../use-cases/sessions/get-session.ts';
import { markFields, type FieldAction } from '../use-cases/sessions/mark-fields.ts';
import { setFieldValues } from '../use-cases/sessions/set-field-values.ts';
import { fillSession } from '../use-cases/sessions/fill-session.ts';
import { getSessionPdf } from '../use-cases/sessions/get-session-pdf.ts';
import { takeTurn } from '../use-cases/sessions/take-turn.ts';

const CreateBody = z.object({ form_id: z.uuid({ message: 'form_id must be the id of a form' }) });
const FieldIdsBody = z.object({ field_ids: z.array(z.number().int().positive()).min(1).max(5000) });
export const UpdatesBody = z.object({
  updates: z.array(z.object({ field_id: z.number().int().positive(), value: z.string() })).min(1).max(5000),
});
const FillBody = z.object({ flatten: z.boolean().optional().describe('bake the values into the pages and remove the form fields') }).optional();
const SessionId = z.object({ id: z.string() });
const TurnBody = z.object({ message: z.string().min(1).describe('what the person said, e.g. "I\'m Jane Doe, born 14 March 1990"') });
const TurnField = z.object({
  field_id: z.number().int(),
  label: z.string(),
  value: z.string().nullable(),
  confidence: z.string().nullable(),
  evidence: z.array(z.object({ document_name: z.string(), page: z.number(), method: z.string(), location: z.string(), quote: z.string() }).loose()),
});
export const TurnSchema = z.object({
  session_id: z.string(),
  set: z.array(TurnField).describe('values applied from the message (state proposed), each with the message as evidence'),
  not_set: z.array(TurnField.extend({ reason: z.string().describe('low_confidence, conflict, field_confirmed, field_skipped, field_declined, or the value check that refused it') })),
  next_field: z.object({ field_id: z.number().int(), label: z.string(), type: z.string(), options: z.array(z.string()).optional() }).nullable().describe('the next open required field; null when every required field has a value'),
  next_prompt: z.string().describe('the question to ask next'),
});

const Created = z.object({ session_id: z.string(), next_prompt: z.string().describe('the first question: the first open required field (answer it with POST /sessions/{id}/turns)'), status: z.literal('open') });
export const SessionSchema = z.object({
  session_id: z.string(),
  form_id: z.string(),
  status: z.enum(['open', 'completed']),
  fields: z.array(z.object({ id: z.number().int(), label: z.string(), value: z.string().describe('"" when the field has no value (state empty or declined)'), state: z.enum(FIELD_STATES) })),
});
const STATES_DOC =
  'Field states: empty (no value), proposed (from documents, not yet accepted), filled (set directly), confirmed, skipped (kept out of the PDF), declined (proposal refused, value cleared). ' +
  'A completed session is terminal: every change answers 409.';

describeRoute({
  method: 'post', path: '/sessions', tag: 'Sessions', summary: 'Open a fill session on a ready form', json: CreateBody,
  responses: { 201: { description: 'Opened.', body: Created }, 400: { description: 'Missing or invalid form_id.' }, 404: { description: 'No such form.' }, 409: { description: 'Form not ready.' } },
});
describeRoute({ method: 'get', path: '/sessions/:id', tag: 'Sessions', summary: 'Read a session', description: STATES_DOC, params: SessionId, responses: { 200: { description: 'The session.', body: SessionSchema }, 404: { description: 'No such session.' } } });
/** The three routes that move fields to a state; each path is spelled out so that a search finds it. */
function describeMarkRoute(path: '/sessions/:id/confirm' | '/sessions/:id/skip' | '/sessions/:id/decline', action: FieldAction) {
  const key = { confirm: 'confirmed', skip: 'skipped', decline: 'declined' }[action];
  describeRoute({
    method: 'post', path, tag: 'Sessions', summary: `${action[0].toUpperCase()}${action.slice(1)} fields`, description: STATES_DOC, params: SessionId, json: FieldIdsBody,
    responses: {
      200: { description: `The fields now ${key}.`, body: z.object({ session_id: z.string(), [key]: z.array(z.number().int()) }) },
      400: { description: 'field_ids missing or not integers.' },
      404: { description: 'No such session, or no such field id.' },
      409: { description: 'Session completed.' },
    },
  });
}
describeMarkRoute('/sessions/:id/confirm', 'confirm');
describeMarkRoute('/sessions/:id/skip', 'skip');
describeMarkRoute('/sessions/:id/decline', 'decline');
describeRoute({
  method: 'put', path: '/sessions/:id/fields', tag: 'Sessions', summary: 'Set field values', description: `Checkbox values: true/false (also yes/no, on/off, 1/0, x). Radio and choice values: one of the field's options. Text: at most max_len characters. Every value: at most ${LIMITS.valueBytes / 1024} KiB of UTF-8 (reason value_too_long) and well-formed Unicode text without NUL, other control characters than tab/CR/LF, lone surrogates or noncharacters (reason invalid_text). ${STATES_DOC}`,
  params: SessionId, json: UpdatesBody,
  responses: {
    200: { description: 'Applied.', body: z.object({ session_id: z.string(), applied: z.array(z.number().int()) }) },
    400: { description: 'Malformed body.' }, 404: { description: 'No such session.' }, 409: { description: 'Session completed.' },
    422: { description: 'Unknown field id (unknown_field) or invalid value (invalid_value; issues list each with field_id and reason).' },
  },
});
describeRoute({
  method: 'post', path: '/sessions/:id/turns', tag: 'Sessions', summary: 'Take a conversational turn',
  description: `The message is read like a supporting document (deterministic; the LLM provider helps when configured). Values it states with high or medium confidence are applied to empty, proposed or filled fields (state proposed), with the message as evidence; confirmed, skipped and declined fields are left alone. The answer lists what was set and what was not, and asks for the next open required field. A message holds at most ${LIMITS.statedContextChars} characters. Bills nothing (the fill does). ${STATES_DOC}`,
  params: SessionId, json: TurnBody,
  responses: {
    200: { description: 'What was set and the next question.', body: TurnSchema },
    400: { description: 'message missing or empty (invalid_context).' }, 404: { description: 'No such session.' }, 409: { description: 'Session completed.' },
    410: { description: 'The form’s documents were deleted under its retention policy.' }, 413: { description: 'message too long (stated_context_too_large).' },
    422: { description: 'The message could not be read (context_too_large).' },
  },
});
describeRoute({
  method: 'post', path: '/sessions/:id/fill', tag: 'Sessions', summary: 'Fill the PDF', description: 'Writes every value (not skipped or declined) into the form with appearance streams. Optional JSON {"flatten": true}. Bills one standard fill.',
  params: SessionId, json: FillBody,
  responses: { 200: { description: 'Filled.', body: z.object({ session_id: z.string(), status: z.literal('completed') }) }, 404: { description: 'No such session.' }, 409: { description: 'Already completed, or the form has no fillable PDF.' }, 422: { description: 'A value the PDF refuses.' } },
});
describeRoute({
  method: 'get', path: '/sessions/:id/pdf', tag: 'Sessions', summary: 'Download the filled PDF', params: SessionId,
  responses: { 200: { description: 'The filled PDF.', body: 'pdf' }, 404: { description: 'No such session.' }, 409: { description: 'Not filled yet.' }, 410: { description: 'Deleted under the retention policy.' } },
});

export function sessionsRouter(ctx: AppContext): Router {
  const r = Router();

  r.post('/sessions', async (req, res) => {
    const body = parse(CreateBody, req.body ?? {});
    res.status(201).json(await createSession(ctx, callerOf(req).accountId, body.form_id));
  });

  r.get('/sessions/:id', async (req, res) => {
    res.json(await getSession(ctx, callerOf(req).accountId, parseId(req.params.id, 'session')));
  });

  const mark = (action: FieldAction) => async (req: Request, res: Response) => {
    const id = parseId(req.params.id, 'session');
    const { field_ids } = parse(FieldIdsBody, req.body ?? {});
    res.json(await markFields(ctx, callerOf(req).accountId, id, action, field_ids));
  };
  r.post('/sessions/:id/confirm', mark('confirm'));
  r.post('/sessions/:id/skip', mark('skip'));
  r.post('/sessions/:id/decline', mark('decline'));

  r.put('/sessions/:id/fields', async (req, res) => {
    const id = parseId(req.params.id, 'session');
    const { updates } = parse(UpdatesBody, req.body ?? {});
    res.json(await setFieldValues(ctx, callerOf(req).accountId, id, updates));
  });

  r.post('/sessions/:id/turns', async (req, res) => {
    const id = parseId(req.params.id, 'session');
    const { message } = parse(TurnBody, req.body ?? {});
    res.json(TurnSchema.parse(await takeTurn(ctx, callerOf(req).accountId, id, message)));
  });

  r.post('/sessions/:id/fill', async (req, res) => {
    const id = parseId(req.params.id, 'session');
    const body = parse(FillBody, req.body && Object.keys(req.body).length ? req.body : undefined);
    res.json(await fillSession(ctx, callerOf(req).accountId, id, { flatten: body?.flatten }));
  });

  r.get('/sessions/:id/pdf', async (req, res) => {
    const id = parseId(req.params.id, 'session');
    const pdf = await getSessionPdf(ctx, callerOf(req).accountId, id);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="session-${id}.pdf"`);
    res.send(Buffer.from(pdf));
  });

  return r;
}
