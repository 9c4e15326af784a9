// A local stand-in for Telnyx Programmable Fax, speaking its wire protocol: POST /v2/faxes (JSON,
// Bearer key) answers {data: {id, status: 'queued', …}}, or a 5xx, or never (timeout), as a test
// asks; and webhooks signed like Telnyx's (Ed25519 over "<timestamp>|<raw body>", headers
// Telnyx-Signature-Ed25519 and Telnyx-Timestamp) with a key pair made here, sent to the service.
// Tampered, replayed and stale webhooks are built the same way with one thing wrong.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';

export interface StubFax {
  id: string;
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
}

/** How the next POST /v2/faxes is answered: accepted (after `before` ran, when given), a status, or never. */
export type NextAnswer = 'accept' | { before: () => Promise<void> } | { status: number } | 'hang';

export interface WebhookOptions {
  pages?: number;
  reason?: string;
  /** Sign one body, send another. */
  tamper?: boolean;
  /** Unix seconds of Telnyx-Timestamp (default now). */
  timestamp?: number;
  /** Reuse an event id (a replay). */
  eventId?: string;
}

export type WebhookType = 'fax.queued' | 'fax.sending.started' | 'fax.delivered' | 'fax.failed';

export interface TelnyxStub {
  url: string;
  /** Base64 Ed25519 public key, as Telnyx's portal shows it (TELNYX_PUBLIC_KEY). */
  publicKey: string;
  faxes: StubFax[];
  /** What GET /v2/faxes/{id} reports, by provider fax id (default: sending). */
  statuses: Map<string, { status: string; failure_reason?: string }>;
  /** Provider fax ids cancelled through POST /v2/faxes/{id}/actions/cancel. */
  cancelled: string[];
  /** Answers of the next POST /v2/faxes, in order; when empty, accept. */
  answers: NextAnswer[];
  /** The service that receives the webhooks (its real address: PUBLIC_BASE_URL is not it in tests). */
  target: string;
  webhook(fax: StubFax, type: WebhookType, options?: WebhookOptions): Promise<{ status: number; body: unknown; eventId: string }>;
  /** The webhook `webhook` would post, signed, without posting it (use-case tests hand it over themselves). */
  signedWebhook(fax: StubFax, type: WebhookType, options?: WebhookOptions): { body: Buffer; headers: Record<string, string>; eventId: string };
  /** GETs the fax's media_url the way Telnyx would, against the service's real address. */
  fetchMedia(fax: StubFax): Promise<Response>;
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });

export async function startTelnyxStub(): Promise<TelnyxStub> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const hanging = new Set<import('node:http').ServerResponse>();
  const stub = {
    url: '',
    publicKey: raw.toString('base64'),
    faxes: [] as StubFax[],
    cancelled: [] as string[],
    statuses: new Map(),
    answers: [] as NextAnswer[],
    target: '',
  } as TelnyxStub;

  const server: Server = createServer(async (req, res) => {
    const text = await read(req);
    if (req.method === 'POST' && req.url === '/v2/faxes') {
      if (req.headers.authorization !== 'Bearer KEY_test_stub') {
        res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ code: '10009', title: 'Authentication failed' }] }));
        return;
      }
      const answer = stub.answers.shift() ?? 'accept';
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      if (typeof answer === 'object' && 'before' in answer) await answer.before();
      else if (answer !== 'accept') {
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify({ errors: [{ code: String(answer.status), title: 'Stub failure' }] }));
        return;
      }
      const body = JSON.parse(text) as Record<string, unknown>;
      const fax: StubFax = { id: randomUUID(), body, headers: req.headers };
      stub.faxes.push(fax);
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ data: { id: fax.id, record_type: 'fax', status: 'queued', direction: 'outbound', to: body.to, from: body.from, connection_id: body.connection_id, media_url: body.media_url, client_state: body.client_state } }),
      );
      return;
    }
    const get = req.method === 'GET' ? /^\/v2\/faxes\/([0-9a-f-]{36})$/.exec(req.url ?? '') : null;
    if (get && stub.faxes.some((f) => f.id === get[1])) {
      const st = stub.statuses.get(get[1]) ?? { status: 'sending' };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { id: get[1], record_type: 'fax', direction: 'outbound', ...st } }));
      return;
    }
    const cancel = req.method === 'POST' ? /^\/v2\/faxes\/([0-9a-f-]{36})\/actions\/cancel$/.exec(req.url ?? '') : null;
    if (cancel && stub.faxes.some((f) => f.id === cancel[1])) {
      stub.cancelled.push(cancel[1]);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { result: 'ok' } }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  stub.signedWebhook = (fax, type, o = {}) => {
    const eventId = o.eventId ?? randomUUID();
    const event = {
      data: {
        id: eventId,
        event_type: type,
        occurred_at: new Date().toISOString(),
        record_type: 'event',
        payload: {
          fax_id: fax.id,
          client_state: fax.body.client_state,
          connection_id: fax.body.connection_id,
          direction: 'outbound',
          to: fax.body.to,
          from: fax.body.from,
          status: type.replace('fax.', ''),
          ...(o.pages !== undefined ? { page_count: o.pages } : {}),
          ...(o.reason ? { failure_reason: o.reason } : {}),
        },
      },
      meta: { attempt: 1, delivered_to: `${stub.target}/fax/webhooks/telnyx` },
    };
    const body = JSON.stringify(event);
    const timestamp = String(o.timestamp ?? Math.floor(Date.now() / 1000));
    const signature = sign(null, Buffer.from(`${timestamp}|${body}`), privateKey).toString('base64');
    const sent = o.tamper ? body.replace(/"page_count":\d+/, '"page_count":999').replace('fax.failed', 'fax.delivered') : body;
    return { body: Buffer.from(sent), headers: { 'content-type': 'application/json', 'telnyx-signature-ed25519': signature, 'telnyx-timestamp': timestamp }, eventId };
  };
  stub.webhook = async (fax, type, o = {}) => {
    const { body, headers, eventId } = stub.signedWebhook(fax, type, o);
    const r = await fetch(`${stub.target}/fax/webhooks/telnyx`, { method: 'POST', headers, body: body.toString('utf8') });
    return { status: r.status, body: await r.json().catch(() => null), eventId };
  };
  stub.fetchMedia = (fax) => {
    const u = new URL(String(fax.body.media_url));
    return fetch(`${stub.target}${u.pathname}${u.search}`);
  };
  stub.close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  };
  return stub;
}

/** The server settings that send faxes through the stub. */
export const telnyxEnv = (stub: TelnyxStub, extra: Record<string, string> = {}): Record<string, string> => ({
  FAX_PROVIDER: 'telnyx',
  FAX_URL_SECRET: 'test-fax-url-secret-0123456789abcdef0123',
  TELNYX_API_KEY: 'KEY_test_stub',
  TELNYX_FAX_CONNECTION_ID: 'conn_test_1',
  TELNYX_FAX_FROM: '+12025550100',
  TELNYX_PUBLIC_KEY: stub.publicKey,
  TELNYX_API_BASE: `${stub.url}/v2`,
  FAX_RETRY_DELAY_MS: '20',
  FAX_PROVIDER_TIMEOUT_MS: '700',
  ...extra,
});
