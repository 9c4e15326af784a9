// The OAuth 2.1 authorization server for MCP clients, driven end to end by a real OAuth client
// library (openid-client) and real Chromium (Debian's, through playwright-core) for the pages a
// person sees: sign-in (the dashboard's), consent, Connected apps. Two kinds of client: one that
// registers itself (RFC 7591) and one whose client_id is the https URL of its metadata document,
// served by a local HTTPS server with a certificate made for this run (trusted through
// OAUTH_EXTRA_CA_FILE; OAUTH_ALLOW_LOOPBACK lets the guarded fetch reach it). Tokens are checked
// with verifyAccessToken, the function the MCP door calls.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { dropTestEnv, startServer, type TestServer } from '../helpers/server.ts';
import { agencyStub } from '../helpers/agency-stub.ts';
import { checkPage, openBrowser } from '../helpers/browser.ts';
import { decide as decideOn, loopbackRedirect, toConsent as toConsentOn, type LoopbackRedirect } from '../helpers/oauth-consent.ts';
import { signUp, verifyEmail } from '../../src/store/users.ts';
import { verifyAccessToken } from '../../src/oauth/verify-access-token.ts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { mcpResource } from '../../src/oauth/scopes.ts';
import { Role, TaskState, type SendMessageRequest, type Task } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import { guardedFetch } from '../../src/oauth/guarded-fetch.ts';

const EMAIL = 'grace.example@example.test';
const PASSWORD = 'a long enough password';

let s: TestServer;
let site: Awaited<ReturnType<typeof agencyStub>>;
let browser: Browser;
let page: Page;
let resource: string;
let accountId: string;
/** The client's redirect URI: a local server that keeps every URL the browser is sent back to. */
let receiver: LoopbackRedirect;
let returned: string[];
let redirectUri: string;
const insecure = { execute: [oidc.allowInsecureRequests], algorithm: 'oauth2' as const }; // the test server is plain http on loopback

beforeAll(async () => {
  site = await agencyStub();
  s = await startServer({ overrides: { OAUTH_ALLOW_LOOPBACK: 'true', OAUTH_EXTRA_CA_FILE: site.certFile } });
  s.ctx.config.PUBLIC_BASE_URL = s.url; // known once it listens; the provider is made on first use
  resource = mcpResource(s.ctx.config);
  receiver = await loopbackRedirect();
  ({ returned, uri: redirectUri } = receiver);
  const created = await signUp(s.ctx.db, EMAIL, PASSWORD);
  if (created.status !== 'created') throw new Error('user exists');
  accountId = (await verifyEmail(s.ctx.db, created.token))!.accountId;
  ({ browser, page } = await openBrowser());
});

afterAll(async () => {
  await browser?.close();
  receiver?.close();
  await s?.close();
  if (s) await dropTestEnv(s.env);
  await site?.close();
});

const check = (name: string) => checkPage(page, name);

interface Started {
  url: URL;
  verifier: string;
  state: string;
}

async function authorizationUrl(config: oidc.Configuration, scope: string): Promise<Started> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope,
    resource,
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  return { url, verifier, state };
}

const toConsent = (started: Started) => toConsentOn(page, started.url.href, { email: EMAIL, password: PASSWORD });
const decide = (button: 'Approve' | 'Deny') => decideOn(page, receiver, button);

async function tokensFor(config: oidc.Configuration, started: Started) {
  await toConsent(started);
  const back = await decide('Approve');
  return oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: started.verifier, expectedState: started.state }, { resource });
}

const verify = (token: string, requiredScopes?: string[]) => verifyAccessToken(s.ctx, token, { audience: resource, requiredScopes });

/** The OAuth error code a token-endpoint call failed with. */
const oauthError = (p: Promise<unknown>) => p.then(() => 'succeeded', (e: { error?: string; code?: string }) => e.error ?? e.code);

