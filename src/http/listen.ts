// The HTTP server's timeouts, the same for `npm start` and for the test servers.
import type { Server } from 'node:http';
import type { Express } from 'express';

/**
 * An idle keep-alive connection is kept for 65 s, longer than clients and load balancers keep
 * theirs (undici about 4 s, AWS ALB 60 s). With Node's default of 5 s a client under load could
 * send its next request on a connection the server had just closed, and see "other side closed".
 */
export const KEEP_ALIVE_MS = 65_000;
/** A request's headers must arrive within this; longer than the keep-alive, as Node requires. */
export const HEADERS_TIMEOUT_MS = KEEP_ALIVE_MS + 1_000;
/** A whole request, body included (a slow 10 MB upload), must arrive within this. */
export const REQUEST_TIMEOUT_MS = 120_000;

export function listen(app: Express, port: number, host: string, onListening?: () => void): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, () => {
      onListening?.();
      resolve(server);
    });
    server.once('error', reject);
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = HEADERS_TIMEOUT_MS;
    server.requestTimeout = REQUEST_TIMEOUT_MS;
  });
}
