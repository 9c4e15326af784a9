// The library through the other doors (issue #20 §4): pay per call (search free, creating priced
// as one make-fillable of the blank, x402 on a local chain), MCP (the SDK client) and A2A (the SDK
// client), each answering and billing as its REST twin. The agencies' host is a local HTTPS stub.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Role, TaskState, type Message, type Part, type Task } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { agencyStub, servePdf } from '../helpers/agency-stub.ts';
import { client } from '../helpers/http.ts';
import { decodeB64Json, formPdf, json, startPayWorld, x402Fetch, type PayWorld } from '../payments/helpers.ts';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let stub: Awaited<ReturnType<typeof agencyStub>>;
let catalogDir: string;
let w: PayWorld;
let blank: Uint8Array;

beforeAll(async () => {
  blank = await formPdf(6, 'library-doors'); // fillable, 6 pages: one page over the included five
  stub = await agencyStub();
  stub.routes.set('/forms/xa-1.pdf', servePdf(() => blank));
  catalogDir = await mkdtemp(join(tmpdir(), 'catalog-'));
  await writeFile(join(catalogDir, 'xa.json'), JSON.stringify({
    agency: 'XA', agency_name: 'Example Agency', hosts: ['localhost'], source: 'a listing made up for this test',
    forms: [
      { number: 'XA-1', title: 'Application for a Garden Permit', url: `${stub.origin}/forms/xa-1.pdf`, category: 'benefits', keywords: ['garden'] },
      { number: 'XA-3', title: 'Withdrawn Notice of Pond', url: `${stub.origin}/forms/gone.pdf`, category: 'other' },
    ],
  }));
  w = await startPayWorld({
    x402: true,
    env: { LIBRARY_CATALOG_DIR: catalogDir, LIBRARY_ALLOW_LOOPBACK: 'true', LIBRARY_EXTRA_CA_FILE: stub.certFile, LIBRARY_FETCH_TIMEOUT_MS: '1500', RATE_LIMIT_PER_MINUTE: '100000' },
  });
  w.s.ctx.config.PUBLIC_BASE_URL = w.s.url; // the A2A card names the real port
  await w.chain!.mint(w.chain!.accounts.payer.address, 5_000_000n);
}, 90_000);
afterAll(async () => {
  await w?.close();
  await stub?.close();
  await rm(catalogDir, { recursive: true, force: true });
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${w.s.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('pay per call', () => {
  test('/pay/quote prices a library blank as make-fillable prices the same file', async () => {
    const byId = await json(await post('/pay/quote', { library_id: 'xa-xa1' }));
    const byPages = await json(await post('/pay/quote', { pages: 6, fillable: true }));
    expect(byId).toMatchObject({ pages: 6, fillable: true, library: { library_id: 'xa-xa1', sha256: sha(blank) } });
    expect(byId.routes['library-create']).toMatchObject({ path: '/pay/library-create', available: true, micro_usd: 60_000 });
    expect(byId.routes['library-create'].micro_usd).toBe(byPages.routes['make-fillable'].micro_usd);
    expect((await post('/pay/quote', { library_id: 'nope' })).status).toBe(404);
  }, 90_000);

  test('without a credential: 402 for the blank, bound to its hash; bad ids refused before any quote', async () => {
    const r = await post('/pay/library-create', { library_id: 'xa-xa1' });
    expect(r.status).toBe(402);
    expect((await json(r)).quote).toMatchObject({ route: 'library-create', pages: 6, fillable: true, document_sha256: sha(blank), amount: { micro_usd: 60_000 } });
    expect(decodeB64Json(r.headers.get('payment-required')).accepts[0]).toMatchObject({ amount: '60000' });
    const unknown = await post('/pay/library-create', { library_id: 'nope' });
    expect(unknown.status).toBe(404);
    const gone = await post('/pay/library-create', { library_id: 'xa-xa3' });
    expect(gone.status).toBe(502);
    expect((await json(gone)).error).toMatchObject({ code: 'source_error', source: new URL(stub.origin).host });
    expect((await post('/pay/library-create', {})).status).toBe(400);
  }, 90_000);

  test('paid with x402: the contract and the fillable blank, the quoted amount settled, nothing kept', async () => {
    const before = await w.chain!.balanceOf(w.chain!.accounts.payer.address);
    const payer = x402Fetch(w.chain!, w.chain!.accounts.payer);
    const r = await payer.fetch(`${w.s.url}/pay/library-create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ library_id: 'xa-xa1' }) });
    expect(r.status).toBe(200);
    expect(decodeB64Json(r.headers.get('payment-response'))).toMatchObject({ success: true });
    const body = await json(r);
    expect(body).toMatchObject({ library_id: 'xa-xa1', revision: { sha256: sha(blank), page_count: 6, fillable: true }, contract: { page_count: 6, field_count: 2 } });
    expect(body.fillable_pdf.sha256).toBe(sha(blank)); // already fillable: the blank itself
    expect(before - (await w.chain!.balanceOf(w.chain!.accounts.payer.address))).toBe(60_000n);
    expect(await w.s.ctx.db.payment.findFirst({ where: { route: 'library-create', status: 'succeeded' } })).toMatchObject({ amountMicros: 60_000, documentSha256: sha(blank), pages: 6 });
    expect(await w.s.ctx.db.form.count()).toBe(0); // these run before the MCP and A2A ones
  }, 90_000);

  test('the pay-per-call manifest and guide offer search (free) and library-create (JSON body)', async () => {
    const doc = await (await fetch(`${w.s.url}/openapi.json`)).json();
    expect(doc.paths['/library/search'].get).toBeDefined();
    const op = doc.paths['/pay/library-create'].post;
    expect(Object.keys(op.requestBody.content)).toEqual(['application/json']);
    expect(op['x-payment-info']).toMatchObject({ price_from_usd: '0.05', pricing: { route: 'library-create', kinds: { make_fillable: { base: 50_000 } } } });
    const guide = await (await fetch(`${w.s.url}/pay/llms.txt`)).text();
    expect(guide).toContain(`POST ${w.s.ctx.config.PUBLIC_BASE_URL}/pay/library-create (JSON: {"library_id"`);
    expect(guide).toContain('/library/search?q=');
  }, 90_000);
});

describe('MCP', () => {
  async function connect(key: string): Promise<Client> {
    const c = new Client({ name: 'library-test', version: '1.0.0' });
    await c.connect(new StreamableHTTPClientTransport(new URL(`${w.s.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
    return c;
  }

  test('search_library answers as GET /library/search; create_form_from_library makes and bills a form as the REST route', async () => {
    const { key } = await w.s.account('mcp-library');
    const api = client(w.s.url, key);
    const c = await connect(key);
    try {
      const found = (await c.callTool({ name: 'search_library', arguments: { q: 'gardn permit' } })) as CallToolResult;
      expect(found.structuredContent).toEqual((await api.get('/library/search?q=gardn%20permit')).body);

      const made = (await c.callTool({ name: 'create_form_from_library', arguments: { library_id: 'xa-xa1', wait: true } })) as CallToolResult;
      expect(made.isError).toBeFalsy();
      const form = made.structuredContent as { id: string; status: string; library: { library_id: string; revision: { sha256: string } } };
      expect(form).toMatchObject({ status: 'ready', library: { library_id: 'xa-xa1', revision: { sha256: sha(blank) } } });
      const rest = await api.post('/library/forms/xa-xa1/create', {});
      expect(rest.status).toBe(202);
      for (const id of [form.id, rest.body.form_id]) expect(await w.s.ctx.db.usageEvent.count({ where: { subjectId: id, kind: 'create' } })).toBe(1);

      const refused = (await c.callTool({ name: 'create_form_from_library', arguments: { library_id: 'nope' } })) as CallToolResult;
      expect(refused.isError).toBe(true);
      const restRefused = await api.post('/library/forms/nope/create', {});
      expect(JSON.parse((refused.content[0] as { text: string }).text)).toEqual({ ...restRefused.body, status: restRefused.status });
    } finally {
      await c.close();
    }
  }, 60_000);
});

describe('A2A', () => {
  const part = (content: Part['content']): Part => ({ content, metadata: {}, filename: '', mediaType: '' });
  async function send(key: string, value: Record<string, unknown>): Promise<Task> {
    const fetchImpl: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('Authorization', `Bearer ${key}`);
      return fetch(input, { ...init, headers });
    };
    const factory = new ClientFactory(ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { transports: [new JsonRpcTransportFactory({ fetchImpl })] }));
    const a2a = await factory.createFromUrl(w.s.url);
    const message: Message = { messageId: crypto.randomUUID(), contextId: '', taskId: '', role: Role.ROLE_USER, parts: [part({ $case: 'data', value })], metadata: {}, extensions: [], referenceTaskIds: [] };
    const result = await a2a.sendMessage({ tenant: '', message, metadata: {}, configuration: undefined });
    if (!('status' in result)) throw new Error('expected a task');
    return result;
  }
  const dataOf = (task: Task, id: string) => (task.artifacts.find((a) => a.artifactId === `${id}-result`)!.parts[0].content as { value: any }).value;

  test('library_create makes a ready form with the REST contract, billed as one creation; an unknown id fails as 404', async () => {
    const { key } = await w.s.account('a2a-library');
    const api = client(w.s.url, key);
    const task = await send(key, { skill: 'library_create', library_id: 'xa-xa1' });
    expect(task.status?.state, JSON.stringify(task.status?.message)).toBe(TaskState.TASK_STATE_COMPLETED);
    const data = dataOf(task, 'library_create');
    expect(data).toMatchObject({ library_id: 'xa-xa1', revision: { sha256: sha(blank) } });
    expect(data.contract).toEqual((await api.get(`/forms/${data.form_id}/contract`)).body);
    const pdf = new Uint8Array(await (await fetch((task.artifacts[1].parts[0].content as { value: string }).value)).arrayBuffer());
    expect(sha(pdf)).toBe(sha(blank));
    expect(await w.s.ctx.db.usageEvent.count({ where: { subjectId: data.form_id, kind: 'create' } })).toBe(1);

    const failed = await send(key, { skill: 'library_create', library_id: 'nope' });
    expect(failed.status?.message?.parts.find((p) => p.content?.$case === 'data')?.content).toMatchObject({ value: { error: { code: 'not_found', status: 404 } } });
  }, 60_000);
});
