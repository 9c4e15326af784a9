// A local stand-in for Stripe's HTTP API, enough for the real `stripe` SDK (pointed at it with
// STRIPE_API_BASE) and mppx's Stripe method: form-encoded v1 and JSON v2 bodies, idempotency keys
// (a replay answers the first response with `idempotent-replayed: true`), PaymentIntents,
// refunds, billing meter events and adjustments, v2 meter event sessions/streams, customers'
// payment methods, customers, Checkout sessions in setup mode and Customer Portal sessions (with
// the hosted pages a browser is sent to: completing the stub's Checkout page attaches a card to
// the customer and returns to success_url), and a switch that makes matching requests answer 500.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface StubRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  status: number;
}

export interface StubPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_refunded: number;
  currency: string;
  status: string;
  metadata: Record<string, string>;
  shared_payment_granted_token?: string;
}

export interface StubCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  customer: string | null;
  client_reference_id: string | null;
  status: 'open' | 'complete';
  success_url: string;
  cancel_url: string;
  url: string;
}

export interface StripeStub {
  url: string;
  requests: StubRequest[];
  paymentIntents: Map<string, StubPaymentIntent>;
  refunds: { id: string; payment_intent: string; amount: number; metadata: Record<string, string> }[];
  /** Meter events by identifier (a repeated identifier is counted in `duplicateMeterEvents`). */
  meterEvents: Map<string, { event_name: string; identifier: string; payload: Record<string, string>; timestamp?: number }>;
  duplicateMeterEvents: number;
  adjustments: { event_name: string; identifier: string }[];
  /** Payment methods attached to each customer (GET /v1/customers/:id/payment_methods). */
  paymentMethods: Map<string, string[]>;
  customers: Map<string, { id: string; email?: string; metadata: Record<string, string> }>;
  checkoutSessions: Map<string, StubCheckoutSession>;
  portalSessions: Map<string, { id: string; customer: string; return_url: string; url: string }>;
  /** While set, requests whose path matches answer 500 (true: every request). */
  outage: RegExp | boolean;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `a[b][c]=1&x[0]=y` → { a: { b: { c: '1' } }, x: { 0: 'y' } }, like Stripe's decoder. */
export function decodeForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node = out;
    for (let i = 0; i < parts.length - 1; i++) node = (node[parts[i]] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]] = value;
  }
  return out;
}

