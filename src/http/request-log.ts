// One structured log line per request: method, path, status, duration, account. No bodies,
// no headers (keys and payment credentials live there). The duration also goes to the latency
// histogram, labelled by route pattern (not path: ids would make a series per resource).
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Metrics } from '../metrics.ts';

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    log: Logger;
  }
}

export function requestLog(log: Logger, metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    req.id = randomUUID();
    req.log = log.child({ req_id: req.id });
    res.setHeader('X-Request-Id', req.id);
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      req.log.info({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms), account: req.caller?.accountId }, 'request');
      const route = (req.route as { path?: string } | undefined)?.path ?? 'unmatched';
      metrics.requests.observe({ method: req.method, route: String(route), status: String(res.statusCode) }, ms / 1000);
    });
    next();
  };
}
