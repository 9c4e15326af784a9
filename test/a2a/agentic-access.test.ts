// /agentic-access.json and .yml: one contract for every way in, consistent with the OpenAPI
// document, the price list and the agent card, and linked from /pay/llms.txt and the OpenAPI docs.
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import { client } from '../helpers/http.ts';
import { useServer } from '../helpers/server.ts';

const h = useServer();

test('lists every way in, and every REST path it names is in the OpenAPI document', async () => {
  const open = client(h.s.url);
  const r = await open.get('/agentic-access.json');
  expect(r.status).toBe(200);
  const doc = r.body;
  const base = h.s.ctx.config.PUBLIC_BASE_URL;
  expect(doc.ways_in.mcp).toMatchObject({ url: `${base}/mcp`, auth: { authorization_server_metadata: `${base}/.well-known/oauth-authorization-server`, protected_resource_metadata: `${base}/.well-known/oauth-protected-resource` } });
  expect(doc.ways_in.a2a).toMatchObject({ agent_card: `${base}/.well-known/agent-card.json`, endpoint: `${base}/a2a` });
  expect(doc.ways_in.rest.auth).toMatchObject({ type: 'http', scheme: 'bearer' });

  const openapi = (await open.get('/internal/openapi.json')).body;
  expect(doc.ways_in.rest.endpoints.length).toBeGreaterThan(20);
  for (const e of doc.ways_in.rest.endpoints) expect(openapi.paths[e.path]?.[e.method.toLowerCase()], `${e.method} ${e.path}`).toBeDefined();
  expect(doc.ways_in.rest.endpoints).toContainEqual(expect.objectContaining({ method: 'POST', path: '/forms' }));
  for (const e of doc.ways_in.pay_per_call.endpoints) expect(openapi.paths[e.path]?.post, e.path).toBeDefined();

  const card = (await open.get('/.well-known/agent-card.json', { 'A2A-Version': '1.0' })).body;
  expect(doc.ways_in.a2a.skills.map((s: { id: string }) => s.id)).toEqual(card.skills.map((s: { id: string }) => s.id));
});

test('prices are those of GET /pricing, limits those of the service', async () => {
  const open = client(h.s.url);
  const doc = (await open.get('/agentic-access.json')).body;
  const pricing = (await open.get('/pricing')).body;
  expect(doc.prices).toEqual(pricing);
  for (const e of doc.ways_in.pay_per_call.endpoints) {
    const route = e.path.replace('/pay/', '');
    expect(e.floor_micro_usd).toBe(pricing.pay_per_call.routes[route].floor_micro_usd);
  }
  expect(doc.limits).toMatchObject({ file_bytes: 10 * 1024 * 1024, pages: 100, context_files: 5, batch_rows: 1000 });
});

test('the YAML parses to the same object', async () => {
  const open = client(h.s.url);
  const json = (await open.get('/agentic-access.json')).body;
  const yml = await open.get('/agentic-access.yml');
  expect(yml.status).toBe(200);
  expect(yml.headers.get('content-type')).toContain('yaml');
  expect(parse(Buffer.from(yml.bytes).toString('utf8'))).toEqual(json);
});

test('/pay/llms.txt and both OpenAPI documents link to it', async () => {
  const open = client(h.s.url);
  const base = h.s.ctx.config.PUBLIC_BASE_URL;
  const llms = Buffer.from((await open.get('/pay/llms.txt')).bytes).toString('utf8');
  expect(llms).toContain(`${base}/agentic-access.json`);
  expect((await open.get('/internal/openapi.json')).body.externalDocs.url).toBe(`${base}/agentic-access.json`);
  expect((await open.get('/openapi.json')).body.externalDocs.url).toBe(`${base}/agentic-access.json`);
});
