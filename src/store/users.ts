// Account holders (people who sign in to the dashboard): sign-up, email verification, password
// reset. Each sign-up makes its own account. Mailed links carry a random token of which only the
// SHA-256 is stored; a token works once and expires. Nothing here tells a caller whether an email
// is registered: the web layer answers the same either way (no user enumeration).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Prisma } from './db.ts';
import { newAccount } from './accounts.ts';
import { dummyHash, hashPassword, verifyPassword } from '../domain/passwords.ts';

export type TokenPurpose = 'verify' | 'reset';
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = { verify: 48 * 3600_000, reset: 3600_000 };

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function issueToken(db: Prisma, userId: string, purpose: TokenPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.emailToken.create({ data: { hash: tokenHash(token), userId, purpose, expiresAt: new Date(Date.now() + TOKEN_TTL_MS[purpose]) } });
  return token;
}

/** Marks a token used and returns its user, or null when it is unknown, used, expired or for another purpose. */
async function spendToken(db: Prisma, token: string, purpose: TokenPurpose) {
  const hash = tokenHash(token);
  const spent = await db.emailToken.updateMany({ where: { hash, purpose, usedAt: null, expiresAt: { gt: new Date() } }, data: { usedAt: new Date() } });
  if (spent.count !== 1) return null;
  const row = await db.emailToken.findUnique({ where: { hash }, include: { user: true } });
  return row?.user ?? null;
}

export type SignUp = { status: 'created'; user: { id: string; email: string }; token: string } | { status: 'exists'; user: { id: string; email: string } };

/** A new account and its first user; an email already registered changes nothing. */
export async function signUp(db: Prisma, email: string, password: string): Promise<SignUp> {
  const address = normaliseEmail(email);
  const existing = await db.user.findUnique({ where: { email: address } });
  if (existing) {
    await dummyHash().then((h) => verifyPassword(password, h)); // the same time as a real sign-up
    return { status: 'exists', user: existing };
  }
  const passwordHash = await hashPassword(password);
  const user = await db.$transaction(async (tx) => {
    const account = await newAccount(tx, address);
    return tx.user.create({ data: { id: randomUUID(), accountId: account.id, email: address, passwordHash } });
  });
  return { status: 'created', user, token: await issueToken(db, user.id, 'verify') };
}

/** The user whose email and password match, or null; unknown emails cost the same time. */
export async function authenticate(db: Prisma, email: string, password: string) {
  const user = await db.user.findUnique({ where: { email: normaliseEmail(email) } });
  const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
  return user && ok ? user : null;
}

export async function verifyEmail(db: Prisma, token: string) {
  const user = await spendToken(db, token, 'verify');
  if (!user) return null;
  return db.user.update({ where: { id: user.id }, data: { emailVerifiedAt: user.emailVerifiedAt ?? new Date() } });
}

/** A reset token for the user of this email, or null when there is none (the caller says the same either way). */
export async function startPasswordReset(db: Prisma, email: string) {
  const user = await db.user.findUnique({ where: { email: normaliseEmail(email) } });
  return user ? { user, token: await issueToken(db, user.id, 'reset') } : null;
}

/** Sets a new password; the reset link also proves the address, so it verifies the email too. */
export async function resetPassword(db: Prisma, token: string, password: string) {
  const user = await spendToken(db, token, 'reset');
  if (!user) return null;
  return db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(password), emailVerifiedAt: user.emailVerifiedAt ?? new Date() } });
}

export async function checkPassword(db: Prisma, userId: string, password: string): Promise<boolean> {
  const user = await db.user.findUnique({ where: { id: userId } });
  return user ? verifyPassword(password, user.passwordHash) : false;
}
