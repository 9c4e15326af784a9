// The pages a person sees while an OAuth client asks for access: sign-in is the dashboard's own
// (requireUser sends a signed-out person to /dashboard/sign-in and back here), then the consent
// page, which names the client, where it sends the person back to and what it asks for, with
// Approve and Deny. Both are ordinary dashboard pages: same layout, session and CSRF token.
import { Router, type Request, type Response } from 'express';
import type { AppContext } from '../context.ts';
import { csrfToken } from '../web/session.ts';
import { requireUser, userOf } from '../web/guard.tsx';
import { dashboardErrors, pageMiddleware } from '../web/page-middleware.tsx';
import { Form, Notice, Page, send } from '../web/layout.tsx';
import { interactionPath, oauthProvider } from './provider.ts';
import { SCOPES } from './scopes.ts';

type Interaction = Awaited<ReturnType<Awaited<ReturnType<typeof oauthProvider>>['interactionDetails']>>;

const OFFLINE = 'Stay connected when you are not using it (refresh tokens)';

/** The interaction of this browser, or null when it is unknown, expired or not this browser's. */
async function details(ctx: AppContext, req: Request, res: Response): Promise<Interaction | null> {
  const provider = await oauthProvider(ctx);
  try {
    const interaction = await provider.interactionDetails(req, res);
    return interaction.uid === req.params.uid ? interaction : null;
  } catch {
    return null;
  }
}

function expired(req: Request, res: Response) {
  send(
    res,
    <Page title="This request has expired" csrf={csrfToken(req)}>
      <Notice kind="error">This authorization request is unknown or has expired.</Notice>
      <p>Go back to the application you came from and connect again.</p>
    </Page>,
    400,
  );
}

async function consentPage(ctx: AppContext, req: Request, res: Response, interaction: Interaction) {
  const user = userOf(req);
  const csrf = csrfToken(req);
  const provider = await oauthProvider(ctx);
  const clientId = String(interaction.params.client_id);
  const client = await provider.Client.find(clientId);
  const name = client?.clientName ?? clientId;
  // The redirect URI of this request (a client with a single one may leave it out).
  const redirectUri = String(interaction.params.redirect_uri ?? client?.redirectUris?.[0] ?? '');
  const redirectHost = URL.parse(redirectUri)?.host ?? redirectUri;
  const requested = String(interaction.params.scope ?? '').split(' ').filter(Boolean);
  const scopes = requested.filter((s) => s in SCOPES) as (keyof typeof SCOPES)[];
  const self = interactionPath(interaction.uid);
  send(
    res,
    <Page title={`Allow ${name} to use your account?`} email={user.email} csrf={csrf}>
      <section aria-labelledby="client-heading" class="consent">
        <h2 id="client-heading">The application</h2>
        <dl>
          <dt>Name</dt>
          <dd id="client-name">{name}</dd>
          <dt>Identified by</dt>
          <dd class="mono">
            {clientId}
            {/^https:\/\//.test(clientId) ? ' (its published metadata document)' : ' (registered by the application itself: the name is its own claim)'}
          </dd>
          <dt>Sends you back to</dt>
          <dd id="redirect-host" class="mono">
            {redirectHost}
          </dd>
        </dl>
        <h2>It asks to</h2>
        {scopes.length === 0 && !requested.includes('offline_access') ? (
          <p>Nothing beyond knowing that you connected it.</p>
        ) : (
          <ul id="scopes">
            {scopes.map((s) => (
              <li data-scope={s}>
                {SCOPES[s]} <code>{s}</code>
              </li>
            ))}
            {requested.includes('offline_access') && (
              <li data-scope="offline_access">
                {OFFLINE} <code>offline_access</code>
              </li>
            )}
          </ul>
        )}
        <p>
          Signed in as {user.email}. You can take this back at any time under <a href="/dashboard/connected-apps">Connected apps</a>.
        </p>
        <div class="actions">
          <Form action={`${self}/approve`} csrf={csrf} class="inline">
            <button type="submit">Approve</button>
          </Form>
          <Form action={`${self}/deny`} csrf={csrf} class="inline">
            <button type="submit" class="secondary">
              Deny
            </button>
          </Form>
        </div>
      </section>
    </Page>,
  );
}

export function interactionPages(ctx: AppContext): Router {
  const pages = Router();
  pages.use(pageMiddleware(ctx));
  pages.use(requireUser(ctx));

  pages.get('/oauth/interaction/:uid', async (req, res) => {
    const interaction = await details(ctx, req, res);
    if (!interaction) return expired(req, res);
    const provider = await oauthProvider(ctx);
    if (interaction.prompt.name === 'login') {
      // The dashboard session is the sign-in: whoever is signed in there is the one authorising.
      return provider.interactionFinished(req, res, { login: { accountId: userOf(req).id } }, { mergeWithLastSubmission: false });
    }
    await consentPage(ctx, req, res, interaction);
  });

  pages.post('/oauth/interaction/:uid/approve', async (req, res) => {
    const interaction = await details(ctx, req, res);
    if (!interaction || interaction.prompt.name !== 'consent') return expired(req, res);
    const provider = await oauthProvider(ctx);
    const accountId = userOf(req).id;
    // Signed in as someone else since the request started: sign-in is asked again on resume.
    if (interaction.session?.accountId !== accountId) return provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
    const clientId = String(interaction.params.client_id);
    const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
    const grant = existing ?? new provider.Grant({ accountId, clientId });
    const missing = interaction.prompt.details as { missingOIDCScope?: string[]; missingResourceScopes?: Record<string, string[]> };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(resource, scopes.join(' '));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  });

  pages.post('/oauth/interaction/:uid/deny', async (req, res) => {
    const interaction = await details(ctx, req, res);
    if (!interaction) return expired(req, res);
    const provider = await oauthProvider(ctx);
    await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The account holder denied access.' }, { mergeWithLastSubmission: false });
  });

  pages.use(dashboardErrors);
  const r = Router();
  r.use((req, res, next) => (req.path.startsWith('/oauth/interaction/') ? pages(req, res, next) : next()));
  return r;
}
