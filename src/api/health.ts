// GET /health: no auth; says the process is up and its database answers.
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { describeRoute } from './openapi.ts';

describeRoute({
  method: 'get', path: '/health', tag: 'Service', summary: 'Liveness', auth: false,
  responses: { 200: { description: 'The service is up.', body: z.object({ status: z.literal('ok') }) }, 503: { description: 'The database does not answer.' } },
});

/**
 * How long a database that answered counts as answering. Probes come from load balancers and
 * monitors, sometimes hundreds a second; with embedded PGlite each query runs on the event loop
 * that serves the API, so probes within this window share one query. A failure is not remembered:
 * the next probe asks again.
 */
const ANSWERED_FRESH_MS = 1000;

export function healthRouter(ctx: AppContext): Router {
  const r = Router();
  let answeredAt = -Infinity;
  let asking: Promise<boolean> | undefined;
  const databaseAnswers = (): Promise<boolean> => {
    if (performance.now() - answeredAt < ANSWERED_FRESH_MS) return Promise.resolve(true);
    asking ??= ctx.db
      .$queryRawUnsafe('SELECT 1')
      .then(
        () => {
          answeredAt = performance.now();
          return true;
        },
        () => false,
      )
      .finally(() => {
        asking = undefined;
      });
    return asking;
  };
  r.get('/health', async (_req, res) => {
    if (await databaseAnswers()) res.json({ status: 'ok' });
    else res.status(503).json({ error: { code: 'unavailable', message: 'The database does not answer.' } });
  });
  return r;
}
