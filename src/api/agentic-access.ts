// GET /agentic-access.json and /agentic-access.yml: one machine-readable contract telling an agent
// every way in (REST with an API key, MCP with OAuth, A2A, pay per call), built from the same
// sources as the rest of the service: the OpenAPI routes (describeRoute), the price list, the
// payment doors, the A2A skills and the limits. The YAML is the same object.
import { Router } from 'express';
import { z } from 'zod';
import { stringify } from 'yaml';
import type { AppContext } from '../context.ts';
import { buildOpenApi, describeRoute } from './openapi.ts';
import { pricingDocument } from './pricing.ts';
import { liveRoutes } from './pay.ts';
import { LIMITS } from '../limits.ts';
import { SERVICE_VERSION } from '../version.ts';
import { paymentDoors } from '../payments/doors.ts';
import { centsToUsd, microsToUsd, priceList } from '../payments/pricing.ts';
import { A2A_PATH, AGENT_CARD_PATH } from '../a2a/card.ts';
import { SKILLS } from '../a2a/skills.ts';

export const AGENTIC_ACCESS_PATH = '/agentic-access.json';
/** Routes that are about the service rather than part of the keyed REST API. */
const NOT_REST = /^\/(pay\/|pricing$|openapi\.json$|agentic-access|health$|billing\/)/;

for (const [path, type] of [[AGENTIC_ACCESS_PATH, 'JSON'], ['/agentic-access.yml', 'YAML']] as const) {
  describeRoute({
    method: 'get', path, tag: 'Discovery', auth: false, summary: `Every way in for agents (${type})`,
    description: 'REST with an API key, MCP with OAuth, the A2A agent and pay per call: endpoints, authentication, prices and limits in one document.',
    responses: { 200: { description: `The contract as ${type}.`, ...(type === 'JSON' ? { body: z.object({ agentic_access_version: z.string() }).catchall(z.unknown()) } : {}) } },
  });
}

export function agenticAccessDocument(ctx: AppContext) {
  const base = ctx.config.PUBLIC_BASE_URL;
  const openapi = buildOpenApi(base, SERVICE_VERSION);
  const doors = paymentDoors(ctx.config);
  const list = priceList();
  const bearer = { type: 'http', scheme: 'bearer', format: 'sk_live_ followed by 32 letters and digits', obtain: `${base}/dashboard (API keys)` };
  const rest = Object.entries(openapi.paths).flatMap(([path, ops]) =>
    NOT_REST.test(path) ? [] : Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, summary: (op as { summary: string }).summary })),
  );
  return {
    agentic_access_version: '1',
    service: {
      name: 'Form-filling service',
      version: SERVICE_VERSION,
      base_url: base,
      description: 'Turns flat or scanned PDF forms into fillable ones, fills them from values or supporting documents, verifies and reads them, fills batches, searches a library of blank forms, faxes and edits pages.',
      documents: { openapi: `${base}/internal/openapi.json`, reference: `${base}/docs`, pay_per_call_manifest: `${base}/openapi.json`, pay_per_call_guide: `${base}/pay/llms.txt`, pricing: `${base}/pricing`, yaml: `${base}/agentic-access.yml` },
    },
    ways_in: {
      rest: {
        base_url: base,
        auth: bearer,
        openapi: `${base}/internal/openapi.json`,
        errors: '{"error": {"code": "snake_case", "message": "…"}}; 402 bodies add detail {code, message, billing_url}',
        idempotency: `Idempotency-Key header on job-creating endpoints: per account, ${LIMITS.idempotencyHours} hours`,
        endpoints: rest,
      },
      mcp: {
        url: `${base}/mcp`,
        transport: 'streamable-http',
        auth: {
          type: 'oauth2',
          flow: 'authorization_code with PKCE (S256); dynamic client registration',
          authorization_server_metadata: `${base}/.well-known/oauth-authorization-server`,
          protected_resource_metadata: `${base}/.well-known/oauth-protected-resource`,
          resource: `${base}/mcp`,
          also_accepted: 'an account API key as Authorization: Bearer, for clients configured with a static header',
        },
      },
      a2a: {
        agent_card: `${base}${AGENT_CARD_PATH}`,
        endpoint: `${base}${A2A_PATH}`,
        transport: 'JSONRPC',
        protocol_versions: ['1.0', '0.3'],
        auth: bearer,
        capabilities: { streaming: true, push_notifications: 'signed like callbacks: X-Service-Signature = sha256=HMAC(account callback secret, body)' },
        skills: SKILLS.map((s) => ({ id: s.id, name: s.name, rest_twin: s.rest })),
        billing: 'each skill is billed like its REST twin',
      },
      pay_per_call: {
        auth: 'none: answer the 402 challenge with a payment credential and resend the same request',
        protocols: {
          x402: doors.x402 ? { version: 2, scheme: 'exact', network: doors.x402.settings.network, asset: doors.x402.settings.asset, credential_header: 'PAYMENT-SIGNATURE', challenge_header: 'PAYMENT-REQUIRED' } : null,
          mpp: doors.mpp ? { method: 'stripe', intent: 'charge', credential_header: 'Authorization: Payment', challenge_header: 'WWW-Authenticate: Payment', card_minimum_usd: centsToUsd(list.pay_per_call.card_minimum_cents) } : null,
        },
        manifest: `${base}/openapi.json`,
        guide: `${base}/pay/llms.txt`,
        quote: { method: 'POST', path: '/pay/quote', body: '{"pages": n, "fillable": bool} or {"library_id": id}', price: 'free' },
        endpoints: liveRoutes(ctx).map((d) => {
          const spec = list.pay_per_call.routes[d.route];
          return { method: 'POST', path: `/pay/${d.route}`, summary: d.summary, kinds: spec.kinds, price_from_usd: microsToUsd(spec.floor), floor_micro_usd: spec.floor };
        }),
        ceiling_usd: microsToUsd(list.pay_per_call.ceiling),
        retention: 'always ephemeral',
      },
    },
    prices: pricingDocument(),
    limits: {
      file_bytes: LIMITS.fileBytes,
      request_bytes: LIMITS.requestBytes,
      pages: LIMITS.pages,
      context_files: LIMITS.contextFiles,
      free_tier_page_cap: LIMITS.freeTierPageCap,
      batch_rows: LIMITS.batchRows,
      value_bytes: LIMITS.valueBytes,
      idempotency_hours: LIMITS.idempotencyHours,
      requests_per_minute_per_account: ctx.config.RATE_LIMIT_PER_MINUTE,
      requests_per_minute_per_ip: ctx.config.RATE_LIMIT_IP_PER_MINUTE,
    },
  };
}

export function agenticAccessRouter(ctx: AppContext): Router {
  const r = Router();
  let json: ReturnType<typeof agenticAccessDocument> | undefined;
  const doc = () => (json ??= agenticAccessDocument(ctx));
  r.get('/agentic-access.json', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(doc());
  });
  r.get('/agentic-access.yml', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/yaml; charset=utf-8').send(stringify(doc()));
  });
  return r;
}
