// The OAuth 2.1 authorization server the MCP door relies on, built on oidc-provider (a certified
// implementation; docs/decisions.md says why not by hand): authorization code with PKCE (S256
// only), Resource Indicators (RFC 8707) with tokens bound to PUBLIC_BASE_URL/mcp, metadata at
// /.well-known/oauth-authorization-server (RFC 8414), Dynamic Client Registration (RFC 7591) for
// public clients, Client ID Metadata Documents fetched through the service's URL guard, refresh
// tokens rotated at each use, revocation (RFC 7009). Access tokens are opaque rows in the
// database, so a revocation takes effect at once. Its signing and cookie keys are made on first
// use and kept in the database (WebSetting), shared by every process.
//
// The person behind a grant is the dashboard's signed-in user: oidc-provider's accountId is our
// User.id, and its login prompt is asked again whenever the dashboard session names someone else.
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Request } from 'express';
import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { AppContext } from '../context.ts';
import { settingMadeOnce } from '../store/web-settings.ts';
import { prismaAdapterFactory } from './adapter.ts';
import { guardedFetch } from './guarded-fetch.ts';
import { oauthErrorHtml } from './error-page.tsx';
import { SCOPE_NAMES, mcpResource } from './scopes.ts';

/** Where the library's own endpoints live; the interaction pages (interaction-pages.tsx) are ours. */
export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
  pushed_authorization_request: '/oauth/par',
  end_session: '/oauth/session/end',
  introspection: '/oauth/introspect',
  userinfo: '/oauth/userinfo',
  code_verification: '/oauth/device',
  device_authorization: '/oauth/device/auth',
  backchannel_authentication: '/oauth/backchannel',
  challenge: '/oauth/challenge',
  credential: '/oauth/credential',
} as const;

export const interactionPath = (uid: string) => `/oauth/interaction/${encodeURIComponent(uid)}`;

const providers = new WeakMap<AppContext, Promise<Provider>>();

/** The authorization server of this service (made on first use, after PUBLIC_BASE_URL is final). */
export function oauthProvider(ctx: AppContext): Promise<Provider> {
  let provider = providers.get(ctx);
  if (!provider) {
    provider = buildProvider(ctx);
    providers.set(ctx, provider);
    provider.catch(() => providers.delete(ctx));
  }
  return provider;
}

