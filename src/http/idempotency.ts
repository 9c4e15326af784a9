// Idempotency-Key on job-creating endpoints: scoped to the account, valid 24 hours. The same key
// with the same request answers 200 with the original response; with another request, 422.
// A request that fails does not consume its key; a key whose first request is still running
// answers 409.
import { createHash, randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { AppContext } from '../context.ts';
import { ApiError } from './errors.ts';
import { LIMITS } from '../config.ts';

const KEY_RE = /^[\x21-\x7e]{1,255}$/;
const IN_FLIGHT = 0;

export interface IdempotentResult {
  status: number;
  body: unknown;
  replayed: boolean;
}

/** A digest of what makes two requests "the same": method, path, text fields, file digests. */
export function requestFingerprint(req: Request): string {
  const h = createHash('sha256').update(`${req.method} ${req.baseUrl}${req.path}\n`);
  // A text field sent once counts by its value, one sent several times by all of them.
  const texts = req.upload && Object.fromEntries(Object.entries(req.upload.texts).map(([k, v]) => [k, v.length === 1 ? v[0] : v]));
  const fields = Object.entries(texts ?? (typeof req.body === 'object' && req.body ? req.body : {})).sort(([a], [b]) => a.localeCompare(b));
  h.update(JSON.stringify(fields));
  for (const [field, files] of Object.entries(req.upload?.files ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    h.update(`${field}:${files.map((f) => f.sha256).join(',')}\n`);
  }
  return h.digest('hex');
}

export async function withIdempotency(
  ctx: AppContext,
  req: Request,
  ownerId: string,
  create: () => Promise<{ status: number; body: unknown }>,
  raced = false,
): Promise<IdempotentResult> {
  const key = req.get('Idempotency-Key');
  if (key === undefined) return { ...(await create()), replayed: false };
  if (!KEY_RE.test(key)) throw new ApiError(400, 'invalid_idempotency_key', 'Idempotency-Key must be 1 to 255 printable ASCII characters.');

  const fingerprint = requestFingerprint(req);
  const db = ctx.db;
  const existing = await db.idempotencyRecord.findUnique({ where: { ownerId_key: { ownerId, key } } });
  if (existing && existing.expiresAt > new Date()) {
    if (existing.fingerprint !== fingerprint) {
      throw new ApiError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used with a different request. Use a fresh key for each new request.');
    }
    if (existing.responseStatus === IN_FLIGHT) {
      throw new ApiError(409, 'idempotency_request_in_progress', 'A request with this Idempotency-Key is still being processed; retry shortly.', {}, { 'Retry-After': '1' });
    }
    return { status: 200, body: existing.responseBody, replayed: true };
  }
  if (existing) await db.idempotencyRecord.delete({ where: { id: existing.id } }).catch(() => undefined);

  // Reserve the key before doing the work, so two concurrent requests cannot both run.
  const id = randomUUID();
  try {
    await db.idempotencyRecord.create({
      data: { id, ownerId, key, fingerprint, responseStatus: IN_FLIGHT, responseBody: {}, expiresAt: new Date(Date.now() + LIMITS.idempotencyHours * 3600_000) },
    });
  } catch (err) {
    // Lost the race to a concurrent request with the same key: answer as that one will.
    if (raced) throw err;
    return withIdempotency(ctx, req, ownerId, create, true);
  }
  try {
    const result = await create();
    await db.idempotencyRecord.update({ where: { id }, data: { responseStatus: result.status, responseBody: result.body as never } });
    return { ...result, replayed: false };
  } catch (err) {
    await db.idempotencyRecord.delete({ where: { id } }).catch(() => undefined);
    throw err;
  }
}
