// Whether this deployment faxes, and through which provider: resolved once from the
// configuration. Half a configuration stops the start with a message naming what is missing.
import type { Config } from '../config.ts';
import type { FaxProvider } from './provider.ts';
import { TelnyxFaxProvider } from './telnyx.ts';

export interface FaxSettings {
  provider: FaxProvider;
  secret: string;
  allowedCountries: readonly string[];
}

const cache = new WeakMap<Config, FaxSettings | null>();

/** The fax settings, or null when FAX_PROVIDER is not set (fax is off). */
export function faxSettings(config: Config): FaxSettings | null {
  if (!cache.has(config)) cache.set(config, resolve(config));
  return cache.get(config)!;
}

function resolve(c: Config): FaxSettings | null {
  if (!c.FAX_PROVIDER) return null;
  const missing = [
    !c.FAX_URL_SECRET && 'FAX_URL_SECRET',
    !c.TELNYX_API_KEY && 'TELNYX_API_KEY',
    !c.TELNYX_FAX_CONNECTION_ID && 'TELNYX_FAX_CONNECTION_ID',
    !c.TELNYX_FAX_FROM && 'TELNYX_FAX_FROM',
    !c.TELNYX_PUBLIC_KEY && 'TELNYX_PUBLIC_KEY',
  ].filter(Boolean);
  if (missing.length) throw new Error(`Invalid configuration: FAX_PROVIDER=telnyx needs ${missing.join(', ')}.`);
  return {
    provider: new TelnyxFaxProvider({
      apiKey: c.TELNYX_API_KEY!,
      connectionId: c.TELNYX_FAX_CONNECTION_ID!,
      from: c.TELNYX_FAX_FROM!,
      publicKey: c.TELNYX_PUBLIC_KEY!,
      apiBase: c.TELNYX_API_BASE,
      timeoutMs: c.FAX_PROVIDER_TIMEOUT_MS,
    }),
    secret: c.FAX_URL_SECRET!,
    allowedCountries: c.FAX_ALLOWED_COUNTRIES,
  };
}
