// The A2A agent (§4.9) through the official SDK client against the real app: the card, a fill
// with a PDF file part and its signed artifact, streaming, cancellation, auth and ownership, push
// notifications signed like callbacks, and billing equal to the REST twin's.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PDFDocument } from '@cantoo/pdf-lib';
import { Role, Task, TaskState, type Message, type Part, type SendMessageRequest } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory, type Client } from '@a2a-js/sdk/client';
import { client as httpClient } from '../helpers/http.ts';
import { dropTestEnv, eventually, startServer, testEnv, usingPostgres, type TestServer } from '../helpers/server.ts';
import { fillableFormPdf } from '../helpers/pdfs.ts';
import { createApp } from '../../src/app.ts';
import { startJobWorker } from '../../src/jobs/runner.ts';
import { anyVerifier, apiKeyVerifier } from '../../src/http/agent-auth.ts';

let s: TestServer;
let idle: TestServer; // no job worker: work handed to a job never finishes, so a task stays working
let pdf: Uint8Array;

beforeAll(async () => {
  // Document URIs are served by a local plain-http server: loopback allowed for this test only.
  const overrides = { DOCUMENT_URL_ALLOW_LOOPBACK: 'true' };
  [s, idle] = await Promise.all([startServer({ overrides }), startServer({ worker: false, overrides })]);
  for (const server of [s, idle]) server.ctx.config.PUBLIC_BASE_URL = server.url; // the card and download links name the real port
  pdf = await fillableFormPdf();
});
afterAll(async () => {
  for (const server of [s, idle]) {
    await server.close();
    await dropTestEnv(server.env);
  }
});

/** An SDK client that sends the account's key with every request, the card included. */
async function a2aClient(server: { url: string }, key: string): Promise<Client> {
  const fetchImpl: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('Authorization', `Bearer ${key}`);
    return fetch(input, { ...init, headers });
  };
  const factory = new ClientFactory(ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { transports: [new JsonRpcTransportFactory({ fetchImpl })] }));
  return factory.createFromUrl(server.url);
}

const part = (content: Part['content'], extra: Partial<Part> = {}): Part => ({ content, metadata: {}, filename: '', mediaType: '', ...extra });

function request(parts: Part[], configuration?: Partial<NonNullable<SendMessageRequest['configuration']>>): SendMessageRequest {
  const message: Message = { messageId: crypto.randomUUID(), contextId: '', taskId: '', role: Role.ROLE_USER, parts, metadata: {}, extensions: [], referenceTaskIds: [] };
  return { tenant: '', message, metadata: {}, configuration: configuration ? { acceptedOutputModes: [], taskPushNotificationConfig: undefined, returnImmediately: false, ...configuration } : undefined };
}

const pdfPart = (bytes: Uint8Array) => part({ $case: 'raw', value: Buffer.from(bytes) }, { mediaType: 'application/pdf', filename: 'form.pdf' });
const fillParts = (values: Record<string, string>) => [pdfPart(pdf), part({ $case: 'data', value: { skill: 'fill', values } })];

function asTask(result: Message | Task): Task {
  if (!('status' in result)) throw new Error('expected a task, got a message');
  return result;
}

async function filledValue(bytes: Uint8Array, name: string): Promise<string | undefined> {
  return (await PDFDocument.load(bytes)).getForm().getTextField(name).getText();
}

async function account(server: TestServer) {
  const a = await server.account();
  return { ...a, client: await a2aClient(server, a.key) };
}

describe('agent card', () => {
  test('names the endpoint, both security schemes and a skill per capability', async () => {
    const { client } = await account(s);
    const card = await client.getAgentCard();
    expect(card.supportedInterfaces[0]).toMatchObject({ url: `${s.url}/a2a`, protocolBinding: 'JSONRPC' });
    expect(card.capabilities).toMatchObject({ streaming: true, pushNotifications: true });
    expect(card.skills.map((k) => k.id)).toEqual(
      expect.arrayContaining(['make_fillable', 'get_contract', 'fill', 'fill_from_documents', 'commit_proposal', 'verify', 'read_values', 'batch_fill', 'library_search', 'fax', 'page_tool', 'usage_and_quote']),
    );
    expect(card.securitySchemes.apiKey.scheme).toMatchObject({ $case: 'httpAuthSecurityScheme', value: { scheme: 'bearer' } });
    expect(card.securitySchemes.oauth.scheme).toMatchObject({ $case: 'oauth2SecurityScheme', value: { oauth2MetadataUrl: `${s.url}/.well-known/oauth-authorization-server` } });
  });

  test('a v0.3 client (no A2A-Version header) gets the v0.3 card with its url', async () => {
    const r = await httpClient(s.url).get('/.well-known/agent-card.json');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ url: `${s.url}/a2a`, capabilities: { streaming: true, pushNotifications: true }, defaultInputModes: expect.arrayContaining(['application/pdf']) });
  });
});

