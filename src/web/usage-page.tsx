// Usage (§2.8): billed actions per kind this month and the five before, against the monthly free
// allowance of the price list, with a bar chart (inline SVG, its numbers also in the table) and
// what is metered beyond the allowance so far.
import { Router } from 'express';
import type { AppContext } from '../context.ts';
import { periodOf, USAGE_KINDS, type UsageKind } from '../store/usage.ts';
import { priceList } from '../payments/pricing.ts';
import { PRICE_KIND_OF } from '../billing/kinds.ts';
import { csrfToken } from './session.ts';
import { userOf } from './guard.tsx';
import { Page, send, TableHead } from './layout.tsx';

const MONTHS = 6;
export const KIND_NAMES: Record<UsageKind, string> = {
  create: 'Make fillable',
  with_context: 'Fill from documents',
  standard_fill: 'Fill',
  verify: 'Verify',
  read: 'Read',
  fax_page: 'Fax pages',
};

export function lastPeriods(now = new Date(), count = MONTHS): string[] {
  return Array.from({ length: count }, (_, i) => periodOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1))));
}

/** Units per period and kind (voided actions are not billed and not counted). */
export async function usageByPeriod(ctx: AppContext, accountId: string, periods: string[]) {
  const rows = await ctx.db.usageEvent.groupBy({ by: ['period', 'kind'], where: { ownerId: accountId, period: { in: periods }, voidedAt: null }, _sum: { units: true } });
  const table = new Map(periods.map((p) => [p, Object.fromEntries(USAGE_KINDS.map((k) => [k, 0])) as Record<UsageKind, number>]));
  for (const r of rows) table.get(r.period)![r.kind as UsageKind] = r._sum.units ?? 0;
  return table;
}

/** Micro-dollars metered beyond the free allowance, per kind, for one period's counts. */
export function meteredCharges(counts: Record<UsageKind, number>) {
  const list = priceList();
  return USAGE_KINDS.map((kind) => {
    const price = PRICE_KIND_OF[kind];
    const allowance = list.accounts.monthly_free_allowance[price];
    const billable = Math.max(0, counts[kind] - allowance);
    return { kind, used: counts[kind], allowance, billable, unit: list.kinds[price].base, micros: billable * list.kinds[price].base };
  });
}

export const dollars = (micros: number) => `$${(micros / 1_000_000).toFixed(2)}`;

function Chart({ rows }: { rows: { kind: UsageKind; used: number; allowance: number }[] }) {
  const width = 640;
  const rowH = 34;
  const left = 170;
  const max = Math.max(1, ...rows.map((r) => Math.max(r.used, r.allowance)));
  const scale = (v: number) => ((width - left - 60) * v) / max;
  return (
    <svg role="img" aria-labelledby="chart-title" viewBox={`0 0 ${width} ${rows.length * rowH + 10}`} class="chart">
      <title id="chart-title">This month's billed actions per kind against the free allowance</title>
      {rows.map((r, i) => (
        <g transform={`translate(0 ${i * rowH + 5})`}>
          <text x={left - 8} y={20} text-anchor="end">
            {KIND_NAMES[r.kind]}
          </text>
          <rect x={left} y={6} width={scale(r.allowance)} height={20} class="allowance" />
          <rect x={left} y={10} width={scale(r.used)} height={12} class={r.used > r.allowance ? 'used over' : 'used'} />
          <text x={left + Math.max(scale(r.used), scale(r.allowance)) + 6} y={20}>
            {`${r.used} / ${r.allowance}`}
          </text>
        </g>
      ))}
    </svg>
  );
}

export function usagePages(ctx: AppContext): Router {
  const r = Router();
  r.get('/dashboard/usage', async (req, res) => {
    const user = userOf(req);
    const periods = lastPeriods();
    const table = await usageByPeriod(ctx, user.accountId, periods);
    const current = meteredCharges(table.get(periods[0])!);
    send(
      res,
      <Page title="Usage" email={user.email} csrf={csrfToken(req)} current="usage">
        <h2>This month ({periods[0]}, UTC)</h2>
        <Chart rows={current} />
        <p class="legend">
          <span class="swatch allowance" aria-hidden="true" /> free allowance <span class="swatch used" aria-hidden="true" /> used
        </p>
        <table>
          <caption>Billed actions in {periods[0]}</caption>
          <TableHead columns={['Kind', 'Used', 'Free allowance', 'Beyond the allowance']} />
          <tbody>
            {current.map((c) => (
              <tr data-kind={c.kind}>
                <th scope="row">{KIND_NAMES[c.kind]}</th>
                <td class="used">{c.used}</td>
                <td>{c.allowance}</td>
                <td>{c.billable}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h2>Previous months</h2>
        <table>
          <caption>Billed actions per month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              {USAGE_KINDS.map((k) => (
                <th scope="col">{KIND_NAMES[k]}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {periods.slice(1).map((p) => (
              <tr>
                <th scope="row">{p}</th>
                {USAGE_KINDS.map((k) => (
                  <td>{table.get(p)![k]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Page>,
    );
  });
  return r;
}
