// The payment doors of this deployment, built once per configuration.
import type { Config } from '../config.ts';
import { stripeClient } from '../billing/stripe.ts';
import { paymentSettings, type PaymentSettings } from './settings.ts';
import { X402Door } from './x402.ts';
import { MppDoor } from './mpp.ts';

export interface Doors {
  settings: PaymentSettings;
  x402: X402Door | null;
  mpp: MppDoor | null;
}

const cache = new WeakMap<Config, Doors>();

export function paymentDoors(config: Config): Doors {
  let d = cache.get(config);
  if (!d) {
    const settings = paymentSettings(config);
    const stripe = stripeClient(config);
    d = {
      settings,
      x402: settings.x402 ? new X402Door(settings.x402, settings.secret!) : null,
      mpp: settings.mpp && stripe ? new MppDoor(settings.mpp, settings.secret!, stripe) : null,
    };
    cache.set(config, d);
  }
  return d;
}
