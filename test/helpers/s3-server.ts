// A local S3-compatible server for tests: s3rver (pure JavaScript, in-process, starts in
// milliseconds, keeps objects in a folder) behind a gate that adds the one check S3 makes and
// s3rver leaves out: a request body must match the checksum header sent with it
// (x-amz-checksum-crc32 / -sha256, Content-MD5), else 400 BadDigest, as S3 answers. The gate also
// refuses aws-chunked bodies with trailing checksums, which s3rver would store encoded (the store
// must never send them), and answers AbortMultipartUpload, which s3rver lacks, with S3's 204 (the
// abandoned parts stay in the server's folder until it closes).
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import S3rver from '@20minutes/s3rver';

/** s3rver's built-in account; set in the environment so the SDK's default chain finds it. */
export const S3_TEST_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface LocalS3 {
  /** The gate's address: give it to the SDK as the endpoint. */
  endpoint: string;
  /** Requests the gate refused for a checksum mismatch. */
  refused: number;
  close(): Promise<void>;
}

export async function startS3Server(): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'formfill-s3-'));
  // s3rver signs bucket-level requests (CreateBucket, DeleteObjects) over "/bucket" where the SDK
  // signs "/bucket/", so their signatures never match: it is told to accept a mismatch. The access
  // key must still be one it knows (S3_TEST_CREDENTIALS).
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, vhostBuckets: false, allowMismatchedSignatures: true });
  const { port: s3Port } = (await s3.run()) as AddressInfo;
  const local = { endpoint: '', refused: 0 } as LocalS3;
  const gate: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method === 'DELETE' && new URL(req.url ?? '/', 'http://x').searchParams.has('uploadId')) return void res.writeHead(204).end();
      const problem = checkBody(req, body);
      if (problem) {
        local.refused++;
        return answerError(res, problem.status, problem.code, problem.message);
      }
      forward(req, body, s3Port, res);
    });
  });
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  local.endpoint = `http://127.0.0.1:${(gate.address() as AddressInfo).port}`;
  local.close = async () => {
    gate.closeAllConnections();
    await new Promise((r) => gate.close(r));
    await s3.close();
    await rm(directory, { recursive: true, force: true });
  };
  return local;
}

function checkBody(req: IncomingMessage, body: Buffer): { status: number; code: string; message: string } | undefined {
  const h = req.headers;
  if (h['x-amz-trailer'] || String(h['content-encoding'] ?? '').includes('aws-chunked')) {
    return { status: 501, code: 'NotImplemented', message: 'aws-chunked bodies with trailing checksums are not accepted by the test server' };
  }
  const expected: [string | string[] | undefined, () => string][] = [
    [h['x-amz-checksum-crc32'], () => u32(crc32(body)).toString('base64')],
    [h['x-amz-checksum-sha256'], () => createHash('sha256').update(body).digest('base64')],
    [h['content-md5'], () => createHash('md5').update(body).digest('base64')],
  ];
  for (const [sent, actual] of expected) {
    if (sent !== undefined && sent !== actual()) return { status: 400, code: 'BadDigest', message: 'The checksum you specified did not match the calculated checksum.' };
  }
  return undefined;
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};

function forward(req: IncomingMessage, body: Buffer, port: number, res: ServerResponse): void {
  const headers = { ...req.headers };
  delete headers.expect; // the gate already answered 100-continue; not a signed header
  const out = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  out.on('error', (err) => answerError(res, 502, 'InternalError', err.message));
  res.on('close', () => out.destroy());
  out.end(body);
}

function answerError(res: ServerResponse, status: number, code: string, message: string): void {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}
