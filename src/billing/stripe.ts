// The Stripe SDK client, built once per configuration when the service starts (createContext):
// the SDK (~18 MB of a process) is loaded only when STRIPE_SECRET_KEY is set. STRIPE_API_BASE
// points every resource (v1, v2, meter events) at another address, e.g. a local stub in tests.
import type Stripe from 'stripe';
import type { Config } from '../config.ts';

const clients = new WeakMap<Config, Stripe>();
let sdk: typeof Stripe | undefined;

/** Loads the SDK and builds the client when STRIPE_SECRET_KEY is set; stripeClient then returns it. */
export async function openStripe(config: Config): Promise<void> {
  if (!config.STRIPE_SECRET_KEY || clients.has(config)) return;
  sdk ??= (await import('stripe')).default;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
  clients.set(
    config,
    new sdk(config.STRIPE_SECRET_KEY, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      appInfo: { name: 'formfill-service' },
      ...(base
        ? { host: base.hostname, port: base.port || (base.protocol === 'http:' ? 80 : 443), protocol: base.protocol === 'http:' ? 'http' : 'https' }
        : {}),
    }),
  );
}

/** The configured Stripe client (openStripe), or null when STRIPE_SECRET_KEY is not set. */
export function stripeClient(config: Config): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const client = clients.get(config);
  if (!client) throw new Error('stripeClient: the Stripe client of this configuration was not opened (openStripe, at start).');
  return client;
}

/** True for failures worth retrying later: network errors, timeouts, 429 and 5xx. */
export function isTransientStripeError(err: unknown): boolean {
  // Without the SDK loaded no call went to Stripe: the failure is the network's or a bug.
  if (!sdk || !(err instanceof sdk.errors.StripeError)) return true;
  if (err instanceof sdk.errors.StripeConnectionError || err instanceof sdk.errors.StripeAPIError || err instanceof sdk.errors.StripeRateLimitError) return true;
  return (err.statusCode ?? 0) >= 500 || err.statusCode === 409;
}
