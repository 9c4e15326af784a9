// The server keeps idle connections longer than clients do, so a client's pooled connection is not
// closed under it between two requests (the cause of "other side closed" on replays under load).
import { afterAll, expect, test } from 'vitest';
import express from 'express';
import { connect } from 'node:net';
import type { Server } from 'node:http';
import { listen, KEEP_ALIVE_MS } from '../../src/http/listen.ts';

let server: Server;
afterAll(() => new Promise((r) => server?.close(r)));

test('an idle keep-alive connection outlives the 5 s Node default and the server says so', async () => {
  const app = express();
  app.get('/ping', (_req, res) => res.send('pong'));
  server = await listen(app, 0, '127.0.0.1');
  expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
  expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  const { port } = server.address() as { port: number };
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (c) => (received += c.toString()));
  socket.write('GET /ping HTTP/1.1\r\nHost: x\r\n\r\n');
  await new Promise((r) => setTimeout(r, 300));
  expect(received).toMatch(/Keep-Alive: timeout=65/);
  expect(received).toMatch(/pong$/);
  // Still open well after the request: the connection is kept, not closed by the server.
  await new Promise((r) => setTimeout(r, 5_500));
  expect(socket.destroyed).toBe(false);
  socket.write('GET /ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  await new Promise((r) => socket.on('close', r));
  expect(received.match(/pong/g)).toHaveLength(2);
}, 15_000);
