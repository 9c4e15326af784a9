// POST /billing/stripe/webhook: Stripe events about customers and payment methods. The raw body
// is verified with STRIPE_WEBHOOK_SECRET (Stripe-Signature, 5-minute tolerance) before anything
// is read from it.
import express, { Router } from 'express';
import { z } from 'zod';
import type Stripe from 'stripe';
import type { AppContext } from '../context.ts';
import { describeRoute } from './openapi.ts';
import { ApiError } from '../http/errors.ts';
import { stripeClient } from '../billing/stripe.ts';
import { handleStripeEvent } from '../billing/webhooks.ts';
import { kickMeterReport } from '../billing/meter.ts';

describeRoute({
  method: 'post', path: '/billing/stripe/webhook', tag: 'Billing', auth: false, summary: 'Stripe webhook endpoint',
  description: 'Called by Stripe, signed with the endpoint secret (Stripe-Signature). Payment method and customer events update whether an account has a payment method.',
  headers: { 'Stripe-Signature': { description: 't=<unix>,v1=<hex HMAC-SHA256>', required: true } },
  responses: {
    200: { description: 'Event received.', body: z.object({ received: z.literal(true), handled: z.boolean(), duplicate: z.boolean().optional() }) },
    400: { description: 'Missing or invalid signature.' },
    503: { description: 'Webhooks are not configured, or Stripe could not be reached (Stripe retries).' },
  },
});

export function billingWebhookRouter(ctx: AppContext): Router {
  const r = Router();
  // Outbox rows left by a previous process are sent soon after start.
  void kickMeterReport(ctx);
  r.post('/billing/stripe/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const stripe = stripeClient(ctx.config);
    const secret = ctx.config.STRIPE_WEBHOOK_SECRET;
    if (!stripe || !secret) throw new ApiError(503, 'webhooks_not_configured', 'Stripe webhooks are not configured on this server.');
    const signature = req.get('stripe-signature');
    if (!signature) throw new ApiError(400, 'missing_signature', 'The Stripe-Signature header is missing.');
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(raw, signature, secret);
    } catch (err) {
      throw new ApiError(400, 'invalid_signature', `The webhook signature does not verify: ${(err as Error).message}`);
    }
    let outcome;
    try {
      outcome = await handleStripeEvent(ctx, stripe, event);
    } catch (err) {
      req.log.error({ event: event.id, err: (err as Error).message }, 'stripe webhook failed');
      throw new ApiError(503, 'webhook_failed', 'The event could not be applied now; Stripe will retry.');
    }
    res.json({ received: true, handled: outcome.handled, ...(outcome.duplicate ? { duplicate: true } : {}) });
  });
  return r;
}
