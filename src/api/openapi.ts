// The OpenAPI document, built from the zod schemas the routers validate with: each router
// describes its routes with `describeRoute`, next to the handler, and this module assembles them.
import { z } from 'zod';
import { ErrorBodySchema } from '../http/errors.ts';

type Method = 'get' | 'post' | 'put' | 'delete';

export interface RouteDoc {
  method: Method;
  /** Express-style path; `:id` becomes `{id}`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** false for the few routes that need no key. */
  auth?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  json?: z.ZodType;
  /** Multipart body: field name → schema (files are `{type: string, format: binary}`). */
  multipart?: { fields: Record<string, z.ZodType | 'file' | 'files'>; required: string[] };
  headers?: Record<string, { description: string; required?: boolean }>;
  /** status → description and body; `pdf` / `zip` for binary downloads. */
  responses: Record<number, { description: string; body?: z.ZodType | 'pdf' | 'zip' }>;
}

const routes: RouteDoc[] = [];

export function describeRoute(doc: RouteDoc): RouteDoc {
  routes.push(doc);
  return doc;
}

const schema = (s: z.ZodType) => z.toJSONSchema(s, { unrepresentable: 'any', io: 'output' }) as Record<string, unknown>;

const STANDARD_ERRORS: Record<number, string> = {
  401: 'Missing, malformed, unknown, disabled or revoked API key.',
  429: 'Rate limit exceeded; see Retry-After and RateLimit headers.',
};

export function buildOpenApi(baseUrl: string, serviceVersion: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const [name, s] of Object.entries(r.params?.shape ?? {})) parameters.push({ name, in: 'path', required: true, schema: schema(s as z.ZodType) });
    for (const [name, s] of Object.entries(r.query?.shape ?? {})) parameters.push({ name, in: 'query', required: !(s as z.ZodType).safeParse(undefined).success, schema: schema(s as z.ZodType) });
    for (const [name, h] of Object.entries(r.headers ?? {})) parameters.push({ name, in: 'header', required: h.required ?? false, description: h.description, schema: { type: 'string' } });

    const responses: Record<string, unknown> = {};
    const all = { ...(r.auth === false ? {} : STANDARD_ERRORS), ...Object.fromEntries(Object.entries(r.responses).map(([k, v]) => [k, v.description])) };
    for (const [status, description] of Object.entries(all)) {
      const body = r.responses[Number(status)]?.body;
      let content: unknown;
      if (body === 'pdf') content = { 'application/pdf': { schema: { type: 'string', format: 'binary' } } };
      else if (body === 'zip') content = { 'application/zip': { schema: { type: 'string', format: 'binary' } } };
      else if (body) content = { 'application/json': { schema: schema(body) } };
      else if (Number(status) >= 400) content = { 'application/json': { schema: schema(ErrorBodySchema) } };
      responses[status] = content ? { description, content } : { description };
    }

    // A route may take either body (multipart with files, or JSON without): both content types.
    const bodies: Record<string, unknown> = {};
    if (r.json) bodies['application/json'] = { schema: schema(r.json) };
    if (r.multipart) {
      const properties: Record<string, unknown> = {};
      for (const [name, s] of Object.entries(r.multipart.fields)) {
        properties[name] = s === 'file' ? { type: 'string', format: 'binary' } : s === 'files' ? { type: 'array', items: { type: 'string', format: 'binary' } } : schema(s);
      }
      bodies['multipart/form-data'] = { schema: { type: 'object', properties, required: r.multipart.required } };
    }
    const requestBody = Object.keys(bodies).length ? { required: true, content: bodies } : undefined;
    (paths[path] ??= {})[r.method] = {
      summary: r.summary,
      ...(r.description ? { description: r.description } : {}),
      tags: [r.tag],
      ...(r.auth === false ? { security: [] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Form-filling service',
      version: serviceVersion,
      description:
        'Turns flat or scanned PDF forms into fillable ones, fills, verifies and reads them. ' +
        'Every endpoint except GET /health needs `Authorization: Bearer sk_live_…`. Errors have one shape: ' +
        '`{"error": {"code": "snake_case", "message": "…"}}`. Job-creating endpoints accept an `Idempotency-Key` header ' +
        '(account-scoped, 24 hours): the same key and request answer 200 with the original response; the same key with a different request answers 422.',
    },
    servers: [{ url: baseUrl }],
    externalDocs: { url: `${baseUrl}/agentic-access.json`, description: 'Every way in for agents: REST, MCP (OAuth), A2A and pay per call, with prices and limits (also as /agentic-access.yml).' },
    components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'sk_live_ followed by 32 letters and digits' } } },
    security: [{ apiKey: [] }],
    paths,
  };
}
