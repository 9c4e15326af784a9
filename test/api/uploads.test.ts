// §8.1 limits are enforced while the upload streams: the server answers 413 long before a huge
// body has been sent, and keeps serving afterwards.
import http from 'node:http';
import { expect, test } from 'vitest';
import { useServer } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';

const h = useServer();

/** Streams a multipart upload of `total` bytes (chunked, no Content-Length) until the server answers. */
function streamUpload(total: number, headers: Record<string, string> = {}): Promise<{ status: number; body: any; sent: number }> {
  const url = new URL('/forms', h.s.url);
  const boundary = 'xBOUNDARYx';
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${h.key}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, ...headers },
    });
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text), sent }));
    });
    req.on('error', (err) => (answered ? undefined : reject(err)));
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`);
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
}

test('a 1 GB upload is refused with 413 after little more than 10 MB', async () => {
  const r = await streamUpload(1024 * 1024 * 1024);
  expect(r.status).toBe(413);
  expect(r.body.error.code).toBe('file_too_large');
  expect(r.sent).toBeLessThan(100 * 1024 * 1024);
  // The server is still fine.
  expect((await client(h.s.url).get('/health')).status).toBe(200);
});

test('a declared Content-Length over 30 MB is refused before reading the body', async () => {
  const r = await streamUpload(2 * 1024 * 1024, { 'Content-Length': String(40 * 1024 * 1024) });
  expect(r.status).toBe(413);
  expect(r.body.error.code).toBe('request_too_large');
});

test('more than one file in "file" is 413 too_many_files; an unexpected file field is 400', async () => {
  const api = client(h.s.url, h.key);
  const pdf = { bytes: new TextEncoder().encode('%PDF-1.7\n') };
  const two = await api.upload('/forms', { file: [pdf, pdf] });
  expect(two.status).toBe(413);
  expect(two.body.error.code).toBe('too_many_files');
  const other = await api.upload('/forms', { attachment: pdf });
  expect(other.status).toBe(400);
  expect(other.body.error.code).toBe('unexpected_file_field');
});

test('a malformed multipart body is 400', async () => {
  const res = await fetch(`${h.s.url}/forms`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${h.key}`, 'Content-Type': 'multipart/form-data; boundary=abc' },
    body: 'this is not multipart at all',
  });
  expect(res.status).toBe(400);
  expect(((await res.json()) as any).error.code).toMatch(/multipart|missing_file/);
});
