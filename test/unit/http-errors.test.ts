// The edge's one error table (src/http/errors.ts) behind a real Express app: a domain refusal
// becomes its status and code, and an error nobody knows is a 500 whose body says nothing of it
// (no message, no stack) while the log line keeps both.
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { errorHandler } from '../../src/http/errors.ts';
import { DomainError } from '../../src/domain/errors.ts';

const lines: Record<string, unknown>[] = [];
let server: import('node:http').Server;
let base: string;

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const log = pino({ level: 'info' }, sink);
  const app = express();
  app.use((req, _res, next) => {
    req.log = log;
    next();
  });
  app.get('/unknown', () => {
    throw new TypeError('Cannot read properties of undefined (reading "secretColumn")');
  });
  app.get('/not-offered', () => {
    throw new DomainError('not_offered', 'fax_not_configured', 'Faxing is not configured on this server.');
  });
  app.get('/gone', () => {
    throw new DomainError('gone', 'documents_deleted', 'Deleted under the retention policy.');
  });
  app.use(errorHandler);
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

test('an unknown error is a 500 that leaks neither message nor stack, and is logged with both', async () => {
  const r = await fetch(`${base}/unknown`);
  expect(r.status).toBe(500);
  const text = await r.text();
  expect(JSON.parse(text)).toEqual({ error: { code: 'internal_error', message: expect.any(String) } });
  expect(text).not.toMatch(/secretColumn|TypeError|\bat \S+ \(/);
  const logged = lines.find((l) => l.msg === 'unhandled error');
  expect(logged).toMatchObject({ level: 50, err: expect.stringContaining('secretColumn'), stack: expect.stringContaining('TypeError') });
});

test.each([
  ['/not-offered', 503, 'fax_not_configured'],
  ['/gone', 410, 'documents_deleted'],
])('a domain refusal %s maps to %i with its code', async (path, status, code) => {
  const r = await fetch(`${base}${path}`);
  expect(r.status).toBe(status);
  expect((await r.json()).error.code).toBe(code);
});
