// Settings and secrets the service makes for itself when the configuration names none (session
// and link signing keys, the OAuth signing key): made once and kept in the database (WebSetting),
// so every process of a deployment reads the same one. The first process to need one makes it,
// the others read that one (createMany with skipDuplicates: no race).
import { randomBytes } from 'node:crypto';
import type { Prisma } from './db.ts';

export async function settingMadeOnce(db: Prisma, name: string, make: () => string): Promise<string> {
  await db.webSetting.createMany({ data: [{ name, value: make() }], skipDuplicates: true });
  return (await db.webSetting.findUniqueOrThrow({ where: { name } })).value;
}

/** A random 256-bit secret, made once. */
export function storedSecret(db: Prisma, name: string): Promise<string> {
  return settingMadeOnce(db, name, () => randomBytes(32).toString('base64url'));
}
