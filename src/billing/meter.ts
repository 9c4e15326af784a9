// Reports account usage to Stripe billing meters from the MeterOutbox table.
//
// A trigger on UsageEvent (migration 0002_payments) writes one outbox row per billed action
// ("report", id use_<usage id>) and one when the action is voided ("cancel", id void_<usage id>),
// in the transaction that bills, so nothing is lost. The billing.meter-report job drains due rows:
// each is sent with its row id as both the meter event `identifier` and the request's
// Idempotency-Key, so a retry after a timeout or crash never counts twice. A Stripe outage (5xx,
// network) leaves rows pending with a growing delay; the job schedules itself again while any
// row is due later. Meter event names are STRIPE_METER_EVENT_PREFIX + the price kind; the value
// is the action's units (1, or pages for fax).
import type Stripe from 'stripe';
import type { AppContext } from '../context.ts';
import { stripeClient, isTransientStripeError } from './stripe.ts';
import { PRICE_KIND_OF } from './kinds.ts';
import type { UsageKind } from '../store/usage.ts';

export const METER_JOB = 'billing.meter-report';
const BATCH = 50;
const LEASE_MS = 120_000;
const BUCKET_MS = 2_000;
/** Stripe accepts meter event timestamps up to 35 days old. */
const MAX_AGE_MS = 35 * 24 * 3600_000 - 3600_000;

interface OutboxRow {
  id: string;
  usageEventId: string;
  action: string;
  attempts: number;
}

export interface DrainResult {
  sent: number;
  skipped: number;
  failed: number;
  retrying: number;
}

/**
 * Schedules a drain of the outbox shortly. Every call within one 2-second window maps to the same
 * job (its id names the window), which runs just after the window closes.
 */
export async function kickMeterReport(ctx: AppContext, notBefore = Date.now()): Promise<void> {
  if (!stripeClient(ctx.config)) return;
  const bucket = Math.floor(notBefore / BUCKET_MS);
  await schedule(ctx, `meter-report-${bucket}`, (bucket + 1) * BUCKET_MS + 250);
}

/**
 * The periodic drain: slots on a fixed grid (STRIPE_METER_REPORT_INTERVAL_SECONDS), so every
 * process and every restart schedules the same job ids and there is one chain, not one per start.
 * It catches rows written without a kick (usage voided by a failing background job).
 */
async function scheduleHeartbeat(ctx: AppContext): Promise<void> {
  const period = ctx.config.STRIPE_METER_REPORT_INTERVAL_SECONDS * 1000;
  const slot = Math.floor(Date.now() / period) + 1;
  await schedule(ctx, `meter-report-hb-${period}-${slot}`, slot * period);
}

async function schedule(ctx: AppContext, jobId: string, runAt: number): Promise<void> {
  try {
    await ctx.queue.enqueue(METER_JOB, {}, { jobId, delayMs: Math.max(0, runAt - Date.now()) });
  } catch (err) {
    // Never fail a billed request over this: the rows stay in the outbox for the next drain.
    ctx.log.warn({ err: (err as Error).message }, 'could not schedule the meter report');
  }
}

/** Sends every due outbox row; reschedules itself while rows are waiting for a retry. */
export async function drainMeterOutbox(ctx: AppContext): Promise<DrainResult> {
  const stripe = stripeClient(ctx.config);
  const result: DrainResult = { sent: 0, skipped: 0, failed: 0, retrying: 0 };
  if (!stripe) return result;
  for (;;) {
    const rows = await claim(ctx);
    if (rows.length === 0) break;
    for (const row of rows) {
      const outcome = await handle(ctx, stripe, row);
      result[outcome]++;
    }
  }
  const next = await ctx.db.meterOutbox.findFirst({ where: { status: 'pending' }, orderBy: { nextAttemptAt: 'asc' }, select: { nextAttemptAt: true } });
  if (next) await kickMeterReport(ctx, Math.max(next.nextAttemptAt.getTime(), Date.now()));
  else if (result.sent + result.skipped + result.failed > 0) await kickMeterReport(ctx, Date.now() + 5_000); // late writers of the same requests
  await scheduleHeartbeat(ctx);
  // This job kind's own finished rows are of no further use.
  await ctx.db.job.deleteMany({ where: { kind: METER_JOB, status: 'succeeded', updatedAt: { lt: new Date(Date.now() - 3600_000) } } });
  return result;
}

/** Leases a batch of due rows (another drain skips them until the lease ends). */
async function claim(ctx: AppContext): Promise<OutboxRow[]> {
  return ctx.db.$queryRawUnsafe<OutboxRow[]>(
    `UPDATE "MeterOutbox" SET "nextAttemptAt" = now() + interval '${LEASE_MS / 1000} seconds', "attempts" = "attempts" + 1
     WHERE "id" IN (SELECT "id" FROM "MeterOutbox" WHERE "status" = 'pending' AND "nextAttemptAt" <= now()
                    ORDER BY "createdAt", "id" LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
     RETURNING "id", "usageEventId", "action", "attempts"`,
  );
}

