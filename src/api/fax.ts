// Faxing for accounts: POST /fax (an upload, an artifact, a filled session or a committed
// proposal, to one number), GET /fax/{id}. And the two doors the provider uses, without an API
// key: the signed short-lived document URL and the signed status webhook.
import express, { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describeRoute } from './openapi.ts';
import { parse, parseId } from './validate.ts';
import { ApiError } from '../http/errors.ts';
import { callerOf } from '../http/auth.ts';
import { multipartUpload } from '../http/upload.ts';
import { withIdempotency } from '../http/idempotency.ts';
import { CallbackUrlError, checkCallbackUrl } from '../domain/callbacks.ts';
import { FaxWebhookRejected } from '../fax/provider.ts';
import type { CoverPage } from '../fax/cover-page.ts';
import { sendFax, type FaxSource } from '../use-cases/fax/send-fax.ts';
import { faxMedia, getAccountFax } from '../use-cases/fax/get-fax.ts';
import { applyFaxWebhook } from '../use-cases/fax/apply-fax-webhook.ts';
import { FaxSchema, faxView } from '../use-cases/fax/fax-view.ts';

const text = (max: number) => z.string().max(max).optional();

/** Cover page fields, the same on POST /fax and POST /pay/fax; any of them asks for a cover page. */
export const CoverFields = z.object({
  cover_to: text(200).describe('cover page: recipient'),
  cover_from: text(200).describe('cover page: sender'),
  cover_subject: text(200).describe('cover page: subject'),
  cover_note: text(2000).describe('cover page: note'),
});

export function coverOf(f: z.infer<typeof CoverFields>): CoverPage | undefined {
  const cover = { to: f.cover_to, from: f.cover_from, subject: f.cover_subject, note: f.cover_note };
  return Object.values(cover).some((v) => v && v.trim()) ? cover : undefined;
}

const SendFaxRequest = z
  .object({
    to: z.string().min(3).max(40).describe('fax number: E.164 (+12025550143) or national (US by default)'),
    artifact_id: z.uuid().optional(),
    session_id: z.uuid().optional().describe('a filled session: its PDF'),
    proposal_id: z.uuid().optional().describe("a committed proposal: its newest commit's PDF"),
    proposal_token: z.string().max(200).optional(),
    callback_url: z.string().max(2048).optional(),
    retention: z.enum(['keep', 'ephemeral', 'account_default']).optional(),
  })
  .extend(CoverFields.shape);

const SentFaxSchema = FaxSchema.extend({ duplicate: z.boolean().describe('true: the same document went to the same number within 10 minutes; this is that fax, not sent again') });

describeRoute({
  method: 'post',
  path: '/fax',
  tag: 'Fax',
  summary: 'Fax a PDF',
  description:
    'Faxes a PDF to one number (US and Canada by default): an upload (multipart `file`), or JSON naming an `artifact_id`, a filled `session_id` or a committed `proposal_id`. Any `cover_*` field adds a cover page. Billed per transmitted page at delivery (`fax_page`); a failed fax costs nothing. Poll GET /fax/{id} or pass `callback_url` for fax.delivered / fax.failed. The same document to the same number within 10 minutes is not sent twice (200 with that fax, `duplicate: true`).',
  json: SendFaxRequest,
  headers: { 'Idempotency-Key': { description: 'optional; the same key returns the original answer (24 hours, per account)' } },
  responses: {
    202: { description: 'Queued.', body: SentFaxSchema },
    200: { description: 'Idempotent replay, or a duplicate within 10 minutes.', body: SentFaxSchema },
    400: { description: 'Bad number, country not allowed, unreadable PDF, no or several sources, bad callback_url.' },
    402: { description: 'Free allowance used up and no payment method.' },
    404: { description: 'No such artifact, session or proposal.' },
    409: { description: 'Session not filled yet.' },
    410: { description: 'The document was deleted under retention.' },
    503: { description: 'Faxing is not configured on this server.' },
  },
});
describeRoute({ method: 'get', path: '/fax/:id', tag: 'Fax', summary: 'A fax', params: z.object({ id: z.string() }), responses: { 200: { description: 'The fax.', body: FaxSchema }, 404: { description: 'No such fax.' } } });

