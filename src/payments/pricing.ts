// The price list (pricing/prices.json), validated once at load, and the price arithmetic every
// part of the service shares: GET /pricing, POST /pay/quote, the 402 gate and account billing.
// Money is integer micro-dollars (1 USD = 1 000 000 = the atomic unit of 6-decimal USDC).
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export const PRICE_KINDS = ['make_fillable', 'fill_with_context', 'fill', 'verify', 'read', 'fax_page'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

export const PAY_ROUTES = ['make-fillable', 'fill-with-context', 'fill', 'read', 'fax', 'library-create'] as const;
export type PayRoute = (typeof PAY_ROUTES)[number];

const Micros = z.number().int().min(0).max(2_000_000_000);

const KindPriceSchema = z.object({
  description: z.string(),
  /** Price of one action covering up to `included_pages` pages. */
  base: Micros,
  included_pages: z.number().int().min(0),
  per_extra_page: Micros,
});

const RoutePriceSchema = z.object({
  kinds: z.array(z.enum(PRICE_KINDS)).min(1),
  /** The route works on a fillable PDF: a flat upload adds the make_fillable price. */
  needs_fillable: z.boolean().default(false),
  /** "Price from" (§4.9): no call costs less. */
  floor: Micros,
});

const perKind = <T extends z.ZodType>(value: T) => z.object(Object.fromEntries(PRICE_KINDS.map((k) => [k, value])) as Record<PriceKind, T>);

export const PriceListSchema = z
  .object({
    $comment: z.string().optional(),
    version: z.string().min(1),
    currency: z.literal('usd'),
    unit: z.literal('micro_usd'),
    kinds: perKind(KindPriceSchema),
    accounts: z.object({
      $comment: z.string().optional(),
      monthly_free_allowance: perKind(z.number().int().min(0)),
      free_tier_page_cap: z.number().int().min(1),
      page_capped_kinds: z.array(z.enum(PRICE_KINDS)),
    }),
    pay_per_call: z.object({
      $comment: z.string().optional(),
      ceiling: Micros,
      card_minimum_cents: z.number().int().min(0),
      routes: z.object(Object.fromEntries(PAY_ROUTES.map((r) => [r, RoutePriceSchema])) as Record<PayRoute, typeof RoutePriceSchema>),
    }),
  })
  .superRefine((list, ctx) => {
    for (const route of PAY_ROUTES) {
      const r = list.pay_per_call.routes[route];
      if (r.floor > list.pay_per_call.ceiling) ctx.addIssue({ code: 'custom', path: ['pay_per_call', 'routes', route, 'floor'], message: 'floor above the ceiling' });
    }
  });

export type PriceList = z.infer<typeof PriceListSchema>;

export function loadPriceList(path: string | URL = new URL('../../pricing/prices.json', import.meta.url)): PriceList {
  const parsed = PriceListSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid price list ${String(path)}: ${problems}`);
  }
  return parsed.data;
}

/** The service's price list, loaded (and validated) on first use. */
let cached: PriceList | undefined;
export function priceList(): PriceList {
  cached ??= loadPriceList();
  return cached;
}

/** One action of `kind` on a document of `pages` pages. */
export function kindPrice(list: PriceList, kind: PriceKind, pages: number): number {
  const k = list.kinds[kind];
  return k.base + Math.max(0, pages - k.included_pages) * k.per_extra_page;
}

export interface Quote {
  route: PayRoute;
  pages: number;
  fillable: boolean;
  /** The exact price in micro-dollars = USDC atomic units (what x402 charges). */
  micros: number;
  /** The card amount: micro-dollars rounded up to the cent (what MPP/Stripe charges). */
  cents: number;
  /** False below Stripe's card minimum: only x402 is offered then. */
  cardAllowed: boolean;
  /** How the price was reached, for people and agents. */
  breakdown: { kind: PriceKind; micros: number }[];
  floorApplied: boolean;
  ceilingApplied: boolean;
}

/** The exact pay-per-call price of `route` for a document of `pages` pages. */
export function quote(list: PriceList, route: PayRoute, pages: number, fillable: boolean): Quote {
  if (!Number.isInteger(pages) || pages < 1) throw new RangeError('pages must be a positive integer');
  const spec = list.pay_per_call.routes[route];
  const kinds: PriceKind[] = [...spec.kinds];
  if (spec.needs_fillable && !fillable) kinds.unshift('make_fillable');
  const breakdown = kinds.map((kind) => ({ kind, micros: kindPrice(list, kind, pages) }));
  const sum = breakdown.reduce((a, b) => a + b.micros, 0);
  const floored = Math.max(sum, spec.floor);
  const micros = Math.min(floored, list.pay_per_call.ceiling);
  const cents = Math.ceil(micros / 10_000);
  return {
    route,
    pages,
    fillable,
    micros,
    cents,
    cardAllowed: cents >= list.pay_per_call.card_minimum_cents,
    breakdown,
    floorApplied: floored > sum,
    ceilingApplied: micros < floored,
  };
}

/** "0.06" for 60000 micro-dollars: exact, no floats. */
export function microsToUsd(micros: number): string {
  const whole = Math.floor(micros / 1_000_000);
  const frac = String(micros % 1_000_000).padStart(6, '0').replace(/0+$/, '');
  return `${whole}.${frac.padEnd(2, '0')}`;
}

/** "0.06" for 6 cents. */
export const centsToUsd = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