export async function startStripeStub(): Promise<StripeStub> {
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const stub: Omit<StripeStub, 'url' | 'close'> = {
    requests: [],
    paymentIntents: new Map(),
    refunds: [],
    meterEvents: new Map(),
    duplicateMeterEvents: 0,
    adjustments: [],
    paymentMethods: new Map(),
    customers: new Map(),
    checkoutSessions: new Map(),
    portalSessions: new Map(),
    outage: false,
  };
  let base = '';

  const route = (method: string, path: string, body: Record<string, unknown>): { status: number; body: unknown } => {
    const error = (status: number, type: string, message: string, code?: string) => ({ status, body: { error: { type, message, ...(code ? { code } : {}) } } });
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/payment_intents') {
      const token = String(body.shared_payment_granted_token ?? '');
      if (!token.startsWith('spt_')) return error(400, 'invalid_request_error', 'No such shared payment token.', 'resource_missing');
      if (token.startsWith('spt_decline')) return error(402, 'card_error', 'Your card was declined.', 'card_declined');
      const pi: StubPaymentIntent = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(body.amount),
        amount_refunded: 0,
        currency: String(body.currency),
        status: body.confirm === 'true' ? 'succeeded' : 'requires_confirmation',
        metadata: (body.metadata ?? {}) as Record<string, string>,
        shared_payment_granted_token: token,
      };
      stub.paymentIntents.set(pi.id, pi);
      return { status: 200, body: pi };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const pi = stub.paymentIntents.get(m[1]);
      return pi ? { status: 200, body: pi } : error(404, 'invalid_request_error', `No such payment_intent: '${m[1]}'`, 'resource_missing');
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = stub.paymentIntents.get(String(body.payment_intent));
      if (!pi) return error(400, 'invalid_request_error', 'No such payment_intent.', 'resource_missing');
      const amount = body.amount === undefined ? pi.amount - pi.amount_refunded : Number(body.amount);
      if (amount > pi.amount - pi.amount_refunded) return error(400, 'invalid_request_error', 'Refund amount is greater than the unrefunded amount.', 'amount_too_large');
      pi.amount_refunded += amount;
      const refund = { id: id('re'), object: 'refund', payment_intent: pi.id, amount, status: 'succeeded', metadata: (body.metadata ?? {}) as Record<string, string> };
      stub.refunds.push(refund);
      return { status: 200, body: refund };
    }
    if (method === 'POST' && path === '/v1/billing/meter_events') {
      const identifier = String(body.identifier ?? id('mev'));
      if (stub.meterEvents.has(identifier)) stub.duplicateMeterEvents++;
      const event = { event_name: String(body.event_name), identifier, payload: body.payload as Record<string, string>, timestamp: body.timestamp ? Number(body.timestamp) : undefined };
      stub.meterEvents.set(identifier, event);
      return { status: 200, body: { object: 'billing.meter_event', created: Math.floor(Date.now() / 1000), livemode: false, ...event } };
    }
    if (method === 'POST' && path === '/v1/billing/meter_event_adjustments') {
      const cancel = body.cancel as { identifier?: string } | undefined;
      const adj = { event_name: String(body.event_name), identifier: String(cancel?.identifier) };
      stub.adjustments.push(adj);
      return { status: 200, body: { object: 'billing.meter_event_adjustment', id: id('mea'), status: 'pending', type: 'cancel', cancel: { identifier: adj.identifier }, event_name: adj.event_name, livemode: false } };
    }
    if (method === 'POST' && path === '/v2/billing/meter_event_session') {
      return { status: 200, body: { object: 'v2.billing.meter_event_session', id: id('mes'), authentication_token: id('tok'), expires_at: new Date(Date.now() + 900_000).toISOString(), livemode: false } };
    }
    if (method === 'POST' && path === '/v2/billing/meter_event_stream') {
      for (const e of (body.events ?? []) as { event_name: string; identifier: string; payload: Record<string, string> }[]) {
        if (stub.meterEvents.has(e.identifier)) stub.duplicateMeterEvents++;
        stub.meterEvents.set(e.identifier, e);
      }
      return { status: 200, body: {} };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/customers\/([^/]+)\/payment_methods$/))) {
      const data = (stub.paymentMethods.get(m[1]) ?? []).map((pm) => ({ id: pm, object: 'payment_method', type: 'card', customer: m![1] }));
      return { status: 200, body: { object: 'list', data, has_more: false, url: path } };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: body.email as string | undefined, metadata: (body.metadata ?? {}) as Record<string, string> };
      stub.customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (body.mode !== 'setup') return error(400, 'invalid_request_error', 'The stub speaks setup mode only.');
      const sid = id('cs_test');
      const session: StubCheckoutSession = {
        id: sid,
        object: 'checkout.session',
        mode: 'setup',
        customer: (body.customer as string) ?? null,
        client_reference_id: (body.client_reference_id as string) ?? null,
        status: 'open',
        success_url: String(body.success_url),
        cancel_url: String(body.cancel_url),
        url: `${base}/checkout/${sid}`,
      };
      stub.checkoutSessions.set(sid, session);
      return { status: 200, body: session };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = stub.checkoutSessions.get(m[1]);
      return session ? { status: 200, body: session } : error(404, 'invalid_request_error', `No such checkout.session: '${m[1]}'`, 'resource_missing');
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!stub.customers.has(String(body.customer))) return error(400, 'invalid_request_error', 'No such customer.', 'resource_missing');
      const pid = id('bps');
      const portal = { id: pid, object: 'billing_portal.session', customer: String(body.customer), return_url: String(body.return_url), url: `${base}/portal/${pid}` };
      stub.portalSessions.set(pid, portal);
      return { status: 200, body: portal };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  };

  /** The hosted pages: Checkout (a button that saves a card) and the Customer Portal. */
  const hosted = (method: string, path: string): { status: number; headers: Record<string, string>; body: string } | null => {
    let m: RegExpMatchArray | null;
    const html = (title: string, inner: string) => ({ status: 200, headers: { 'Content-Type': 'text/html' }, body: `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${inner}</main></body></html>` });
    if ((m = path.match(/^\/checkout\/([^/]+)(\/complete)?$/))) {
      const session = stub.checkoutSessions.get(m[1]);
      if (!session) return { status: 404, headers: {}, body: 'no such session' };
      if (method === 'GET') return html('Stripe Checkout (stub)', `<form method="post" action="/checkout/${session.id}/complete"><button type="submit">Save card</button></form>`);
      session.status = 'complete';
      if (session.customer) stub.paymentMethods.set(session.customer, [...(stub.paymentMethods.get(session.customer) ?? []), id('pm')]);
      return { status: 303, headers: { Location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) }, body: '' };
    }
    if ((m = path.match(/^\/portal\/([^/]+)$/)) && method === 'GET') {
      const portal = stub.portalSessions.get(m[1]);
      if (!portal) return { status: 404, headers: {}, body: 'no such session' };
      return html('Stripe Customer Portal (stub)', `<p>Payment methods of ${portal.customer}</p><a href="${portal.return_url}">Return</a>`);
    }
    return null;
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://stub');
      const type = req.headers['content-type'] ?? '';
      let body: Record<string, unknown> = {};
      if (raw) body = type.includes('json') ? JSON.parse(raw) : decodeForm(raw);
      else if (req.method === 'GET') body = decodeForm(url.search.slice(1));
      const method = req.method ?? 'GET';
      const path = url.pathname;
      const page = hosted(method, path);
      if (page) {
        stub.requests.push({ method, path, headers: req.headers, body, status: page.status });
        res.writeHead(page.status, page.headers);
        return res.end(page.body);
      }
      const headers: Record<string, string> = { 'Content-Type': 'application/json', 'Request-Id': id('req') };
      let answer: { status: number; body: unknown };
      const down = stub.outage === true || (stub.outage instanceof RegExp && stub.outage.test(path));
      const key = req.headers['idempotency-key'];
      const cacheKey = typeof key === 'string' && method === 'POST' ? `${path} ${key}` : undefined;
      if (down) {
        answer = { status: 500, body: { error: { type: 'api_error', message: 'Stripe stub outage.' } } };
      } else if (cacheKey && idempotent.has(cacheKey)) {
        answer = idempotent.get(cacheKey)!;
        headers['Idempotent-Replayed'] = 'true';
      } else {
        answer = route(method, path, body);
        if (cacheKey && answer.status < 500) idempotent.set(cacheKey, answer);
      }
      stub.requests.push({ method, path, headers: req.headers, body, status: answer.status });
      if (typeof key === 'string') headers['Idempotency-Key'] = key;
      res.writeHead(answer.status, headers);
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
