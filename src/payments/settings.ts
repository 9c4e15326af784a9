// Which payment doors this deployment opens, resolved once from the configuration. A door that is
// half configured stops the start with a message naming what is missing; a door that is not
// configured at all is simply not offered.
import type { Config } from '../config.ts';

export interface X402Settings {
  network: `eip155:${number}`;
  chainId: number;
  asset: `0x${string}`;
  assetName: string;
  assetVersion: string;
  payTo: `0x${string}`;
  maxTimeoutSeconds: number;
  /** In-process facilitator (default) or a remote one. */
  facilitator: { kind: 'local'; rpcUrl: string; privateKey: `0x${string}` } | { kind: 'remote'; url: string };
}

export interface MppSettings {
  realm: string;
  networkId: string;
}

export interface PaymentSettings {
  /** HMAC key binding quotes (MPP challenge ids, x402 quote signatures). */
  secret: string | null;
  quoteTtlSeconds: number;
  responseCacheSeconds: number;
  x402: X402Settings | null;
  mpp: MppSettings | null;
}

/** Resolved once per configuration by the payment doors (doors.ts). */
export async function paymentSettings(c: Config): Promise<PaymentSettings> {
  const x402 = await resolveX402(c);
  const mpp: MppSettings | null = c.STRIPE_SECRET_KEY ? { realm: c.MPP_REALM ?? new URL(c.PUBLIC_BASE_URL).host, networkId: c.MPP_STRIPE_NETWORK_ID } : null;
  if ((x402 || mpp) && !c.MPP_SECRET_KEY) {
    throw new Error('Invalid configuration: MPP_SECRET_KEY (at least 32 random characters) is required when x402 or Stripe payments are configured.');
  }
  return {
    secret: c.MPP_SECRET_KEY ?? null,
    quoteTtlSeconds: c.PAY_QUOTE_TTL_SECONDS,
    responseCacheSeconds: c.PAY_RESPONSE_CACHE_SECONDS,
    x402,
    mpp,
  };
}

async function resolveX402(c: Config): Promise<X402Settings | null> {
  const any = c.X402_NETWORK || c.X402_PAY_TO || c.X402_RPC_URL || c.X402_FACILITATOR_PRIVATE_KEY || c.X402_FACILITATOR_URL || c.X402_ASSET;
  if (!any) return null;
  const missing: string[] = [];
  if (!c.X402_NETWORK) missing.push('X402_NETWORK');
  if (!c.X402_PAY_TO) missing.push('X402_PAY_TO');
  if (!c.X402_FACILITATOR_URL && !(c.X402_RPC_URL && c.X402_FACILITATOR_PRIVATE_KEY)) missing.push('X402_FACILITATOR_URL, or X402_RPC_URL and X402_FACILITATOR_PRIVATE_KEY');
  let asset = c.X402_ASSET as `0x${string}` | undefined;
  if (!asset && c.X402_NETWORK) {
    // The x402 EVM library (and viem, ~29 MB) only for a deployment that takes x402 payments.
    const { getDefaultAsset } = await import('@x402/evm');
    try {
      asset = getDefaultAsset(c.X402_NETWORK as `eip155:${number}`)?.asset as `0x${string}` | undefined;
    } catch {
      asset = undefined;
    }
    if (!asset) missing.push(`X402_ASSET (no default stablecoin known for ${c.X402_NETWORK})`);
  }
  if (missing.length) throw new Error(`Invalid configuration: x402 payments need ${missing.join('; ')}.`);
  return {
    network: c.X402_NETWORK as `eip155:${number}`,
    chainId: Number(c.X402_NETWORK!.split(':')[1]),
    asset: asset!,
    assetName: c.X402_ASSET_NAME,
    assetVersion: c.X402_ASSET_VERSION,
    payTo: c.X402_PAY_TO as `0x${string}`,
    maxTimeoutSeconds: c.X402_MAX_TIMEOUT_SECONDS,
    facilitator: c.X402_FACILITATOR_URL
      ? { kind: 'remote', url: c.X402_FACILITATOR_URL }
      : { kind: 'local', rpcUrl: c.X402_RPC_URL!, privateKey: c.X402_FACILITATOR_PRIVATE_KEY as `0x${string}` },
  };
}