test('metadata (RFC 8414) announces what the server does', async () => {
  const res = await fetch(`${s.url}/.well-known/oauth-authorization-server`);
  expect(res.status).toBe(200);
  const meta = await res.json();
  expect(meta).toMatchObject({
    issuer: s.url,
    authorization_endpoint: `${s.url}/oauth/authorize`,
    token_endpoint: `${s.url}/oauth/token`,
    registration_endpoint: `${s.url}/oauth/register`,
    revocation_endpoint: `${s.url}/oauth/revoke`,
    code_challenge_methods_supported: ['S256'],
    response_types_supported: ['code'],
    token_endpoint_auth_methods_supported: ['none'],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
  });
  expect(meta.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
  expect(meta.scopes_supported).toEqual(expect.arrayContaining(['forms:read', 'forms:write', 'fill', 'batch', 'usage:read']));
});

test('a registered (DCR) client: sign-in, consent, token, refresh with rotation, reuse detection, revocation', async () => {
  const config = await oidc.dynamicClientRegistration(
    new URL(s.url),
    { client_name: 'Registered Test Client', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] },
    oidc.None(),
    insecure,
  );
  const clientId = config.clientMetadata().client_id;

  // Signed out: the dashboard's sign-in comes first, then the consent page names the client,
  // where it sends the person back to, and the scopes.
  const started = await authorizationUrl(config, 'forms:read fill');
  await toConsent(started);
  expect(await page.locator('#client-name').textContent()).toBe('Registered Test Client');
  expect(await page.locator('#redirect-host').textContent()).toBe(new URL(redirectUri).host);
  expect(await page.locator('#scopes li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-scope')))).toEqual(['forms:read', 'fill']);
  await check('oauth-consent');
  const back = await decide('Approve');
  expect(back.searchParams.get('iss')).toBe(s.url);
  const tokens = await oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: started.verifier, expectedState: started.state }, { resource });
  expect(tokens.token_type.toLowerCase()).toBe('bearer');
  expect(tokens.scope?.split(' ').sort()).toEqual(['fill', 'forms:read']);
  expect(tokens.refresh_token).toBeTruthy();

  // The token is for the MCP resource only, and says who it acts for.
  const owner = await verify(tokens.access_token, ['fill']);
  expect(owner).toMatchObject({ accountId, clientId, scopes: expect.arrayContaining(['forms:read', 'fill']) });
  expect(await verifyAccessToken(s.ctx, tokens.access_token, { audience: `${s.url}/other` })).toBeNull();
  expect(await verify(tokens.access_token, ['batch'])).toBeNull(); // a scope it was not granted
  expect(await verify('not-a-token')).toBeNull();

  // The MCP door takes the token: the official client lists the tools and may read; filling
  // needs forms:write, which this consent did not give.
  const mcp = new Client({ name: 'oauth-test', version: '1' });
  await mcp.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${tokens.access_token}` } } }));
  expect((await mcp.listTools()).tools.length).toBeGreaterThan(10);
  const usage = await mcp.callTool({ name: 'get_usage', arguments: {} });
  expect(usage.isError).toBeFalsy();
  const create = await mcp.callTool({ name: 'create_form', arguments: { file: { base64: 'JVBERi0=' } } });
  expect(create.isError).toBe(true);
  expect(JSON.stringify(create.content)).toContain('insufficient_scope');
  await mcp.close();

  // The A2A door takes the same token with the same scope rules: a read-only skill runs, one that
  // creates is refused with insufficient_scope.
  const fetchImpl: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('Authorization', `Bearer ${tokens.access_token}`);
    return fetch(input, { ...init, headers });
  };
  const a2a = await new ClientFactory(ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { transports: [new JsonRpcTransportFactory({ fetchImpl })] })).createFromUrl(s.url);
  const message = (data: Record<string, unknown>): SendMessageRequest => ({
    tenant: '', metadata: {}, configuration: undefined,
    message: { messageId: crypto.randomUUID(), contextId: '', taskId: '', role: Role.ROLE_USER, metadata: {}, extensions: [], referenceTaskIds: [], parts: [{ content: { $case: 'data', value: data }, metadata: {}, filename: '', mediaType: '' }] },
  });
  const read = (await a2a.sendMessage(message({ skill: 'usage_and_quote' }))) as Task;
  expect(read.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
  const lookup = (await a2a.sendMessage(message({ skill: 'get_contract', form_id: crypto.randomUUID() }))) as Task;
  expect(lookup.status?.state).toBe(TaskState.TASK_STATE_FAILED); // reading is allowed: the form is not found
  expect(JSON.stringify(lookup.status?.message)).toContain('not_found');
  const make = (await a2a.sendMessage(message({ skill: 'make_fillable' }))) as Task;
  expect(JSON.stringify(make.status?.message)).toContain('insufficient_scope');

  // Refresh rotates the refresh token; the old one is refused, and presenting it again (a sign
  // the token leaked) ends the whole grant, the new tokens included.
  const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!, { resource });
  expect(refreshed.refresh_token).toBeTruthy();
  expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
  expect(await verify(refreshed.access_token)).toMatchObject({ accountId });
  expect(await oauthError(oidc.refreshTokenGrant(config, tokens.refresh_token!, { resource }))).toBe('invalid_grant');
  expect(await verify(refreshed.access_token)).toBeNull();
  expect(await oauthError(oidc.refreshTokenGrant(config, refreshed.refresh_token!, { resource }))).toBe('invalid_grant');

  // The grant is gone, so consent is asked again (the browser is still signed in). Then
  // revocation (RFC 7009): revoking the access token ends it and every token of its grant.
  const again = await tokensFor(config, await authorizationUrl(config, 'usage:read'));
  expect(again.scope).toBe('usage:read');
  expect(await verify(again.access_token, ['usage:read'])).toMatchObject({ accountId });
  await oidc.tokenRevocation(config, again.access_token);
  expect(await verify(again.access_token)).toBeNull();
  // …and the MCP door refuses it from then on, pointing at its metadata.
  const refused = await fetch(`${s.url}/mcp`, { method: 'POST', headers: { authorization: `Bearer ${again.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
  expect(refused.status).toBe(401);
  expect(refused.headers.get('www-authenticate')).toContain('resource_metadata=');
  const refusedA2a = await fetch(`${s.url}/a2a`, { method: 'POST', headers: { authorization: `Bearer ${again.access_token}`, 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'GetTask', params: { id: 'x' } }) });
  expect(refusedA2a.status).toBe(401);
  expect(await oauthError(oidc.refreshTokenGrant(config, again.refresh_token!, { resource }))).toBe('invalid_grant');

  // The consent itself stands: the next authorization goes straight back to the client. Revoking
  // the refresh token then ends the grant, its access tokens with it.
  const started3 = await authorizationUrl(config, 'usage:read');
  const before = returned.length;
  await page.goto(started3.url.href);
  await page.waitForURL(`${redirectUri}**`);
  expect(returned.length).toBe(before + 1);
  const third = await oidc.authorizationCodeGrant(config, new URL(returned.at(-1)!), { pkceCodeVerifier: started3.verifier, expectedState: started3.state }, { resource });
  expect(await verify(third.access_token)).toMatchObject({ accountId });
  await oidc.tokenRevocation(config, third.refresh_token!);
  expect(await oauthError(oidc.refreshTokenGrant(config, third.refresh_token!, { resource }))).toBe('invalid_grant');
  expect(await verify(third.access_token)).toBeNull();
  await toConsent(await authorizationUrl(config, 'usage:read')); // asked again
}, 120_000);