async function keys(ctx: AppContext) {
  const signing = await settingMadeOnce(ctx.db, 'oauth_signing_jwk', () => {
    const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
    return JSON.stringify({ ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' });
  });
  const cookie = await settingMadeOnce(ctx.db, 'oauth_cookie_key', () => randomBytes(32).toString('base64url'));
  return { jwk: JSON.parse(signing), cookie };
}

/** The dashboard user of the request oidc-provider is handling (its webSession ran first: router.ts). */
const dashboardUserId = (k: KoaContextWithOIDC) => (k.req as unknown as Request).session?.userId;

function policy({ interactionPolicy }: OidcLibrary) {
  const base = interactionPolicy.base();
  base.get('login')!.checks.add(
    new interactionPolicy.Check('dashboard_user', 'the signed-in dashboard user is not the one of this authorization session', (k) =>
      dashboardUserId(k) !== k.oidc.session!.accountId ? interactionPolicy.Check.REQUEST_PROMPT : interactionPolicy.Check.NO_NEED_TO_PROMPT,
    ),
  );
  // The library asks for consent only when scopes are missing from a grant: a request with no
  // scope would get a token for the person without their say. No stored grant, no token.
  base.get('consent')!.checks.add(
    new interactionPolicy.Check('no_grant', 'the account holder has not approved this client', async (k) => {
      const grantId = k.oidc.result?.consent?.grantId ?? k.oidc.session!.grantIdFor(k.oidc.client!.clientId);
      return grantId && (await k.oidc.provider.Grant.find(grantId)) ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT;
    }),
  );
  return base;
}

/** The library, loaded on first use: a process that never serves OAuth (a worker) never loads it. */
type OidcLibrary = typeof import('oidc-provider');

async function buildProvider(ctx: AppContext): Promise<Provider> {
  const oidc: OidcLibrary = await import('oidc-provider');
  const { errors } = oidc;
  const { config } = ctx;
  const { jwk, cookie } = await keys(ctx);
  const resource = mcpResource(config);
  const refreshTtl = config.OAUTH_REFRESH_TOKEN_TTL_DAYS * 86_400;
  const configuration: Configuration = {
    adapter: prismaAdapterFactory(ctx.db),
    jwks: { keys: [jwk] },
    cookies: { keys: [cookie] },
    routes: OAUTH_ROUTES,
    async findAccount(_k, id) {
      const user = await ctx.db.user.findUnique({ where: { id } });
      return user ? { accountId: user.id, claims: () => ({ sub: user.id }) } : undefined;
    },
    // OAuth 2.1 for public clients: code flow, no client secrets, PKCE always (oidc-provider
    // knows only S256, so `plain` is refused), refresh tokens issued and rotated at every use.
    responseTypes: ['code'],
    clientAuthMethods: ['none'],
    clientDefaults: { grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' },
    pkce: { required: () => true },
    issueRefreshToken: async (_k, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: () => true,
    // Tokens live by their grant, not by the library's browser session (which ends with the
    // dashboard sign-in): an MCP client stays connected until revoked or idle too long.
    expiresWithSession: () => false,
    scopes: ['offline_access'],
    // A client may register the resource's scopes (the MCP SDK registers those its Protected
    // Resource Metadata lists). The library knows only its own (offline_access) and would refuse
    // them; a client's `scope` limits only the library's own anyway, so the resource's are checked
    // here and only offline_access is kept for the library.
    extraClientMetadata: {
      properties: ['scope'],
      validator(_k, key, value, metadata) {
        if (key !== 'scope' || value === undefined) return;
        if (typeof value !== 'string') throw new errors.InvalidClientMetadata('scope must be a string');
        const asked = value.split(' ').filter(Boolean);
        const unknown = asked.filter((s) => s !== 'offline_access' && !(SCOPE_NAMES as string[]).includes(s));
        if (unknown.length) throw new errors.InvalidClientMetadata(`scope must only contain supported scope values, not ${unknown.join(' ')}`);
        metadata.scope = asked.includes('offline_access') ? 'offline_access' : undefined;
      },
    },
    ttl: {
      AccessToken: config.OAUTH_ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      // Each rotation starts a new refresh token: this is how long a client may stay unused.
      RefreshToken: refreshTtl,
      // The longest a consent lasts; then the person is asked again.
      Grant: 365 * 86_400,
      Interaction: 3600,
      Session: 14 * 86_400,
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      revocation: { enabled: true },
      registration: { enabled: true, initialAccessToken: false },
      // The draft implemented is pinned: a library update that moves to another draft stops the start.
      clientIdMetadataDocument: { enabled: true, ack: 'draft-02' },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo(_k, indicator) {
          if (indicator !== resource) throw new errors.InvalidTarget(`the only resource is ${resource}`);
          return { scope: SCOPE_NAMES.join(' '), audience: resource, accessTokenFormat: 'opaque', accessTokenTTL: config.OAUTH_ACCESS_TOKEN_TTL_SECONDS };
        },
      },
    },
    // Every URL a client gives (its metadata document above all) is fetched through the guard.
    fetch: guardedFetch({
      allowLoopback: config.OAUTH_ALLOW_LOOPBACK,
      extraCa: config.OAUTH_EXTRA_CA_FILE ? readFileSync(config.OAUTH_EXTRA_CA_FILE, 'utf8') : undefined,
    }) as Configuration['fetch'],
    interactions: { url: (_k, interaction) => interactionPath(interaction.uid), policy: policy(oidc) },
    discovery: { service_documentation: `${config.PUBLIC_BASE_URL}/docs` },
    renderError(k, out) {
      k.type = 'html';
      k.body = oauthErrorHtml(out as { error: string; error_description?: string });
    },
  };
  const provider = new oidc.default(config.PUBLIC_BASE_URL, configuration);
  // X-Forwarded-* are honoured; router.ts drops them unless the peer is loopback, as app.ts trusts.
  provider.proxy = true;
  // The metadata lists the resource's scopes (the library lists only its own, openid and offline_access).
  provider.use(async (k, next) => {
    await next();
    if (k.oidc?.route === 'discovery' && k.body) (k.body as { scopes_supported: string[] }).scopes_supported = ['offline_access', ...SCOPE_NAMES];
  });
  provider.on('server_error', (_k, err) => ctx.log.error({ err }, 'oauth server error'));
  return provider;
}