type Outcome = keyof DrainResult;

async function handle(ctx: AppContext, stripe: Stripe, row: OutboxRow): Promise<Outcome> {
  try {
    return row.action === 'cancel' ? await sendCancel(ctx, stripe, row) : await sendReport(ctx, stripe, row);
  } catch (err) {
    const message = (err as Error).message.slice(0, 1000);
    if (isTransientStripeError(err)) {
      const delay = Math.min(ctx.config.RETRY_BASE_MS * 4 ** (row.attempts - 1), 3_600_000);
      await ctx.db.meterOutbox.update({ where: { id: row.id }, data: { lastError: message, nextAttemptAt: new Date(Date.now() + delay) } });
      ctx.log.warn({ outbox: row.id, attempt: row.attempts, err: message }, 'meter report failed; will retry');
      return 'retrying';
    }
    await ctx.db.meterOutbox.update({ where: { id: row.id }, data: { status: 'failed', lastError: message } });
    ctx.log.error({ outbox: row.id, err: message }, 'meter report rejected by Stripe');
    return 'failed';
  }
}

const finish = (ctx: AppContext, id: string, status: 'sent' | 'skipped', note?: string) =>
  ctx.db.meterOutbox.update({ where: { id }, data: { status, note: note ?? null, lastError: null, ...(status === 'sent' ? { sentAt: new Date() } : {}) } });

async function sendReport(ctx: AppContext, stripe: Stripe, row: OutboxRow): Promise<Outcome> {
  const usage = await ctx.db.usageEvent.findUnique({ where: { id: row.usageEventId } });
  if (!usage) return finish(ctx, row.id, 'skipped', 'usage_event_missing').then(() => 'skipped');
  if (usage.voidedAt) return finish(ctx, row.id, 'skipped', 'voided_before_report').then(() => 'skipped');
  if (Date.now() - usage.createdAt.getTime() > MAX_AGE_MS) return finish(ctx, row.id, 'skipped', 'too_old_for_stripe').then(() => 'skipped');
  const account = await ctx.db.account.findUnique({ where: { id: usage.ownerId }, select: { stripeCustomerId: true } });
  if (!account?.stripeCustomerId) return finish(ctx, row.id, 'skipped', 'no_stripe_customer').then(() => 'skipped');
  await stripe.billing.meterEvents.create(
    {
      event_name: eventName(ctx, usage.kind as UsageKind),
      identifier: row.id,
      timestamp: Math.floor(usage.createdAt.getTime() / 1000),
      payload: { stripe_customer_id: account.stripeCustomerId, value: String(usage.units) },
    },
    { idempotencyKey: `meter-${row.id}` },
  );
  await finish(ctx, row.id, 'sent');
  return 'sent';
}

async function sendCancel(ctx: AppContext, stripe: Stripe, row: OutboxRow): Promise<Outcome> {
  const reportId = `use_${row.usageEventId}`;
  // A report not sent yet is simply never sent.
  const unsent = await ctx.db.meterOutbox.updateMany({
    where: { id: reportId, status: 'pending', nextAttemptAt: { lte: new Date() } },
    data: { status: 'skipped', note: 'voided_before_report' },
  });
  const report = await ctx.db.meterOutbox.findUnique({ where: { id: reportId } });
  if (unsent.count === 1 || !report || report.status === 'skipped' || report.status === 'failed') {
    return finish(ctx, row.id, 'skipped', 'nothing_reported').then(() => 'skipped');
  }
  if (report.status === 'pending') {
    // Being sent right now by another drain, or waiting for a retry: look again shortly.
    const later = Math.min(report.nextAttemptAt.getTime() + 1000, Date.now() + 2_000);
    await ctx.db.meterOutbox.update({ where: { id: row.id }, data: { nextAttemptAt: new Date(later), attempts: { decrement: 1 } } });
    return 'retrying';
  }
  const usage = await ctx.db.usageEvent.findUnique({ where: { id: row.usageEventId } });
  await stripe.billing.meterEventAdjustments.create(
    { event_name: eventName(ctx, (usage?.kind ?? 'create') as UsageKind), type: 'cancel', cancel: { identifier: reportId } },
    { idempotencyKey: `meter-${row.id}` },
  );
  await finish(ctx, row.id, 'sent');
  return 'sent';
}

export const eventName = (ctx: AppContext, kind: UsageKind) => `${ctx.config.STRIPE_METER_EVENT_PREFIX}${PRICE_KIND_OF[kind] ?? kind}`;