test('a Client ID Metadata Document client: consent, token, expiry; Connected apps lists it and revokes it', async () => {
  const clientId = `${site.origin}/oauth/client.json`;
  site.routes.set('/oauth/client.json', (_req, res) =>
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(
      JSON.stringify({ client_id: clientId, client_name: 'Example Assistant', client_uri: site.origin, redirect_uris: [redirectUri], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' }),
    ),
  );
  const config = await oidc.discovery(new URL(s.url), clientId, undefined, oidc.None(), insecure);
  const started = await authorizationUrl(config, 'forms:read forms:write batch');
  await toConsent(started);
  expect(site.hits).toContain('/oauth/client.json'); // the document was fetched, over TLS, through the guard
  expect(await page.locator('#client-name').textContent()).toBe('Example Assistant');
  expect(await page.locator('#redirect-host').textContent()).toBe(new URL(redirectUri).host);
  const back = await decide('Approve');
  const tokens = await oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: started.verifier, expectedState: started.state }, { resource });
  expect(await verify(tokens.access_token, ['forms:write', 'batch'])).toMatchObject({ accountId, clientId });

  // An expired token is refused: its expiry is moved into the past, as an hour would.
  const row = await s.ctx.db.oAuthRecord.findUniqueOrThrow({ where: { model_id: { model: 'AccessToken', id: tokens.access_token } } });
  const payload = row.payload as { exp: number };
  await s.ctx.db.oAuthRecord.update({ where: { model_id: { model: 'AccessToken', id: tokens.access_token } }, data: { payload: { ...payload, exp: Math.floor(Date.now() / 1000) - 1 } } });
  expect(await verify(tokens.access_token)).toBeNull();
  const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!, { resource });
  expect(await verify(refreshed.access_token)).toMatchObject({ accountId });

  await page.goto(`${s.url}/dashboard/connected-apps`);
  const rowOf = page.locator(`tr[data-client="${clientId}"]`);
  await expect.poll(() => rowOf.locator('th').textContent()).toContain('Example Assistant');
  expect(await rowOf.locator('td').first().textContent()).toBe(new URL(redirectUri).host);
  expect(await rowOf.locator('.scopes li').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^forms:read/), expect.stringMatching(/^forms:write/), expect.stringMatching(/^batch/)]));
  expect(await page.getByRole('link', { name: 'Connected apps' }).getAttribute('aria-current')).toBe('page');
  await check('connected-apps');
  await page.getByRole('button', { name: 'Revoke Example Assistant' }).click();
  await expect.poll(() => page.locator('.notice').textContent()).toContain('lost its access');
  expect(await rowOf.count()).toBe(0);
  expect(await verify(refreshed.access_token)).toBeNull();
  expect(await oauthError(oidc.refreshTokenGrant(config, refreshed.refresh_token!, { resource }))).toBe('invalid_grant');
}, 120_000);

