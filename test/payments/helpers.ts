// Shared pieces of the payment tests: documents of a given page count, a server wired to a local
// chain (x402, in-process facilitator) and/or the Stripe stub (MPP, billing), and real clients.
import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { x402Client, wrapFetchWithPayment } from '@x402/fetch';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { toClientEvmSigner } from '@x402/evm';
import type { PrivateKeyAccount } from 'viem/accounts';
import { Mppx, stripe as mppStripe } from 'mppx/client';
import { startChain, type TestChain } from '../helpers/chain.ts';
import { startStripeStub, type StripeStub } from '../helpers/stripe-stub.ts';
import { dropTestEnv, startServer, type TestServer } from '../helpers/server.ts';

export const MPP_SECRET = 'test-mpp-secret-0123456789abcdef0123456789';
export const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';

/**
 * A fillable form of `pages` pages (AcroForm: no detection needed) with two text fields on the
 * first page; `tag` makes otherwise equal documents differ.
 */
export async function formPdf(pages: number, tag = ''): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Pay test form ${pages}${tag}`);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const form = doc.getForm();
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([300, 300]);
    page.drawText(`Page ${i + 1} ${tag}`, { x: 20, y: 260, size: 10, font });
    if (i === 0) {
      form.createTextField('name').addToPage(page, { x: 20, y: 200, width: 200, height: 20 });
      form.createTextField('date').addToPage(page, { x: 20, y: 150, width: 200, height: 20 });
    }
  }
  return doc.save();
}

/** Pages with nothing to detect: make-fillable fails with no_fields_detected (422). */
export async function emptyPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([200, 200]);
  return doc.save();
}

export const pdfPart = (bytes: Uint8Array, filename = 'form.pdf') => ({ bytes, filename });

export function multipart(bytes: Uint8Array, filename = 'form.pdf'): FormData {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), filename);
  return fd;
}

export interface PayWorld {
  s: TestServer;
  chain?: TestChain;
  stripe?: StripeStub;
  close(): Promise<void>;
}

/** A server with the x402 door on a local chain and/or the MPP door on the Stripe stub. */
export async function startPayWorld(opts: { x402?: boolean; stripe?: boolean; env?: Record<string, string> } = {}): Promise<PayWorld> {
  const [chain, stripe] = await Promise.all([opts.x402 ? startChain() : undefined, opts.stripe ? startStripeStub() : undefined]);
  const env: Record<string, string> = { MPP_SECRET_KEY: MPP_SECRET, PAY_QUOTE_TTL_SECONDS: '300', ...opts.env };
  if (chain) {
    Object.assign(env, {
      X402_NETWORK: chain.network,
      X402_ASSET: chain.usdc,
      X402_PAY_TO: chain.accounts.merchant.address,
      X402_RPC_URL: chain.rpcUrl,
      X402_FACILITATOR_PRIVATE_KEY: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
    });
  }
  if (stripe) Object.assign(env, { STRIPE_SECRET_KEY: 'sk_test_stub', STRIPE_API_BASE: stripe.url, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_METER_REPORT_INTERVAL_SECONDS: '2', ...opts.env });
  const s = await startServer({ overrides: env });
  return {
    s,
    chain,
    stripe,
    async close() {
      await s.close();
      await dropTestEnv(s.env);
      await Promise.all([chain?.close(), stripe?.close()]);
    },
  };
}

/** @x402/fetch paying from `account`, allowed to spend the test token up to `cap` atomic units. */
export function x402Fetch(chain: TestChain, account: PrivateKeyAccount, options: { cap?: bigint; paymentId?: string } = {}) {
  const client = new x402Client();
  registerExactEvmScheme(client, { signer: toClientEvmSigner(account) });
  client.setSpendControls({ allowedAssets: [{ network: chain.network, asset: chain.usdc, maxAmountPerPayment: String(options.cap ?? 5_000_000n) }] });
  if (options.paymentId) {
    const id = options.paymentId;
    client.onBeforePaymentCreation(async ({ paymentRequired }) => {
      const ext = paymentRequired.extensions?.['payment-identifier'] as { info?: Record<string, unknown> } | undefined;
      if (ext) ext.info = { ...(ext.info ?? {}), id };
    });
  }
  const payments: string[] = [];
  client.onAfterPaymentCreation(async ({ paymentPayload }) => {
    payments.push(JSON.stringify(paymentPayload));
  });
  return { fetch: wrapFetchWithPayment(fetch, client), client, payments };
}

/** The mppx client paying by card: every Shared Payment Token it mints is recorded. */
export function mppFetch(options: { token?: () => string } = {}) {
  const tokens: string[] = [];
  const mppx = Mppx.create({
    polyfill: false,
    methods: [
      mppStripe.charge({
        paymentMethod: 'pm_card_visa',
        createToken: async () => {
          const t = options.token?.() ?? `spt_test_${randomBytes(8).toString('hex')}`;
          tokens.push(t);
          return t;
        },
      }),
    ],
  });
  return { fetch: mppx.fetch, mppx, tokens };
}

export const decodeB64Json = (v: string | null) => (v ? JSON.parse(Buffer.from(v, 'base64').toString('utf8')) : undefined);
export const decodeB64UrlJson = (v: string | null) => (v ? JSON.parse(Buffer.from(v, 'base64url').toString('utf8')) : undefined);

/** The JSON body of a fetch Response, untyped (tests assert its shape). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const json = async (r: Response): Promise<any> => r.json();