describe('message/send', () => {
  test('a PDF file part and values give a completed task whose PDF artifact holds the values', async () => {
    const { client } = await account(s);
    const task = asTask(await client.sendMessage(request(fillParts({ 'applicant.full_name': 'Ada Lovelace', 'applicant.zip': '12345' }))));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const result = task.artifacts.find((a) => a.artifactId === 'fill-result')!.parts[0].content;
    expect(result).toMatchObject({ $case: 'data', value: { form_id: expect.any(String), applied: expect.any(Array) } });
    const file = task.artifacts.flatMap((a) => a.parts).find((p) => p.content?.$case === 'url')!;
    expect(file.mediaType).toBe('application/pdf');
    const url = (file.content as { value: string }).value;
    const download = await fetch(url); // the signed link needs no key
    expect(download.status).toBe(200);
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(await filledValue(bytes, 'applicant.full_name')).toBe('Ada Lovelace');
    expect(await filledValue(bytes, 'applicant.zip')).toBe('12345');
    expect(url).toMatch(/\/downloads\/[^/?]+$/); // the service's signed links, as MCP hands out
    expect((await fetch(url.replace(/\/downloads\/[^/?]+$/, '/downloads/forged'))).status).toBe(404);
  });

  test('a refused value fails the task with the code REST answers (unknown_field)', async () => {
    const { client } = await account(s);
    const task = asTask(await client.sendMessage(request(fillParts({ 'no such field': 'x' }))));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_FAILED);
    const data = task.status?.message?.parts.find((p) => p.content?.$case === 'data')?.content;
    expect(data).toMatchObject({ value: { error: { code: 'unknown_field', status: 422 } } });
  });

  test('tasks/get answers the stored task; another account gets not found', async () => {
    const owner = await account(s);
    const task = asTask(await owner.client.sendMessage(request([part({ $case: 'data', value: { skill: 'usage_and_quote', pages: 2 } })])));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const again = await owner.client.getTask({ tenant: '', id: task.id });
    expect(again.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const other = await account(s);
    await expect(other.client.getTask({ tenant: '', id: task.id })).rejects.toThrow(/not found/i);
  });

  test('without a token, or with a token nobody issued, POST /a2a answers 401 naming the resource metadata (as /mcp)', async () => {
    for (const key of [undefined, 'sk_live_00000000000000000000000000000000', 'not-a-token']) {
      const r = await httpClient(s.url, key).post('/a2a', { jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'x' } });
      expect(r.status).toBe(401);
      expect(r.headers.get('www-authenticate')).toMatch(new RegExp(`^Bearer .*resource_metadata="${s.url}/\\.well-known/oauth-protected-resource"`));
    }
  });
});

