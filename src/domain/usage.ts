// Billed actions (§8.2), counted per account and calendar month (UTC). One event per kind and
// subject (form, session, batch row …), so a retried job never bills twice.
import { randomUUID } from 'node:crypto';
import type { Prisma } from '../store/db.ts';

export const USAGE_KINDS = ['create', 'with_context', 'standard_fill', 'verify', 'read', 'fax_page'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

export const periodOf = (d: Date) => d.toISOString().slice(0, 7);

type Tx = Pick<Prisma, 'usageEvent'>;

export async function recordUsage(db: Tx, e: { ownerId: string; kind: UsageKind; subjectId: string; units?: number }): Promise<void> {
  await db.usageEvent.createMany({
    data: [{ id: randomUUID(), ownerId: e.ownerId, kind: e.kind, subjectId: e.subjectId, units: e.units ?? 1, period: periodOf(new Date()) }],
    skipDuplicates: true,
  });
}

/** A billed action that failed on our side is not charged. */
export async function voidUsage(db: Tx, kind: UsageKind, subjectId: string): Promise<void> {
  await db.usageEvent.updateMany({ where: { kind, subjectId, voidedAt: null }, data: { voidedAt: new Date() } });
}

export async function usageFor(db: Prisma, ownerId: string, period = periodOf(new Date())) {
  const rows = await db.usageEvent.groupBy({ by: ['kind'], where: { ownerId, period, voidedAt: null }, _sum: { units: true } });
  const counts = Object.fromEntries(USAGE_KINDS.map((k) => [k, 0])) as Record<UsageKind, number>;
  for (const r of rows) counts[r.kind as UsageKind] = r._sum.units ?? 0;
  return { owner: ownerId, period, ...counts };
}
