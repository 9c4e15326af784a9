// The MCP door (/mcp) with the SDK's own client over Streamable HTTP against the real app: auth
// and protected resource metadata, tools, file arguments by URL (a local HTTPS server) and by
// upload URL, resource links, resources, progress notifications, errors and billing as on REST.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, ResourceLink } from '@modelcontextprotocol/sdk/types.js';
import { startServer, dropTestEnv, type TestServer } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { agencyStub } from '../helpers/agency-stub.ts';
import { fillableFormPdf } from '../helpers/pdfs.ts';
import { csv } from '../helpers/batch-pdfs.ts';
import { readPdfValues } from '../../src/pdf/read.ts';
import { uploadExpireJob } from '../../src/jobs/upload-expire.ts';
import { createApp } from '../../src/app.ts';
import { anyVerifier, apiKeyVerifier } from '../../src/http/agent-auth.ts';
import type { AddressInfo } from 'node:net';

let s: TestServer;
let stub: Awaited<ReturnType<typeof agencyStub>>;
let key: string;
let accountId: string;
let formPdf: Uint8Array;
const open: Client[] = [];

beforeAll(async () => {
  stub = await agencyStub();
  s = await startServer({ overrides: { DOCUMENT_URL_ALLOW_LOOPBACK: 'true', DOCUMENT_URL_EXTRA_CA_FILE: stub.certFile, RATE_LIMIT_PER_MINUTE: '100000' } });
  s.ctx.config.PUBLIC_BASE_URL = s.url; // links and metadata name the address the test reaches
  ({ key, id: accountId } = await s.account('mcp'));
  formPdf = await fillableFormPdf();
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await s.close();
  await stub.close();
  await dropTestEnv(s.env);
});

