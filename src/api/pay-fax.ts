// POST /pay/fax: fax a PDF without an account, priced per transmitted page (cover page included),
// the quote bound to the document and the destination number. The fax is handed to the provider
// inside the paid request, so x402 settles (and a card stays charged) only once the provider has
// accepted it; a fax that finally fails is refunded (card: Stripe refund; x402: a transfer back
// to the payer, since an exact payment cannot be un-settled); a fax whose x402 payment then cannot
// be settled is cancelled at the provider. GET /pay/fax/{id}?token= tracks it.
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { definePayRoute } from '../payments/gate.ts';
import { describeRoute } from './openapi.ts';
import { ApiError } from '../http/errors.ts';
import { FaxProviderError } from '../fax/provider.ts';
import { statusToken } from '../fax/links.ts';
import { createFax, faxDestination, requireFax, transmittedPages } from '../use-cases/fax/create-fax.ts';
import { submitFax } from '../use-cases/fax/submit-fax.ts';
import { failFax } from '../use-cases/fax/finish-fax.ts';
import { getPaidFax } from '../use-cases/fax/get-fax.ts';
import { cancelUnpaidFax } from '../use-cases/fax/cancel-unpaid-fax.ts';
import { FaxSchema, faxView } from '../use-cases/fax/fax-view.ts';
import { CoverFields, coverOf } from './fax.ts';

const PayFaxFields = z.object({ to: z.string().min(3).max(40).describe('fax number: E.164 (+12025550143) or national') }).extend(CoverFields.shape);

const PaidFaxSchema = z.object({
  fax: FaxSchema,
  status_url: z.string().describe('GET it to follow the fax to delivered or failed (no account needed)'),
});

export const faxRoute = definePayRoute({
  route: 'fax',
  path: '/pay/fax',
  summary: 'Fax a PDF',
  description:
    'Faxes the PDF to `to` (US and Canadian numbers by default), with an optional cover page (`cover_to`, `cover_from`, `cover_subject`, `cover_note`; one more page). Priced per transmitted page. Answers once the fax provider has accepted the fax; follow it at `status_url`. A fax that finally fails is refunded in full. The same document to the same number within 10 minutes is refused (409, nothing charged). Ephemeral: the document is deleted when the fax ends.',
  fields: PayFaxFields,
  response: PaidFaxSchema,
  quoteFor(ctx, fields, pages) {
    const dest = faxDestination(requireFax(ctx), fields.to); // 400 before any payment
    return { binding: `fax|${dest.e164}|${JSON.stringify(coverOf(fields) ?? null)}`, pages: transmittedPages(pages, coverOf(fields)) };
  },
  async run({ ctx, document, fields, pages, paymentId }) {
    const s = requireFax(ctx);
    const cover = coverOf(fields);
    const created = await createFax(ctx, {
      ownerId: null,
      paymentId,
      document: { bytes: document.bytes, sha256: document.sha256, pages: pages - (cover ? 1 : 0) }, // `pages` counts the cover page
      to: fields.to,
      cover,
      retention: 'ephemeral',
    });
    if (!created.created) {
      throw new ApiError(409, 'fax_duplicate', 'The same document went to the same number less than 10 minutes ago; it is not sent twice.', { fax_id: created.fax.id });
    }
    let fax = created.fax;
    try {
      fax = await submitFax(ctx, fax.id);
    } catch (err) {
      if (!(err instanceof FaxProviderError)) throw err;
      // The gate takes care of the money (x402 not settled, card refunded).
      await failFax(ctx, fax, err.code, { refund: false });
      throw new ApiError(err.retryable ? 503 : 502, err.code, `${err.message} The fax was not sent.`);
    }
    const token = statusToken(s.secret, fax.id);
    return { status: 200, body: { fax: faxView(fax), status_url: `${ctx.config.PUBLIC_BASE_URL}/pay/fax/${fax.id}?token=${token}` } };
  },
  async unpaid({ ctx }, result) {
    await cancelUnpaidFax(ctx, (result.body as z.infer<typeof PaidFaxSchema>).fax.fax_id);
  },
});

describeRoute({
  method: 'get',
  path: '/pay/fax/:id',
  tag: 'Pay per call',
  auth: false,
  summary: 'A paid fax',
  description: 'State, pages and timestamps of a fax paid through POST /pay/fax; `token` comes from its status_url.',
  params: z.object({ id: z.string() }),
  query: z.object({ token: z.string() }),
  responses: { 200: { description: 'The fax.', body: FaxSchema }, 404: { description: 'No such fax, or a wrong token.' } },
});

export function payFaxStatusRouter(ctx: AppContext): Router {
  const r = Router();
  r.get('/pay/fax/:id', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : undefined;
    res.setHeader('Cache-Control', 'no-store');
    res.json(faxView(await getPaidFax(ctx, req.params.id, token)));
  });
  return r;
}
