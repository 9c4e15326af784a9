// GET /health: no auth; says the process is up and its database answers.
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describeRoute } from './openapi.ts';

describeRoute({
  method: 'get', path: '/health', tag: 'Service', summary: 'Liveness', auth: false,
  responses: { 200: { description: 'The service is up.', body: z.object({ status: z.literal('ok') }) }, 503: { description: 'The database does not answer.' } },
});

export function healthRouter(ctx: AppContext): Router {
  const r = Router();
  r.get('/health', async (_req, res) => {
    try {
      await ctx.db.$queryRawUnsafe('SELECT 1');
      res.json({ status: 'ok' });
    } catch {
      res.status(503).json({ error: { code: 'unavailable', message: 'The database does not answer.' } });
    }
  });
  return r;
}