async function connect(bearer = key, base = s.url): Promise<Client> {
  const c = new Client({ name: 'test-client', version: '1.0.0' });
  await c.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${bearer}` } } }));
  open.push(c);
  return c;
}

const structured = (r: unknown) => {
  const result = r as CallToolResult;
  if (result.isError) throw new Error(`tool error: ${JSON.stringify(result.content)}`);
  return result.structuredContent as any;
};
const links = (r: unknown) => ((r as CallToolResult).content as { type: string }[]).filter((c): c is ResourceLink => c.type === 'resource_link');
const download = async (link: ResourceLink) => {
  const res = await fetch(link.uri);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
};
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

async function readyForm(c: Client): Promise<string> {
  const r = structured(await c.callTool({ name: 'create_form', arguments: { file: { base64: b64(formPdf), filename: 'application.pdf' }, wait: true } }));
  expect(r.status).toBe('ready');
  return r.id;
}

async function fieldIds(c: Client, formId: string): Promise<Record<string, number>> {
  const contract = structured(await c.callTool({ name: 'get_contract', arguments: { form_id: formId } }));
  return Object.fromEntries(contract.fields.map((f: { name: string; id: number }) => [f.name, f.id]));
}

describe('auth', () => {
  test('no bearer or a wrong one: 401 naming the protected resource metadata, which describes /mcp', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
    for (const auth of [undefined, 'Bearer sk_live_00000000000000000000000000000000', 'Bearer not-a-token']) {
      const r = await fetch(`${s.url}/mcp`, { method: 'POST', headers: { ...headers, ...(auth ? { Authorization: auth } : {}) }, body });
      expect(r.status).toBe(401);
      expect(r.headers.get('www-authenticate')).toMatch(new RegExp(`^Bearer .*resource_metadata="${s.url}/\\.well-known/oauth-protected-resource"`));
    }
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const prm = await (await fetch(`${s.url}${path}`)).json();
      expect(prm).toMatchObject({ resource: `${s.url}/mcp`, authorization_servers: [s.url], scopes_supported: ['forms:read', 'forms:write', 'fill', 'batch', 'usage:read'] });
    }
    // The SDK client surfaces the 401 as a failed connection.
    await expect(connect('sk_live_00000000000000000000000000000000')).rejects.toThrow();
  });

  test('a disabled API key is refused like on REST', async () => {
    const other = await s.account('disabled');
    const row = await s.ctx.db.apiKey.findFirstOrThrow({ where: { accountId: other.id } });
    await s.ctx.db.apiKey.update({ where: { id: row.id }, data: { status: 'disabled' } });
    const r = await fetch(`${s.url}/mcp`, { method: 'POST', headers: { Authorization: `Bearer ${other.key}`, 'Content-Type': 'application/json' }, body: '{}' });
    expect(r.status).toBe(401);
  });
});

describe('CORS for browser-based clients', () => {
  const origin = 'https://inspector.example';
  test('/mcp and /a2a answer preflights before the bearer check and expose Mcp-Session-Id and WWW-Authenticate', async () => {
    for (const path of ['/mcp', '/a2a']) {
      const pre = await fetch(`${s.url}${path}`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type, mcp-protocol-version' } });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe('*');
      expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
      expect(pre.headers.get('access-control-allow-headers')?.toLowerCase().split(',')).toEqual(expect.arrayContaining(['authorization', 'content-type', 'mcp-protocol-version']));
      expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    }
    // A refused request still carries them, so the page can read the 401's WWW-Authenticate.
    const refused = await fetch(`${s.url}/mcp`, { method: 'POST', headers: { Origin: origin, 'Content-Type': 'application/json' }, body: '{}' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(refused.headers.get('access-control-expose-headers')).toMatch(/Mcp-Session-Id.*WWW-Authenticate/);
    const ok = await fetch(`${s.url}/mcp`, {
      method: 'POST',
      headers: { Origin: origin, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'browser', version: '1' } } }),
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
  });

  test('the metadata documents and client registration are readable cross-origin', async () => {
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-authorization-server']) {
      const r = await fetch(`${s.url}${path}`, { headers: { Origin: origin } });
      expect(r.status, path).toBe(200);
      expect(['*', origin], path).toContain(r.headers.get('access-control-allow-origin')); // oidc-provider echoes the origin
    }
    const pre = await fetch(`${s.url}/oauth/register`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    const registered = await fetch(`${s.url}/oauth/register`, {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_name: 'Browser client', redirect_uris: [`${origin}/callback`], token_endpoint_auth_method: 'none', grant_types: ['authorization_code'], response_types: ['code'] }),
    });
    expect(registered.status).toBe(201);
    expect(registered.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('the token verifier seam', () => {
  test('another verifier joins API keys; a read-only token reads but may not fill', async () => {
    const readOnly = async (token: string) => (token === 'oauth-read-only' ? { accountId, scopes: ['forms:read'] } : null);
    const app = createApp(s.ctx, { verifyAccessToken: anyVerifier(apiKeyVerifier(s.ctx), readOnly) });
    const server = await new Promise<import('node:http').Server>((r) => {
      const srv = app.listen(0, '127.0.0.1', () => r(srv));
    });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const formId = await readyForm(await connect(key, base)); // API keys still work
      const c = await connect('oauth-read-only', base);
      expect(structured(await c.callTool({ name: 'get_form', arguments: { form_id: formId } }))).toMatchObject({ id: formId, status: 'ready' });
      const refused = (await c.callTool({ name: 'fill_form', arguments: { form_id: formId, values: [{ field_id: 1, value: 'x' }] } })) as CallToolResult;
      expect(JSON.parse((refused.content[0] as { text: string }).text)).toMatchObject({ error: { code: 'insufficient_scope' }, status: 403 });
      await expect(connect('oauth-unknown', base)).rejects.toThrow();
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

describe('tools', () => {
  test('every capability is a tool with input and output schemas and annotations', async () => {
    const c = await connect();
    const { tools } = await c.listTools();
    const names = tools.map((t) => t.name).sort();
    for (const name of ['create_form', 'get_form', 'get_contract', 'fill_form', 'fill_with_context', 'prepare', 'get_job', 'get_proposal', 'commit_proposal', 'get_receipt', 'verify_filled_pdf', 'read_filled_pdf', 'suggest_mapping', 'fill_batch', 'get_batch', 'search_library', 'create_form_from_library', 'send_fax', 'get_fax', 'pdf_build', 'pdf_join', 'pdf_keep_pages', 'pdf_remove_pages', 'pdf_reorder_pages', 'pdf_rotate_pages', 'pdf_inspect', 'get_usage', 'get_pricing', 'quote_price', 'create_upload_url']) {
      expect(names).toContain(name);
    }
    for (const t of tools) {
      expect(t.outputSchema?.type, t.name).toBe('object');
      expect(t.annotations?.readOnlyHint, t.name).toBeTypeOf('boolean');
      expect(t.annotations?.destructiveHint, t.name).toBe(false);
    }
    expect(tools.find((t) => t.name === 'get_contract')!.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    expect(tools.find((t) => t.name === 'fill_form')!.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
    const prompts = (await c.listPrompts()).prompts.map((p) => p.name);
    expect(prompts).toEqual(expect.arrayContaining(['fill_from_documents', 'fill_each_row']));
    const templates = (await c.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate);
    expect(templates).toEqual(expect.arrayContaining(['formfill://forms/{form_id}/contract', 'formfill://proposals/{proposal_id}/receipt']));
  });

  test('create → fill → download through resource links', async () => {
    const c = await connect();
    const created = await c.callTool({ name: 'create_form', arguments: { file: { base64: b64(formPdf) }, wait: true } });
    const form = structured(created);
    expect(form).toMatchObject({ status: 'ready', title: 'Test Application Form' });
    const fillable = await download(links(created)[0]);
    expect((await readPdfValues(fillable)).fields.map((f) => f.name)).toContain('applicant.full_name');

    const ids = await fieldIds(c, form.id);
    const filled = await c.callTool({ name: 'fill_form', arguments: { form_id: form.id, values: [{ field_id: ids['applicant.full_name'], value: 'Ada Lovelace' }, { field_id: ids['agree'], value: 'true' }] } });
    expect(structured(filled)).toMatchObject({ status: 'completed', applied: [ids['applicant.full_name'], ids['agree']] });
    const [link] = links(filled);
    expect(link).toMatchObject({ mimeType: 'application/pdf' });
    const values = Object.fromEntries((await readPdfValues(await download(link))).fields.map((f) => [f.name, f.value]));
    expect(values['applicant.full_name']).toBe('Ada Lovelace');
    expect(values['agree']).not.toBe('Off');
    expect(values['agree']).toBeTruthy();

    // The contract is also a resource.
    const res = await c.readResource({ uri: `formfill://forms/${form.id}/contract` });
    expect(JSON.parse((res.contents[0] as { text: string }).text).fields.length).toBe(Object.keys(ids).length);
    // A tampered link opens nothing.
    expect((await fetch(link.uri.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A')))).status).toBe(404);
  });

  test('prepare → commit → receipt with documents by HTTPS URL and by upload URL', async () => {
    const c = await connect();
    const formId = await readyForm(c);
    stub.routes.set('/notes.txt', (_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('Applicant\nFull name: Jane Quinn Doe\n'));
    const up = structured(await c.callTool({ name: 'create_upload_url', arguments: { filename: 'zip.txt' } }));
    const put = await fetch(up.upload_url, { method: 'PUT', body: 'ZIP code: 53703\n' });
    expect(put.status).toBe(201);

    const prepared = structured(
      await c.callTool({ name: 'prepare', arguments: { form_id: formId, documents: [{ url: `${stub.origin}/notes.txt` }, { upload_id: up.upload_id }], wait: true } }),
    );
    expect(stub.hits).toContain('/notes.txt');
    expect(prepared).toMatchObject({ status: 'ready', kind: 'prepare' });
    const proposal = structured(await c.callTool({ name: 'get_proposal', arguments: { proposal_id: prepared.proposal_id } }));
    const name = proposal.fields.find((f: { label: string }) => f.label === 'Full name');
    expect(name).toMatchObject({ value: 'Jane Quinn Doe' });
    expect(name.evidence.map((e: { document_name: string }) => e.document_name)).toContain('notes.txt');

    const committed = await c.callTool({ name: 'commit_proposal', arguments: { proposal_id: prepared.proposal_id, auto: true } });
    const receipt = structured(committed);
    expect(receipt).toMatchObject({ proposal_id: prepared.proposal_id, form_id: formId, mode: 'two_call' });
    const pdf = await download(links(committed).find((l) => l.mimeType === 'application/pdf')!);
    expect(Object.fromEntries((await readPdfValues(pdf)).fields.map((f) => [f.name, f.value]))['applicant.full_name']).toBe('Jane Quinn Doe');

    const again = structured(await c.callTool({ name: 'get_receipt', arguments: { proposal_id: prepared.proposal_id } }));
    expect(again.commits).toEqual(receipt.commits);
    const res = await c.readResource({ uri: `formfill://proposals/${prepared.proposal_id}/receipt` });
    expect(JSON.parse((res.contents[0] as { text: string }).text).files.filled_pdf.sha256).toBe(receipt.files.filled_pdf.sha256);

    // fill_with_context takes the same documents and answers with the filled PDF's link.
    const progress: { message?: string }[] = [];
    const withContext = await c.callTool(
      { name: 'fill_with_context', arguments: { form_id: formId, documents: [{ url: `${stub.origin}/notes.txt` }], wait: true } },
      undefined,
      { onprogress: (p) => void progress.push(p) },
    );
    expect(structured(withContext)).toMatchObject({ status: 'ready', kind: 'with_context' });
    expect(progress.at(-1)).toMatchObject({ message: 'job ready' });
    const filled = await download(links(withContext)[0]);
    expect(Object.fromEntries((await readPdfValues(filled)).fields.map((f) => [f.name, f.value]))['applicant.full_name']).toBe('Jane Quinn Doe');
  });

  test('fill_with_context takes a stated context (a JSON object) instead of documents, read like a JSON document', async () => {
    const c = await connect();
    const formId = await readyForm(c);
    const done = await c.callTool({ name: 'fill_with_context', arguments: { form_id: formId, context: { 'Full name': 'Ada Lovelace' }, wait: true } });
    expect(structured(done)).toMatchObject({ status: 'ready', kind: 'with_context' });
    const filled = await download(links(done)[0]);
    expect(Object.fromEntries((await readPdfValues(filled)).fields.map((f) => [f.name, f.value]))['applicant.full_name']).toBe('Ada Lovelace');
    const empty = (await c.callTool({ name: 'prepare', arguments: { form_id: formId, context: '   ' } })) as CallToolResult;
    expect(JSON.parse((empty.content[0] as { text: string }).text)).toMatchObject({ error: { code: 'invalid_context' }, status: 400 });
  });

  test('fill_batch reports progress as rows are filled and ends with a zip link', async () => {
    const c = await connect();
    const formId = await readyForm(c);
    const ids = await fieldIds(c, formId);
    const sheet = csv(['name,zip', 'Ada,94105', 'Bob,10001', 'Cy,73301']);
    const progress: { progress: number; total?: number }[] = [];
    const r = await c.callTool(
      { name: 'fill_batch', arguments: { form_id: formId, spreadsheet: { base64: b64(sheet), filename: 'people.csv' }, mapping: { name: { field_id: ids['applicant.full_name'] }, zip: { field_id: ids['applicant.zip'] } }, wait: true } },
      undefined,
      { onprogress: (p) => void progress.push(p) },
    );
    expect(structured(r)).toMatchObject({ status: 'complete', total: 3, filled: 3, failed: 0 });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p, i) => p.total === 3 && (i === 0 || p.progress > progress[i - 1].progress))).toBe(true);
    expect(progress.at(-1)).toMatchObject({ progress: 3, total: 3 });
    const zip = Buffer.from(await download(links(r)[0]));
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(zip.includes(Buffer.from('row-3.pdf'))).toBe(true);
  });
});

