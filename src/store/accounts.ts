// Accounts and API keys (§3.4, §5). A key is shown once at creation; only its SHA-256 is stored.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Prisma } from './db.ts';

export const KEY_PATTERN = /^sk_live_[A-Za-z0-9]{32}$/;
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export type KeyStatus = 'active' | 'disabled' | 'revoked';

/** 32 uniformly random base62 characters (rejection sampling: no modulo bias). */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export const generateKey = () => `sk_live_${randomBase62(32)}`;
export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

export async function findKey(db: Prisma, key: string) {
  const hash = hashKey(key);
  const row = await db.apiKey.findUnique({ where: { hash } });
  // The lookup is by hash; compare again in constant time so a match never depends on timing.
  if (!row || !timingSafeEqual(Buffer.from(row.hash, 'hex'), Buffer.from(hash, 'hex'))) return null;
  return row;
}

/** A new account with its callback signing secret and no key yet (sign-up creates keys later). */
export async function newAccount(db: Pick<Prisma, 'account'>, name: string) {
  return db.account.create({ data: { id: randomUUID(), name, callbackSecret: `whsec_${randomBase62(32)}` } });
}

export async function createAccount(db: Prisma, name: string) {
  const account = await newAccount(db, name);
  const { key } = await createKey(db, account.id);
  return { account, key };
}

export async function createKey(db: Prisma, accountId: string) {
  const key = generateKey();
  const row = await db.apiKey.create({ data: { id: randomUUID(), accountId, prefix: key.slice(0, 12), hash: hashKey(key) } });
  return { key, row };
}

export class KeyStateError extends Error {}

/** active ⇄ disabled; any non-revoked → revoked (permanent). */
export async function setKeyStatus(db: Prisma, keyId: string, status: KeyStatus) {
  const row = await db.apiKey.findUnique({ where: { id: keyId } });
  if (!row) throw new KeyStateError(`No key ${keyId}.`);
  if (row.status === 'revoked') throw new KeyStateError(`Key ${keyId} is revoked; revocation is permanent.`);
  return db.apiKey.update({ where: { id: keyId }, data: { status, revokedAt: status === 'revoked' ? new Date() : null } });
}

/** Rotation: a new active key; the old one stays active until revoked, so traffic can move. */
export async function rotateKey(db: Prisma, keyId: string) {
  const row = await db.apiKey.findUnique({ where: { id: keyId } });
  if (!row) throw new KeyStateError(`No key ${keyId}.`);
  if (row.status === 'revoked') throw new KeyStateError(`Key ${keyId} is revoked.`);
  return createKey(db, row.accountId);
}

export async function setCallbackSigning(db: Prisma, accountId: string, enabled: boolean) {
  return db.account.update({ where: { id: accountId }, data: { callbackSecret: enabled ? `whsec_${randomBase62(32)}` : null } });
}

export async function setRetentionDefault(db: Prisma, accountId: string, retention: 'keep' | 'ephemeral') {
  return db.account.update({ where: { id: accountId }, data: { retentionDefault: retention } });
}
