// Mounts the authorization server in the Express app: the consent pages (ours) and every endpoint
// oidc-provider serves (a Koa app, handed the raw request). The dashboard's session runs first on
// those endpoints too, so the provider's sign-in follows the dashboard's (provider.ts). Open client
// registration is throttled per client address.
import { Router, type Request } from 'express';
import type { AppContext } from '../context.ts';
import { webSession } from '../web/session.ts';
import { LIMITS, throttled } from '../web/throttle.ts';
import { OAUTH_ROUTES, oauthProvider } from './provider.ts';
import { interactionPages } from './interaction-pages.tsx';
import { registrationCors } from '../http/cors.ts';

const WELL_KNOWN = new Set(['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']);

const ENDPOINTS: readonly string[] = Object.values(OAUTH_ROUTES);

/** The library's paths (an endpoint, or below one: /oauth/authorize/:uid); any other path is the app's 404. */
const servedByProvider = (path: string) => WELL_KNOWN.has(path) || ENDPOINTS.some((e) => path === e || path.startsWith(`${e}/`));

/** X-Forwarded-* count only from a peer app.ts trusts as a proxy (the provider trusts them always). */
function dropUntrustedForwarding(req: Request) {
  const trusted = req.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  if (trusted(req.socket.remoteAddress ?? '', 0)) return;
  for (const name of Object.keys(req.headers)) if (name.startsWith('x-forwarded-')) delete req.headers[name];
}

export function oauthRouter(ctx: AppContext): Router {
  const r = Router();
  r.use(interactionPages(ctx));
  r.use(OAUTH_ROUTES.registration, registrationCors); // oidc-provider has no CORS for registration
  const session = webSession(ctx);
  let handler: Promise<(req: Request, res: unknown) => unknown> | undefined;
  r.use((req, res, next) => {
    if (!servedByProvider(req.path)) return next();
    dropUntrustedForwarding(req);
    session(req, res, async (err?: unknown) => {
      try {
        if (err) throw err;
        if (req.method === 'POST' && req.path === OAUTH_ROUTES.registration) {
          const wait = await throttled(ctx, `oauth-register:${req.ip}`, LIMITS.oauthRegisterPerIp);
          if (wait) {
            res.setHeader('Retry-After', String(wait));
            return res.status(429).json({ error: 'rate_limited', error_description: `Too many client registrations from this address; try again in ${wait} s.` });
          }
        }
        handler ??= oauthProvider(ctx).then((p) => p.callback() as (req: Request, res: unknown) => unknown);
        (await handler)(req, res);
      } catch (e) {
        next(e);
      }
    });
  });
  return r;
}