describe('uploads', () => {
  test('an upload lives until its upload_id expires, then its upload.expire job deletes it', async () => {
    const c = await connect();
    const up = structured(await c.callTool({ name: 'create_upload_url', arguments: { filename: 'form.pdf' } }));
    const unused = (await c.callTool({ name: 'pdf_inspect', arguments: { file: { upload_id: up.upload_id } } })) as CallToolResult;
    expect(JSON.parse((unused.content[0] as { text: string }).text)).toMatchObject({ error: { code: 'upload_empty' }, status: 404 });
    expect((await fetch(up.upload_url, { method: 'PUT', body: Buffer.from(formPdf) })).status).toBe(201);
    expect(structured(await c.callTool({ name: 'pdf_inspect', arguments: { file: { upload_id: up.upload_id } } })).page_count).toBeGreaterThan(0);

    const jobs = await s.ctx.db.job.findMany({ where: { kind: 'upload.expire', ownerId: accountId, status: 'queued' } });
    // This test's PUT queued the newest one (earlier tests of the account queued theirs before).
    const job = jobs.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    expect(job.runAfter.getTime()).toBeGreaterThanOrEqual(Date.parse(up.usable_until) - 1000);
    await uploadExpireJob.run(job.payload as { ownerId: string; uploadId: string }, s.ctx, { id: job.id, attempt: 1, checkpoint: async () => undefined });
    const gone = (await c.callTool({ name: 'pdf_inspect', arguments: { file: { upload_id: up.upload_id } } })) as CallToolResult;
    expect(JSON.parse((gone.content[0] as { text: string }).text)).toMatchObject({ error: { code: 'upload_empty' }, status: 404 });
    // A forged or expired link stores nothing.
    expect((await fetch(up.upload_url.replace('/uploads/', '/uploads/x'), { method: 'PUT', body: 'x' })).status).toBe(404);
  });
});