test('refusals: plain PKCE, no PKCE, another resource, Deny, confidential or private-address clients, registration flood', async () => {
  const config = await oidc.dynamicClientRegistration(new URL(s.url), { client_name: 'Refusals', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' }, oidc.None(), insecure);
  const clientId = config.clientMetadata().client_id;
  /** Where the authorization endpoint sends the browser for these parameters (no browser needed to be refused). */
  const answer = async (params: Record<string, string>) => {
    const res = await fetch(`${s.url}/oauth/authorize?${new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'fill', state: 'st', ...params })}`, { redirect: 'manual' });
    const location = res.headers.get('location');
    return location ? Object.fromEntries(new URL(location, s.url).searchParams) : { status: String(res.status) };
  };
  const challenge = await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier());
  expect(await answer({ code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' })).toMatchObject({ error: 'invalid_request', error_description: 'not supported value of code_challenge_method', state: 'st' });
  expect(await answer({})).toMatchObject({ error: 'invalid_request' }); // PKCE is required
  expect(await answer({ code_challenge: challenge, code_challenge_method: 'S256', resource: 'https://elsewhere.example/api' })).toMatchObject({ error: 'invalid_target' });

  // Consent is asked even for a request with no scope; Deny: the client hears access_denied and
  // gets no grant.
  const started = await authorizationUrl(config, '');
  await toConsent(started);
  // The consent form is CSRF-protected: a post without the page's token, with the browser's
  // cookies, is refused and grants nothing.
  const forged = await page.request.post(`${s.url}${new URL(page.url()).pathname}/approve`, { form: { _csrf: 'forged' }, maxRedirects: 0 });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain('security token');
  const denied = await decide('Deny');
  expect(denied.searchParams.get('error')).toBe('access_denied');
  expect(await s.ctx.db.oAuthRecord.count({ where: { model: 'Grant', payload: { path: ['clientId'], equals: clientId } } })).toBe(0);

  // Registration is for public clients only (no client secrets handed out).
  const register = (body: object) => fetch(`${s.url}/oauth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const confidential = await register({ redirect_uris: [redirectUri], token_endpoint_auth_method: 'client_secret_basic' });
  expect(confidential.status).toBe(400);
  expect((await confidential.json()).error).toBe('invalid_client_metadata');

  // The metadata fetch is the service's guarded one: without the test's loopback allowance the
  // local site is refused before any connection; with it, the document is served over TLS.
  const document = `${site.origin}/oauth/refusals.json`;
  site.routes.set('/oauth/refusals.json', (_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'));
  const extraCa = readFileSync(site.certFile, 'utf8');
  await expect(guardedFetch({ allowLoopback: false, extraCa })(document)).rejects.toThrow(/public address/);
  expect(site.hits).not.toContain('/oauth/refusals.json');
  expect((await guardedFetch({ allowLoopback: true, extraCa })(document)).status).toBe(200);
  expect(site.hits).toContain('/oauth/refusals.json');
  // And a client whose document is on a private address is refused.
  const privateClient = await fetch(`${s.url}/oauth/authorize?${new URLSearchParams({ client_id: 'https://10.0.0.1/client.json', redirect_uri: redirectUri, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256' })}`, { redirect: 'manual' });
  expect(privateClient.status).toBe(400);
  expect(await privateClient.text()).toContain('invalid_client');

  // Open registration is throttled per client address.
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++) statuses.push((await register({ redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' })).status);
  expect(statuses.at(-1)).toBe(429);
  expect(statuses.filter((st) => st === 201).length).toBeGreaterThan(10);
}, 120_000);
