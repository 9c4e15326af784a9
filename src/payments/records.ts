// Payment rows: the replay lock (one row per spent credential, unique credentialKey), the record
// of every charge and refund, and the cached final response for a retry after a lost response.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { Payment } from '../generated/prisma/client.ts';

export type PaymentStatus = 'pending' | 'succeeded' | 'released' | 'refund_pending' | 'refunded' | 'settlement_unknown';

export interface NewPayment {
  protocol: 'x402' | 'mpp';
  credentialKey: string;
  paymentIdentifier?: string;
  route: string;
  documentSha256: string;
  pages: number;
  amountMicros: number;
  chargeAmount: number;
  currency: string;
  network?: string;
  payer?: string;
}

export type Acquired = { acquired: true; payment: Payment } | { acquired: false; existing: Payment };

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === 'P2002' || /unique constraint/i.test((err as Error).message ?? '');

/**
 * Takes the lock on a credential: inserts its row as pending. A credential whose earlier attempt
 * was released (nothing charged) is taken again; any other existing row is returned instead.
 */
export async function acquire(ctx: AppContext, p: NewPayment): Promise<Acquired> {
  const data = {
    protocol: p.protocol,
    route: p.route,
    documentSha256: p.documentSha256,
    pages: p.pages,
    amountMicros: p.amountMicros,
    chargeAmount: p.chargeAmount,
    currency: p.currency,
    network: p.network ?? null,
    payer: p.payer ?? null,
    paymentIdentifier: p.paymentIdentifier ?? null,
  };
  try {
    const payment = await ctx.db.payment.create({ data: { id: randomUUID(), credentialKey: p.credentialKey, status: 'pending', ...data } });
    return { acquired: true, payment };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
  const existing = await ctx.db.payment.findUnique({ where: { credentialKey: p.credentialKey } });
  if (!existing) {
    // The conflict was on the payment identifier: another credential holds it.
    const holder = p.paymentIdentifier ? await ctx.db.payment.findUnique({ where: { paymentIdentifier: p.paymentIdentifier } }) : null;
    if (holder) return { acquired: false, existing: holder };
    throw new Error('payment lock conflict without a holder');
  }
  if (existing.status === 'released') {
    const taken = await ctx.db.payment.updateMany({
      where: { id: existing.id, status: 'released' },
      data: { ...data, status: 'pending', error: undefined, reference: null, receipt: null },
    });
    if (taken.count === 1) return { acquired: true, payment: (await ctx.db.payment.findUnique({ where: { id: existing.id } }))! };
  }
  return { acquired: false, existing: (await ctx.db.payment.findUnique({ where: { id: existing.id } })) ?? existing };
}

/** Nothing was charged: the credential may be presented again. */
export async function release(ctx: AppContext, id: string, error: { code: string; message: string }): Promise<void> {
  await ctx.db.payment.update({ where: { id }, data: { status: 'released', error } });
}

export async function update(ctx: AppContext, id: string, data: { status?: PaymentStatus; reference?: string; receipt?: string; payer?: string; error?: { code: string; message: string } }) {
  await ctx.db.payment.update({ where: { id }, data });
}

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

const responseKey = (id: string) => `pay/${id}/response.json`;

/** Keeps the final response for PAY_RESPONSE_CACHE_SECONDS, then a job deletes it. */
export async function storeResponse(ctx: AppContext, id: string, response: StoredResponse, seconds: number): Promise<void> {
  if (seconds <= 0) return;
  const key = responseKey(id);
  await ctx.blobs.put(key, Buffer.from(JSON.stringify(response)));
  await ctx.db.payment.update({ where: { id }, data: { responseBlob: key, responseExpiresAt: new Date(Date.now() + seconds * 1000) } });
  await ctx.queue.enqueue('payment.purge-response', { paymentId: id }, { jobId: `purge-response-${id}`, delayMs: seconds * 1000 });
}

export async function loadResponse(ctx: AppContext, p: Payment): Promise<StoredResponse | null> {
  if (!p.responseBlob || !p.responseExpiresAt || p.responseExpiresAt <= new Date()) return null;
  try {
    return JSON.parse(Buffer.from(await ctx.blobs.get(p.responseBlob)).toString('utf8')) as StoredResponse;
  } catch {
    return null;
  }
}

export async function purgeResponse(ctx: AppContext, id: string): Promise<void> {
  const p = await ctx.db.payment.findUnique({ where: { id } });
  if (!p?.responseBlob) return;
  await ctx.blobs.delete(p.responseBlob).catch(() => undefined);
  await ctx.db.payment.update({ where: { id }, data: { responseBlob: null, responseExpiresAt: null } });
}
