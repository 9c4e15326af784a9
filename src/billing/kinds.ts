// The price list names billed actions by what they do (make_fillable, fill_with_context …);
// UsageEvent rows (src/store/usage.ts) use the interface's usage names (create, with_context …).
import type { UsageKind } from '../store/usage.ts';
import type { PriceKind } from '../payments/pricing.ts';

export const USAGE_KIND_OF: Record<PriceKind, UsageKind> = {
  make_fillable: 'create',
  fill_with_context: 'with_context',
  fill: 'standard_fill',
  verify: 'verify',
  read: 'read',
  fax_page: 'fax_page',
};

export const PRICE_KIND_OF = Object.fromEntries(Object.entries(USAGE_KIND_OF).map(([p, u]) => [u, p])) as Record<UsageKind, PriceKind>;
