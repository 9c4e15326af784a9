// GET /pricing (§4.7): the price list, no key, cacheable for an hour.
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describeRoute } from './openapi.ts';
import { paymentCors } from '../payments/cors.ts';
import { microsToUsd, PAY_ROUTES, PRICE_KINDS, priceList } from '../payments/pricing.ts';

const KindSchema = z.object({
  description: z.string(),
  base_micro_usd: z.number().int().describe('price of one action covering up to included_pages pages'),
  included_pages: z.number().int(),
  per_extra_page_micro_usd: z.number().int(),
  base_usd: z.string(),
});
export const PricingSchema = z.object({
  version: z.string(),
  currency: z.literal('usd'),
  unit: z.literal('micro_usd').describe('every amount is an integer number of micro-dollars (= USDC atomic units)'),
  kinds: z.record(z.string(), KindSchema),
  free_tier: z.object({
    monthly_free_allowance: z.record(z.string(), z.number().int()).describe('billed actions per kind and calendar month (UTC) without a payment method'),
    page_cap: z.number().int().describe('prepare and verify of documents with more pages need a payment method'),
    page_capped_kinds: z.array(z.string()),
    billing: z.string(),
  }),
  pay_per_call: z.object({
    price: z.string(),
    ceiling_micro_usd: z.number().int(),
    ceiling_usd: z.string(),
    card_minimum_cents: z.number().int(),
    routes: z.record(
      z.string(),
      z.object({ path: z.string(), kinds: z.array(z.string()), needs_fillable: z.boolean(), floor_micro_usd: z.number().int(), price_from_usd: z.string() }),
    ),
    quote: z.string(),
  }),
});

describeRoute({
  method: 'get', path: '/pricing', tag: 'Pay per call', auth: false, summary: 'The price list',
  description: 'Every kind of billed action with its price per page count, the free tier of accounts, and the pay-per-call floors and ceiling. Cached for an hour.',
  responses: { 200: { description: 'The price list.', body: PricingSchema } },
});

export function pricingDocument() {
  const list = priceList();
  return PricingSchema.parse({
    version: list.version,
    currency: list.currency,
    unit: list.unit,
    kinds: Object.fromEntries(
      PRICE_KINDS.map((k) => {
        const p = list.kinds[k];
        return [k, { description: p.description, base_micro_usd: p.base, included_pages: p.included_pages, per_extra_page_micro_usd: p.per_extra_page, base_usd: microsToUsd(p.base) }];
      }),
    ),
    free_tier: {
      monthly_free_allowance: list.accounts.monthly_free_allowance,
      page_cap: list.accounts.free_tier_page_cap,
      page_capped_kinds: list.accounts.page_capped_kinds,
      billing: 'Account holders: each billed action beyond the monthly free allowance of its kind costs its base price, billed monthly through Stripe once a payment method is on file.',
    },
    pay_per_call: {
      price:
        "Sum of the route's kinds for the document's page count (base + pages beyond included_pages × per_extra_page), plus make_fillable when the route needs a fillable PDF and the upload is flat; at least the route's floor, at most the ceiling. Cards pay the amount rounded up to the cent.",
      ceiling_micro_usd: list.pay_per_call.ceiling,
      ceiling_usd: microsToUsd(list.pay_per_call.ceiling),
      card_minimum_cents: list.pay_per_call.card_minimum_cents,
      routes: Object.fromEntries(
        PAY_ROUTES.map((r) => {
          const spec = list.pay_per_call.routes[r];
          return [r, { path: `/pay/${r}`, kinds: spec.kinds, needs_fillable: spec.needs_fillable, floor_micro_usd: spec.floor, price_from_usd: microsToUsd(spec.floor) }];
        }),
      ),
      quote: 'POST /pay/quote {"pages": n, "fillable": bool} returns the exact price of each route.',
    },
  });
}

export function pricingRouter(_ctx: AppContext): Router {
  const r = Router();
  r.get('/pricing', paymentCors, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.json(pricingDocument());
  });
  return r;
}
