// Secrets the web layer makes once and every process shares (WebSetting): the first process to
// need one makes it, the others read that one (createMany with skipDuplicates: no race).
import type { Prisma } from './db.ts';

export async function settingMadeOnce(db: Prisma, name: string, make: () => string): Promise<string> {
  await db.webSetting.createMany({ data: [{ name, value: make() }], skipDuplicates: true });
  return (await db.webSetting.findUniqueOrThrow({ where: { name } })).value;
}
