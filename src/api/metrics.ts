// GET /metrics: Prometheus text for an operator's scraper, only with METRICS_TOKEN configured and
// sent as a bearer token (otherwise the path does not exist: 404).
import { timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/errors.ts';

export function metricsRouter(ctx: AppContext): Router {
  const r = Router();
  const token = ctx.config.METRICS_TOKEN;
  if (!token) return r;
  const expected = Buffer.from(`Bearer ${token}`);
  r.get('/metrics', async (req, res) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new ApiError(401, 'invalid_metrics_token', 'Send the metrics token as "Authorization: Bearer …".', {}, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    res.setHeader('Content-Type', ctx.metrics.registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.send(await ctx.metrics.registry.metrics());
  });
  return r;
}
