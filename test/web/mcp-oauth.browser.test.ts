// An MCP client with OAuth support connects to /mcp with no key: the official SDK client's own
// OAuth machinery (an OAuthClientProvider on its Streamable HTTP transport) finds the Protected
// Resource Metadata from the 401, registers itself (RFC 7591), sends its user to the authorization
// URL with PKCE and the MCP resource, and trades the code for tokens. The user is real Chromium
// (Debian's, through playwright-core): dashboard sign-in, then consent. Then the tokens that no
// longer stand (revoked, or issued for another resource) are refused with 401.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { dropTestEnv, startServer, type TestServer } from '../helpers/server.ts';
import { openBrowser } from '../helpers/browser.ts';
import { decide, loopbackRedirect, toConsent, type LoopbackRedirect } from '../helpers/oauth-consent.ts';
import { signUp, verifyEmail } from '../../src/store/users.ts';

const ACCOUNT = { email: 'ada.example@example.test', password: 'a long enough password' };

let s: TestServer;
let browser: Browser;
let page: Page;
let redirect: LoopbackRedirect;

beforeAll(async () => {
  s = await startServer({ overrides: { OAUTH_ALLOW_LOOPBACK: 'true' } });
  s.ctx.config.PUBLIC_BASE_URL = s.url; // known once it listens; the provider is made on first use
  redirect = await loopbackRedirect();
  const created = await signUp(s.ctx.db, ACCOUNT.email, ACCOUNT.password);
  if (created.status !== 'created') throw new Error('user exists');
  await verifyEmail(s.ctx.db, created.token);
  ({ browser, page } = await openBrowser());
});

afterAll(async () => {
  await browser?.close();
  redirect?.close();
  await s?.close();
  if (s) await dropTestEnv(s.env);
});

/** What an MCP client keeps between runs, in memory: its registration, tokens and PKCE verifier. */
class MemoryOAuthProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier?: string;
  /** Where the SDK sent the user, once it needed them. */
  authorizationUrl?: URL;
  constructor(readonly redirectUrl: string) {}
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'SDK Test Client', redirect_uris: [this.redirectUrl], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }
  clientInformation() { return this.client; }
  saveClientInformation(info: OAuthClientInformationMixed) { this.client = info; }
  tokens() { return this.saved; }
  saveTokens(tokens: OAuthTokens) { this.saved = tokens; }
  redirectToAuthorization(url: URL) { this.authorizationUrl = url; }
  saveCodeVerifier(verifier: string) { this.verifier = verifier; }
  codeVerifier() {
    if (!this.verifier) throw new Error('no code verifier saved');
    return this.verifier;
  }
}

const mcpUrl = () => new URL(`${s.url}/mcp`);

/** The status the official client sees when it connects with a static bearer token. */
async function statusWith(token: string): Promise<number | 'connected'> {
  const client = new Client({ name: 'static-token', version: '1' });
  try {
    await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    await client.close();
    return 'connected';
  } catch (err) {
    if (err instanceof StreamableHTTPError) return err.code ?? -1;
    throw err;
  }
}

test('the SDK client discovers, registers, sends the user to consent, finishes with PKCE and uses the tools; revoked and other-resource tokens get 401', async () => {
  const provider = new MemoryOAuthProvider(redirect.uri);
  const first = new Client({ name: 'oauth-sdk-test', version: '1' });
  const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });

  // No token yet: the 401 leads the SDK through discovery and registration to the user.
  await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.client?.client_id).toBeTruthy(); // registered with our /oauth/register
  const asked = provider.authorizationUrl!;
  expect(`${asked.origin}${asked.pathname}`).toBe(`${s.url}/oauth/authorize`);
  expect(asked.searchParams.get('code_challenge_method')).toBe('S256');
  expect(asked.searchParams.get('resource')).toBe(`${s.url}/mcp`);
  expect(asked.searchParams.get('redirect_uri')).toBe(redirect.uri);

  await toConsent(page, asked.href, ACCOUNT);
  expect(await page.locator('#client-name').textContent()).toBe('SDK Test Client');
  // The SDK asked for (and registered) the scopes the resource metadata lists; the person sees them all.
  expect(await page.locator('#scopes li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-scope')))).toEqual(['forms:read', 'forms:write', 'fill', 'batch', 'usage:read']);
  const back = await decide(page, redirect, 'Approve');
  expect(back.searchParams.get('state')).toBe(asked.searchParams.get('state'));
  const code = back.searchParams.get('code');
  expect(code).toBeTruthy();
  await transport.finishAuth(code!);
  expect(provider.saved?.access_token).toBeTruthy();
  expect(provider.saved?.refresh_token).toBeTruthy();

  // Reconnect with the tokens: the tools are listed and a read tool answers for this account.
  const client = new Client({ name: 'oauth-sdk-test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider }));
  const names = (await client.listTools()).tools.map((t) => t.name);
  expect(names).toEqual(expect.arrayContaining(['get_usage', 'create_form', 'get_contract']));
  const usage = await client.callTool({ name: 'get_usage', arguments: {} });
  expect(usage.isError).toBeFalsy();
  expect(usage.structuredContent).toBeTruthy();
  await client.close();

  const accessToken = provider.saved!.access_token;
  expect(await statusWith(accessToken)).toBe('connected');

  // The same token, had it been issued for another resource (audience), is refused.
  const key = { model_id: { model: 'AccessToken', id: accessToken } };
  const row = await s.ctx.db.oAuthRecord.findUniqueOrThrow({ where: key });
  const payload = row.payload as Record<string, unknown>;
  await s.ctx.db.oAuthRecord.update({ where: key, data: { payload: { ...payload, aud: `${s.url}/other` } } });
  expect(await statusWith(accessToken)).toBe(401);
  await s.ctx.db.oAuthRecord.update({ where: key, data: { payload: payload as object } });
  expect(await statusWith(accessToken)).toBe('connected'); // the rewrite, not something else, was refused

  // Revoked (RFC 7009, as the client itself would on sign-out): refused from then on.
  const revoked = await fetch(`${s.url}/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: accessToken, client_id: provider.client!.client_id }) });
  expect(revoked.status).toBe(200);
  expect(await statusWith(accessToken)).toBe(401);
}, 120_000);

test('registration takes the resource scopes and refuses unknown ones', async () => {
  const register = (scope: string) =>
    fetch(`${s.url}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: [redirect.uri], token_endpoint_auth_method: 'none', scope }) });
  expect((await register('forms:read usage:read offline_access')).status).toBe(201);
  const refused = await register('forms:read admin');
  expect(refused.status).toBe(400);
  expect(await refused.json()).toMatchObject({ error: 'invalid_client_metadata', error_description: expect.stringContaining('admin') });
});
