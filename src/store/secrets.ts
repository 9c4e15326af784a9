// Secrets the service makes for itself when the configuration names none: made once, kept in the
// database (web_settings), so every process of a deployment reads the same one.
import { randomBytes } from 'node:crypto';
import type { Prisma } from './db.ts';

export async function storedSecret(db: Prisma, name: string): Promise<string> {
  await db.webSetting.createMany({ data: [{ name, value: randomBytes(32).toString('base64url') }], skipDuplicates: true });
  return (await db.webSetting.findUniqueOrThrow({ where: { name } })).value;
}
