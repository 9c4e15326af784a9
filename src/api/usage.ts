// GET /usage (§2.8): billed actions of the caller's account this month.
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describeRoute } from './openapi.ts';
import { callerOf } from '../http/auth.ts';
import { getUsage } from '../use-cases/usage/get-usage.ts';

export const UsageSchema = z.object({
  owner: z.string(),
  period: z.string().describe('YYYY-MM (UTC)'),
  create: z.number().int(),
  with_context: z.number().int(),
  standard_fill: z.number().int(),
  verify: z.number().int(),
  read: z.number().int(),
  fax_page: z.number().int(),
});

describeRoute({ method: 'get', path: '/usage', tag: 'Account', summary: 'Billed actions this month', responses: { 200: { description: 'Counts per kind.', body: UsageSchema } } });

export function usageRouter(ctx: AppContext): Router {
  const r = Router();
  r.get('/usage', async (req, res) => {
    res.json(await getUsage(ctx, callerOf(req).accountId));
  });
  return r;
}
