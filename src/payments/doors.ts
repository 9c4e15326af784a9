// The payment doors of this deployment, opened once per configuration when the service starts
// (createContext), with the Stripe client. A door's library is loaded only when the door is
// configured: the x402 libraries, viem, mppx and Stripe's SDK cost the process ~100 MB that a
// deployment without payments never uses.
import type { Config } from '../config.ts';
import { openStripe, stripeClient } from '../billing/stripe.ts';
import { paymentSettings, type PaymentSettings } from './settings.ts';
import type { X402Door } from './x402.ts';
import type { MppDoor } from './mpp.ts';

export interface Doors {
  settings: PaymentSettings;
  x402: X402Door | null;
  mpp: MppDoor | null;
}

const opened = new WeakMap<Config, Doors>();

/** Resolves the payment configuration and opens its doors; a half-configured door stops the start. */
export async function openPaymentDoors(config: Config): Promise<Doors> {
  let d = opened.get(config);
  if (!d) {
    const settings = await paymentSettings(config);
    await openStripe(config);
    const stripe = stripeClient(config);
    d = {
      settings,
      x402: settings.x402 ? new (await import('./x402.ts')).X402Door(settings.x402, settings.secret!) : null,
      mpp: settings.mpp && stripe ? new (await import('./mpp.ts')).MppDoor(settings.mpp, settings.secret!, stripe) : null,
    };
    opened.set(config, d);
  }
  return d;
}

/** The doors openPaymentDoors opened for this configuration. */
export function paymentDoors(config: Config): Doors {
  const d = opened.get(config);
  if (!d) throw new Error('paymentDoors: the payment doors of this configuration were not opened (openPaymentDoors, at start).');
  return d;
}
