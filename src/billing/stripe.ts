// The Stripe SDK client, built once per configuration. STRIPE_API_BASE points every resource
// (v1, v2, meter events) at another address, e.g. a local stub in tests.
import Stripe from 'stripe';
import type { Config } from '../config.ts';

const clients = new WeakMap<Config, Stripe>();

/** The configured Stripe client, or null when STRIPE_SECRET_KEY is not set. */
export function stripeClient(config: Config): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  let client = clients.get(config);
  if (!client) {
    const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
    client = new Stripe(config.STRIPE_SECRET_KEY, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      appInfo: { name: 'formfill-service' },
      ...(base
        ? { host: base.hostname, port: base.port || (base.protocol === 'http:' ? 80 : 443), protocol: base.protocol === 'http:' ? 'http' : 'https' }
        : {}),
    });
    clients.set(config, client);
  }
  return client;
}

/** True for failures worth retrying later: network errors, timeouts, 429 and 5xx. */
export function isTransientStripeError(err: unknown): boolean {
  if (!(err instanceof Stripe.errors.StripeError)) return true; // not an answer from Stripe: network or bug
  if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError || err instanceof Stripe.errors.StripeRateLimitError) return true;
  return (err.statusCode ?? 0) >= 500 || err.statusCode === 409;
}