describe('OAuth access tokens and their scopes (the verifiers /mcp uses)', () => {
  test('a read-only token runs read-only skills; a skill that creates or bills fails with insufficient_scope (403)', async () => {
    const { id: accountId, key } = await s.account();
    const readOnly = async (token: string) => (token === 'oauth-read-only' ? { accountId, scopes: ['forms:read'] } : null);
    const server = await new Promise<Server>((r) => {
      const srv = createApp(s.ctx, { verifyAccessToken: anyVerifier(apiKeyVerifier(s.ctx), readOnly) }).listen(0, '127.0.0.1', () => r(srv));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const configured = s.ctx.config.PUBLIC_BASE_URL;
    s.ctx.config.PUBLIC_BASE_URL = base; // the card sends the client to this app's /a2a
    try {
      const client = await a2aClient({ url: base }, 'oauth-read-only');
      const usage = asTask(await client.sendMessage(request([part({ $case: 'data', value: { skill: 'usage_and_quote' } })])));
      expect(usage.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
      const fill = asTask(await client.sendMessage(request(fillParts({ 'applicant.full_name': 'Nope' }))));
      expect(fill.status?.state).toBe(TaskState.TASK_STATE_FAILED);
      expect(fill.status?.message?.parts.find((p) => p.content?.$case === 'data')?.content).toMatchObject({ value: { error: { code: 'insufficient_scope', status: 403 } } });
      expect(await s.ctx.db.form.count({ where: { ownerId: accountId } })).toBe(0); // refused before anything was made
      // The same account's API key has every scope.
      expect(asTask(await (await a2aClient({ url: base }, key)).sendMessage(request(fillParts({ 'applicant.full_name': 'Yes' })))).status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    } finally {
      s.ctx.config.PUBLIC_BASE_URL = configured;
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

describe('message/stream', () => {
  test('streams working, then completed with the artifact', async () => {
    const { client } = await account(s);
    const states: TaskState[] = [];
    let artifacts = 0;
    for await (const event of client.sendMessageStream(request(fillParts({ 'applicant.full_name': 'Grace Hopper' })))) {
      if (event.payload?.$case === 'statusUpdate') states.push(event.payload.value.status!.state);
      if (event.payload?.$case === 'artifactUpdate') artifacts++;
    }
    expect(states[0]).toBe(TaskState.TASK_STATE_WORKING);
    expect(states.at(-1)).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(artifacts).toBe(2); // the result data and the PDF
  });
});

describe('tasks/cancel', () => {
  test('cancels a task still waiting for its detection job', async () => {
    const { client } = await account(idle);
    const started = asTask(await client.sendMessage(request([pdfPart(pdf), part({ $case: 'data', value: { skill: 'make_fillable' } })], { returnImmediately: true })));
    expect(started.status?.state).not.toBe(TaskState.TASK_STATE_COMPLETED);
    const canceled = await client.cancelTask({ tenant: '', id: started.id, metadata: {} });
    expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    expect((await client.getTask({ tenant: '', id: started.id })).status?.state).toBe(TaskState.TASK_STATE_CANCELED);
  });
});

describe('tasks/cancel stops the job the task started', () => {
  test('a canceled make_fillable: its detection job ends as canceled, the form fails with reason canceled, nothing is billed', async () => {
    const server = await startServer({ worker: false }); // the job waits until the worker starts below
    try {
      server.ctx.config.PUBLIC_BASE_URL = server.url;
      const { client, key } = await account(server);
      const started = asTask(await client.sendMessage(request([pdfPart(pdf), part({ $case: 'data', value: { skill: 'make_fillable' } })], { returnImmediately: true })));
      const job = await eventually(async () => (await server.ctx.db.job.findFirst({ where: { kind: 'form.process' } })) ?? undefined);
      expect(job.status).toBe('queued');
      expect((await client.cancelTask({ tenant: '', id: started.id, metadata: {} })).status?.state).toBe(TaskState.TASK_STATE_CANCELED);
      await eventually(async () => ((await server.ctx.db.job.findUniqueOrThrow({ where: { id: job.id } })).cancelRequestedAt ? true : undefined));

      await startJobWorker(server.ctx); // the job ends, as every job does: canceled at its first checkpoint
      const ended = await eventually(async () => {
        const row = await server.ctx.db.job.findUniqueOrThrow({ where: { id: job.id } });
        return row.status === 'queued' || row.status === 'running' ? undefined : row;
      });
      expect(ended.status).toBe('canceled');
      const formId = (job.payload as { formId: string }).formId;
      const form = (await httpClient(server.url, key).get(`/forms/${formId}`)).body;
      expect(form).toMatchObject({ status: 'failed', error: { code: 'form_processing_failed' } });
      expect((await server.ctx.db.form.findUniqueOrThrow({ where: { id: formId } })).error).toMatchObject({ reason: 'canceled' });
      expect((await httpClient(server.url, key).get('/usage')).body.create).toBe(0);
      expect((await client.getTask({ tenant: '', id: started.id })).status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    } finally {
      await server.close();
      await dropTestEnv(server.env);
    }
  });
});

describe('a task whose process is gone', () => {
  test('is failed with task_interrupted when read, not left working', async () => {
    const { id, client } = await account(s);
    const taskId = crypto.randomUUID();
    const working: Task = { id: taskId, contextId: 'c1', status: { state: TaskState.TASK_STATE_WORKING, message: undefined, timestamp: new Date().toISOString() }, artifacts: [], history: [], metadata: {} };
    const lastBeat = new Date(Date.now() - 10 * 60_000);
    await s.ctx.db.a2aTask.create({ data: { id: taskId, ownerId: id, contextId: 'c1', state: 'TASK_STATE_WORKING', task: Task.toJSON(working) as object, createdAt: lastBeat, updatedAt: lastBeat } });
    const read = await client.getTask({ tenant: '', id: taskId });
    expect(read.status?.state).toBe(TaskState.TASK_STATE_FAILED);
    expect(read.status?.message?.parts.find((p) => p.content?.$case === 'data')?.content).toMatchObject({ value: { error: { code: 'task_interrupted' } } });
    expect((await s.ctx.db.a2aTask.findUniqueOrThrow({ where: { id: taskId } })).state).toBe('TASK_STATE_FAILED');
  });
});

// Two HTTP processes on one PostgreSQL database (the embedded database serves one process).
describe.skipIf(!usingPostgres)('tasks across processes', () => {
  test('a task run by one process is read and canceled through another', async () => {
    const env = await testEnv();
    const [a, b] = [await startServer({ env, worker: false }), await startServer({ env, worker: false })];
    try {
      for (const server of [a, b]) server.ctx.config.PUBLIC_BASE_URL = server.url;
      const { key } = await a.account();
      const [viaA, viaB] = [await a2aClient(a, key), await a2aClient(b, key)];
      const started = asTask(await viaA.sendMessage(request([pdfPart(pdf), part({ $case: 'data', value: { skill: 'make_fillable' } })], { returnImmediately: true })));
      expect((await viaB.getTask({ tenant: '', id: started.id })).id).toBe(started.id);
      expect((await viaB.cancelTask({ tenant: '', id: started.id, metadata: {} })).status?.state).toBe(TaskState.TASK_STATE_CANCELED);
      expect((await viaA.getTask({ tenant: '', id: started.id })).status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    } finally {
      await a.close();
      await b.close();
      await dropTestEnv(env);
    }
  });
});

describe('push notifications', () => {
  let receiver: Server;
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

  test('task events reach the receiver, signed with the account secret and carrying the token', async () => {
    const { id, client } = await account(s);
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const config = { tenant: '', id: 'hook', taskId: '', url, token: 'tok-123', authentication: undefined };
    const task = asTask(await client.sendMessage(request(fillParts({ 'applicant.full_name': 'Push' }), { taskPushNotificationConfig: config })));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const secret = (await s.ctx.db.account.findUniqueOrThrow({ where: { id } })).callbackSecret!;
    const done = await eventually(async () => received.find((r) => r.body.includes(task.id) && r.body.includes('TASK_STATE_COMPLETED')));
    expect(done.headers['x-service-signature']).toBe(`sha256=${createHmac('sha256', secret).update(done.body).digest('hex')}`);
    expect(done.headers['x-a2a-notification-token']).toBe('tok-123');
    const stored = await client.getTaskPushNotificationConfig({ tenant: '', taskId: task.id, id: 'hook' });
    expect(stored.url).toBe(url);
  });

  test('a config set by a v0.3 client gets v0.3 bodies (the task)', async () => {
    const { key } = await s.account();
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v03`;
    const r = await httpClient(s.url, key).post('/a2a', {
      jsonrpc: '2.0',
      id: 1,
      method: 'message/send',
      params: {
        message: { kind: 'message', messageId: crypto.randomUUID(), role: 'user', parts: [{ kind: 'data', data: { skill: 'usage_and_quote' } }] },
        configuration: { pushNotificationConfig: { url, token: 'old-client' } },
      },
    });
    const taskId = r.body.result.id;
    const done = await eventually(async () => received.map((x) => ({ ...x, json: JSON.parse(x.body) })).find((x) => x.json.id === taskId && x.json.status?.state === 'completed'));
    expect(done.json).toMatchObject({ kind: 'task', id: taskId });
    expect(done.headers['x-a2a-notification-token']).toBe('old-client');
  });

  test('a private push URL is refused when it is set', async () => {
    const { client } = await account(s);
    const config = { tenant: '', id: 'x', taskId: '', url: 'https://10.0.0.1/hook', token: '', authentication: undefined };
    await expect(client.sendMessage(request(fillParts({ 'applicant.full_name': 'X' }), { taskPushNotificationConfig: config }))).rejects.toThrow(/callback_url|public address/);
  });
});

describe('billing', () => {
  test('a fill through A2A bills what the same fill through REST bills', async () => {
    const rest = await s.account();
    const api = httpClient(s.url, rest.key);
    const created = await api.upload('/forms', { file: { bytes: pdf } });
    await eventually(async () => ((await api.get(`/forms/${created.body.form_id}`)).body.status === 'ready' ? true : undefined));
    const contract = (await api.get(`/forms/${created.body.form_id}/contract`)).body;
    const session = (await api.post('/sessions', { form_id: created.body.form_id })).body.session_id;
    const nameId = contract.fields.find((f: { name: string }) => f.name === 'applicant.full_name').id;
    expect((await api.put(`/sessions/${session}/fields`, { updates: [{ field_id: nameId, value: 'Same' }] })).status).toBe(200);
    expect((await api.post(`/sessions/${session}/fill`)).status).toBe(200);

    const viaA2a = await account(s);
    expect(asTask(await viaA2a.client.sendMessage(request(fillParts({ 'applicant.full_name': 'Same' })))).status?.state).toBe(TaskState.TASK_STATE_COMPLETED);

    const usage = async (key: string) => {
      const { owner: _owner, ...counts } = (await httpClient(s.url, key).get('/usage')).body;
      return counts;
    };
    const restUsage = await usage(rest.key);
    expect(restUsage).toMatchObject({ create: 1, standard_fill: 1 });
    expect(await usage(viaA2a.key)).toEqual(restUsage);
  });
});

describe('fill from documents', () => {
  let files: Server;
  beforeAll(async () => {
    files = createServer((_req, res) => {
      res.setHeader('Content-Type', 'application/pdf');
      res.end(Buffer.from(pdf));
    });
    await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => files.close(() => r())));

  test('a form by URI and a text part: prepared, committed, the PDF holds the value read from the text', async () => {
    const { client } = await account(s);
    const formUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}/blank/form.pdf`;
    const task = asTask(
      await client.sendMessage(
        request([
          part({ $case: 'url', value: formUrl }, { mediaType: 'application/pdf', metadata: { role: 'form' } }),
          part({ $case: 'text', value: 'Applicant details\n\nFull name: Jane Quinn Doe\n' }),
          part({ $case: 'data', value: { skill: 'fill_from_documents', commit: true } }),
        ]),
      ),
    );
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const result = task.artifacts.find((a) => a.artifactId === 'fill_from_documents-result')!.parts[0].content as { value: { receipt: { files: { filled_pdf: { artifact_id: string } } } } };
    const pdfArtifact = task.artifacts.find((a) => a.artifactId === result.value.receipt.files.filled_pdf.artifact_id)!;
    const bytes = new Uint8Array(await (await fetch((pdfArtifact.parts[0].content as { value: string }).value)).arrayBuffer());
    expect(await filledValue(bytes, 'applicant.full_name')).toBe('Jane Quinn Doe');
  });

  test('a context object in the data part is read like a JSON document; the proposal comes back', async () => {
    const { client } = await account(s);
    const task = asTask(await client.sendMessage(request([pdfPart(pdf), part({ $case: 'data', value: { skill: 'fill_from_documents', context: { 'Full name': 'Jane Quinn Doe' } } })])));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const { proposal } = (task.artifacts[0].parts[0].content as { value: { proposal: { fields: { label: string; value: string | null }[] } } }).value;
    expect(proposal.fields.find((f) => f.label === 'Full name')?.value).toBe('Jane Quinn Doe');
  });

  test('a file URI the service may not fetch fails the task (invalid_url, as on MCP)', async () => {
    const { client } = await account(s);
    const task = asTask(await client.sendMessage(request([part({ $case: 'url', value: 'https://10.1.2.3/form.pdf' }), part({ $case: 'data', value: { skill: 'make_fillable' } })])));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_FAILED);
    expect(task.status?.message?.parts.find((p) => p.content?.$case === 'data')?.content).toMatchObject({ value: { error: { code: 'invalid_url', status: 400 } } });
  });
});

describe('v0.3 clients', () => {
  test('message/send without A2A-Version is answered in the v0.3 shape', async () => {
    const { key } = await s.account();
    const r = await httpClient(s.url, key).post('/a2a', {
      jsonrpc: '2.0',
      id: 1,
      method: 'message/send',
      params: { message: { kind: 'message', messageId: crypto.randomUUID(), role: 'user', parts: [{ kind: 'data', data: { skill: 'usage_and_quote', pages: 3 } }] } },
    });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ kind: 'task', status: { state: 'completed' } });
    const data = r.body.result.artifacts[0].parts[0];
    expect(data).toMatchObject({ kind: 'data', data: { usage: { create: 0 }, quote: { pages: 3 } } });
  });
});

describe('each skill answers as its REST twin', () => {
  const dataOf = (task: Task, id: string) => (task.artifacts.find((a) => a.artifactId === `${id}-result`)!.parts[0].content as { value: any }).value;

  test('get_contract, read_values, verify, library_search, page_tool, batch_fill', async () => {
    const { key, client } = await account(s);
    const api = httpClient(s.url, key);
    const send = async (parts: Part[]) => {
      const task = asTask(await client.sendMessage(request(parts)));
      expect(task.status?.state, JSON.stringify(task.status?.message)).toBe(TaskState.TASK_STATE_COMPLETED);
      return task;
    };
    const data = (value: Record<string, unknown>) => part({ $case: 'data', value });

    const filled = await send(fillParts({ 'applicant.full_name': 'Twin' }));
    const { form_id } = dataOf(filled, 'fill');
    const filledPdf = new Uint8Array(await (await fetch((filled.artifacts[1].parts[0].content as { value: string }).value)).arrayBuffer());

    expect(dataOf(await send([data({ skill: 'get_contract', form_id })]), 'get_contract').contract).toEqual((await api.get(`/forms/${form_id}/contract`)).body);

    const read = dataOf(await send([pdfPart(filledPdf), data({ skill: 'read_values', form_id })]), 'read_values');
    const restRead = (await api.upload('/read', { file: { bytes: filledPdf }, form_id })).body;
    expect({ ...read, verification: { ...read.verification, checked_at: null } }).toEqual({ ...restRead, verification: { ...restRead.verification, checked_at: null } });
    expect(read.fields.find((f: { name: string }) => f.name === 'applicant.full_name').value).toBe('Twin');

    const verified = dataOf(await send([pdfPart(filledPdf), data({ skill: 'verify', form_id })]), 'verify').report;
    const restVerified = (await api.upload(`/forms/${form_id}/verify`, { file: { bytes: filledPdf } })).body;
    expect({ ...verified, checked_at: null }).toEqual({ ...restVerified, checked_at: null });

    const found = dataOf(await send([data({ skill: 'library_search', q: 'W-9' })]), 'library_search');
    expect(found).toEqual((await api.get('/library/search?q=W-9')).body);

    const kept = await send([pdfPart(pdf), data({ skill: 'page_tool', tool: 'keep', pages: [2] })]);
    const keptPdf = await PDFDocument.load(new Uint8Array(await (await fetch((kept.artifacts[1].parts[0].content as { value: string }).value)).arrayBuffer()));
    expect(keptPdf.getPageCount()).toBe(1);

    const contract = (await api.get(`/forms/${form_id}/contract`)).body;
    const nameId = contract.fields.find((f: { name: string }) => f.name === 'applicant.full_name').id;
    const sheet = part({ $case: 'raw', value: Buffer.from('Name\nAda\nBob\n') }, { mediaType: 'text/csv', filename: 'people.csv' });
    const batch = dataOf(await send([sheet, data({ skill: 'batch_fill', form_id, mapping: { Name: { field_id: nameId } } })]), 'batch_fill');
    expect(batch.manifest).toMatchObject({ status: 'complete', total: 2, filled: 2 });
    expect((await api.get(`/forms/fill-batch/${batch.batch_id}`)).body).toEqual(batch.manifest);
  });
});