describe('errors and billing', () => {
  test("another account's form id gives the same not-found as REST", async () => {
    const mine = await connect();
    const formId = await readyForm(mine);
    const other = await s.account('other');
    const rest = await client(s.url, other.key).get(`/forms/${formId}/contract`);
    expect(rest.status).toBe(404);
    const c = await connect(other.key);
    for (const [name, args] of [['get_contract', { form_id: formId }], ['fill_form', { form_id: formId, values: [{ field_id: 1, value: 'x' }] }], ['create_form', { file: { form_id: formId } }]] as const) {
      const r = (await c.callTool({ name, arguments: args })) as CallToolResult;
      expect(r.isError, name).toBe(true);
      const body = JSON.parse((r.content[0] as { text: string }).text);
      expect(body, name).toEqual({ error: rest.body.error, status: 404 });
    }
    // An upload_id is the account's own too.
    const up = structured(await mine.callTool({ name: 'create_upload_url', arguments: {} }));
    await fetch(up.upload_url, { method: 'PUT', body: Buffer.from(formPdf) });
    const r = (await c.callTool({ name: 'pdf_inspect', arguments: { file: { upload_id: up.upload_id } } })) as CallToolResult;
    expect(JSON.parse((r.content[0] as { text: string }).text)).toMatchObject({ error: { code: 'not_found' }, status: 404 });
    const viaRest = await client(s.url, key).upload('/tools/inspect', { file: { bytes: formPdf } });
    expect(structured(await mine.callTool({ name: 'pdf_inspect', arguments: { file: { upload_id: up.upload_id } } }))).toEqual(viaRest.body);
  });

  test('bad input answers the documented refusals', async () => {
    const c = await connect();
    const twoSources = (await c.callTool({ name: 'pdf_inspect', arguments: { file: { base64: b64(formPdf), url: 'https://example.com/x.pdf' } } })) as CallToolResult;
    expect(JSON.parse((twoSources.content[0] as { text: string }).text)).toMatchObject({ error: { code: 'invalid_file_argument' }, status: 400 });
    const big = (await c.callTool({ name: 'pdf_inspect', arguments: { file: { base64: Buffer.alloc(2 * 1024 * 1024).toString('base64') } } })) as CallToolResult;
    expect(JSON.parse((big.content[0] as { text: string }).text)).toMatchObject({ error: { code: 'file_too_large' }, status: 413 });
    // URLs go through the callbacks' guard: plain http and private addresses are refused before any connection.
    for (const url of ['http://93.184.216.34/form.pdf', 'https://169.254.169.254/latest/meta-data', 'https://10.0.0.1/form.pdf']) {
      const refused = (await c.callTool({ name: 'pdf_inspect', arguments: { file: { url } } })) as CallToolResult;
      expect(JSON.parse((refused.content[0] as { text: string }).text), url).toMatchObject({ error: { code: 'invalid_url' }, status: 400 });
    }
    const notPdf = (await c.callTool({ name: 'create_form', arguments: { file: { base64: b64(new TextEncoder().encode('hello')) } } })) as CallToolResult;
    expect(JSON.parse((notPdf.content[0] as { text: string }).text).status).toBe(400);
  });

  test('the same work through REST and through MCP is billed the same', async () => {
    const viaRest = await s.account('rest');
    const viaMcp = await s.account('mcp-billing');
    const api = client(s.url, viaRest.key);

    const created = await api.upload('/forms', { file: { bytes: formPdf, filename: 'a.pdf' } });
    for (let i = 0; i < 100 && (await api.get(`/forms/${created.body.form_id}`)).body.status === 'processing'; i++) await new Promise((r) => setTimeout(r, 100));
    const contract = (await api.get(`/forms/${created.body.form_id}/contract`)).body;
    const nameId = contract.fields.find((f: { name: string }) => f.name === 'applicant.full_name').id;
    const session = (await api.post('/sessions', { form_id: created.body.form_id })).body.session_id;
    await api.put(`/sessions/${session}/fields`, { updates: [{ field_id: nameId, value: 'Ada' }] });
    expect((await api.post(`/sessions/${session}/fill`)).status).toBe(200);
    const pdf = (await api.get(`/sessions/${session}/pdf`)).bytes;
    expect((await api.upload(`/forms/${created.body.form_id}/verify`, { file: { bytes: pdf } })).status).toBe(200);
    expect((await api.upload('/read', { file: { bytes: pdf } })).status).toBe(200);

    const c = await connect(viaMcp.key);
    const formId = await readyForm(c);
    const ids = await fieldIds(c, formId);
    const filled = structured(await c.callTool({ name: 'fill_form', arguments: { form_id: formId, values: [{ field_id: ids['applicant.full_name'], value: 'Ada' }] } }));
    structured(await c.callTool({ name: 'verify_filled_pdf', arguments: { form_id: formId, file: { session_id: filled.session_id } } }));
    structured(await c.callTool({ name: 'read_filled_pdf', arguments: { file: { session_id: filled.session_id } } }));

    const counts = ({ owner: _o, period: _p, ...rest }: Record<string, unknown>) => rest;
    const rest = counts((await api.get('/usage')).body);
    expect(rest).toMatchObject({ create: 1, standard_fill: 1, verify: 1, read: 1 });
    expect(counts(structured(await c.callTool({ name: 'get_usage', arguments: {} })))).toEqual(rest);
    expect(counts((await client(s.url, viaMcp.key).get('/usage')).body)).toEqual(rest);
  });
});