/** Multipart when a file is sent, JSON otherwise. */
const optionalUpload = (): RequestHandler => {
  const upload = multipartUpload({ files: { file: 1 } });
  return (req, res, next) => (req.is('multipart/form-data') ? upload(req, res, next) : next());
};

function sourceOf(req: express.Request, body: z.infer<typeof SendFaxRequest>): FaxSource {
  const file = req.upload?.files.file?.[0];
  const named = [file && 'file', body.artifact_id && 'artifact_id', body.session_id && 'session_id', body.proposal_id && 'proposal_id'].filter(Boolean);
  if (named.length !== 1) throw new ApiError(400, 'invalid_fax_source', 'Send exactly one of: file (multipart), artifact_id, session_id, proposal_id.');
  if (file) return { kind: 'upload', file };
  if (body.artifact_id) return { kind: 'artifact', id: body.artifact_id };
  if (body.session_id) return { kind: 'session', id: body.session_id };
  return { kind: 'proposal', id: body.proposal_id!, token: body.proposal_token };
}

export function faxRouter(ctx: AppContext): Router {
  const r = Router();
  r.post('/fax', optionalUpload(), async (req, res) => {
    const { accountId } = callerOf(req);
    const body = parse(SendFaxRequest, req.upload ? req.upload.fields : (req.body ?? {}));
    const source = sourceOf(req, body);
    let callbackUrl: string | undefined;
    if (body.callback_url) {
      try {
        callbackUrl = (await checkCallbackUrl(body.callback_url, { allowLoopback: ctx.config.CALLBACK_ALLOW_LOOPBACK })).url.toString();
      } catch (err) {
        if (err instanceof CallbackUrlError) throw new ApiError(400, 'invalid_callback_url', err.message);
        throw err;
      }
    }
    const result = await withIdempotency(ctx, req, accountId, async () => {
      let retention = body.retention ?? 'account_default';
      if (retention === 'account_default') {
        const account = await ctx.db.account.findUniqueOrThrow({ where: { id: accountId }, select: { retentionDefault: true } });
        retention = account.retentionDefault === 'ephemeral' ? 'ephemeral' : 'keep';
      }
      const sent = await sendFax(ctx, { ownerId: accountId, source, to: body.to, cover: coverOf(body), callbackUrl, retention });
      return { status: sent.created ? 202 : 200, body: { ...faxView(sent.fax), duplicate: !sent.created } };
    });
    res.status(result.status).json(result.body);
  });
  r.get('/fax/:id', async (req, res) => {
    res.json(faxView(await getAccountFax(ctx, callerOf(req).accountId, parseId(req.params.id, 'fax'))));
  });
  return r;
}

/** The provider's doors: no API key, a signature instead. */
export function faxProviderRouter(ctx: AppContext): Router {
  const r = Router();
  r.get('/fax/media/:id', async (req, res) => {
    const q = (k: string) => (typeof req.query[k] === 'string' ? (req.query[k] as string) : undefined);
    const bytes = await faxMedia(ctx, parseId(req.params.id, 'document'), q('expires'), q('signature'));
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Cache-Control', 'no-store');
    res.send(Buffer.from(bytes));
  });
  // The address submit-fax gives the provider (FAX_WEBHOOK_PATH in use-cases/fax/submit-fax.ts).
  r.post('/fax/webhooks/telnyx', express.raw({ type: () => true, limit: '256kb' }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]));
    try {
      const outcome = await applyFaxWebhook(ctx, raw, headers);
      res.json({ received: true, outcome });
    } catch (err) {
      if (err instanceof FaxWebhookRejected) {
        ctx.log.warn({ err: err.message }, 'fax webhook refused');
        throw new ApiError(400, 'invalid_webhook', 'The webhook signature or timestamp is not valid.');
      }
      throw err;
    }
  });
  return r;
}
