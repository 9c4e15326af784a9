// A local HTTPS server standing in for agencies' form hosts: a certificate made for this run by
// openssl (trusted through LIBRARY_EXTRA_CA_FILE), and routes scripted per test (a file, a
// changed file, a redirect, a 404, a source that never answers, an oversized file).
import https from 'node:https';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';

export type Route = (req: IncomingMessage, res: ServerResponse) => void;

export async function agencyStub() {
  const dir = await mkdtemp(join(tmpdir(), 'agency-stub-'));
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'], { stdio: 'ignore' });
  const routes = new Map<string, Route>();
  const hits: string[] = [];
  const server = https.createServer({ cert: await readFile(certFile), key: await readFile(keyFile) }, (req, res) => {
    hits.push(req.url!);
    const route = routes.get(req.url!);
    if (route) route(req, res);
    else res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not Found</h1>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `https://localhost:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    certFile,
    routes,
    hits,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export const servePdf = (bytes: () => Uint8Array): Route => (_req, res) => {
  const b = bytes();
  res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': String(b.length) }).end(Buffer.from(b));
};
