// Builds the Express app from its parts. No logic of its own: order of middleware only.
import express, { Router } from 'express';
import type { AppContext } from './context.ts';
import { requestLog } from './http/request-log.ts';
import { rateLimit } from './http/rate-limit.ts';
import { requireApiKey } from './http/auth.ts';
import { routeExists } from './http/routes.ts';
import { errorHandler, unknownRoute } from './http/errors.ts';
import { healthRouter } from './api/health.ts';
import { metricsRouter } from './api/metrics.ts';
import { docsRouter } from './api/docs.ts';
import { pricingRouter } from './api/pricing.ts';
import { discoveryRouter } from './api/discovery.ts';
import { payRouter } from './api/pay.ts';
import { billingWebhookRouter } from './api/billing-webhooks.ts';
import { billingErrorHandler } from './billing/allowance.ts';
import { usageRouter } from './api/usage.ts';
import { formsRouter } from './api/forms.ts';
import { sessionsRouter } from './api/sessions.ts';
import { readVerifyRouter } from './api/read-verify.ts';
import { toolsRouter } from './api/tools.ts';
import { artifactsRouter } from './api/artifacts.ts';
import { batchesRouter } from './api/batches.ts';
import { contextRouter } from './api/context.ts';
import { proposalsRouter } from './api/proposals.ts';
import { dashboardRouter } from './web/router.tsx';
import { faxProviderRouter, faxRouter } from './api/fax.ts';
import { payFaxStatusRouter } from './api/pay-fax.ts';
import { libraryOpenRouter, libraryRouter } from './api/library.ts';
import { catalogIndex } from './library/search-index.ts';
import { oauthRouter } from './oauth/router.ts';
import { linksRouter } from './api/links.ts';
import { mcpRouter } from './mcp/server.ts';
import { anyVerifier, apiKeyVerifier, oauthVerifier, type AccessTokenVerifier } from './http/agent-auth.ts';
import { a2aRouter } from './a2a/router.ts';
import { agenticAccessRouter } from './api/agentic-access.ts';

export interface AppOptions {
  /** Bearer tokens the agent doors (MCP, A2A) accept; default: account API keys and this service's OAuth access tokens. */
  verifyAccessToken?: AccessTokenVerifier;
}

export function createApp(ctx: AppContext, options: AppOptions = {}): express.Express {
  const library = catalogIndex(ctx.config.LIBRARY_CATALOG_DIR); // the catalog's schema is checked here: a bad entry stops the start
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'simple');

  app.use(requestLog(ctx.log, ctx.metrics));
  app.use(rateLimit(ctx, 'ip'));

  // Open routes (/metrics has a token of its own).
  app.use(healthRouter(ctx));
  app.use(metricsRouter(ctx));
  app.use(docsRouter(ctx));

  // No API key here: the price list, discovery, pay-per-call (payment credentials instead) and
  // Stripe webhooks (signature instead). Before `api`, which answers 401 to anything it gets.
  app.use(pricingRouter(ctx));
  app.use(discoveryRouter(ctx));
  app.use(payRouter(ctx));
  app.use(billingWebhookRouter(ctx));
  // Account holders' pages (session cookie instead of an API key).
  app.use(dashboardRouter(ctx));
  // OAuth 2.1 for MCP clients: /oauth/*, its metadata under /.well-known, the consent pages.
  app.use(oauthRouter(ctx));
  app.use(payFaxStatusRouter(ctx));
  app.use(faxProviderRouter(ctx)); // the fax provider: signed document URLs and signed webhooks
  app.use(libraryOpenRouter(ctx, library));
  app.use(linksRouter(ctx)); // signed upload and download links (the signature instead of a key)
  // The agent doors: bearer tokens (API keys, OAuth access tokens) checked by their own middleware.
  const verifyAccessToken = options.verifyAccessToken ?? anyVerifier(apiKeyVerifier(ctx), oauthVerifier(ctx));
  app.use(mcpRouter(ctx, { library, verifyAccessToken }));
  app.use(agenticAccessRouter(ctx));
  // The A2A agent: its card is open; POST /a2a takes the same bearer tokens as /mcp.
  app.use(a2aRouter(ctx, library, verifyAccessToken));

  // Everything else needs an API key; a path no route serves falls through to the 404 below.
  const routes = Router();
  routes.use(usageRouter(ctx));
  routes.use(formsRouter(ctx));
  routes.use(sessionsRouter(ctx));
  routes.use(readVerifyRouter(ctx));
  routes.use(toolsRouter(ctx));
  routes.use(artifactsRouter(ctx));
  routes.use(batchesRouter(ctx));
  routes.use(contextRouter(ctx));
  routes.use(proposalsRouter(ctx));
  routes.use(faxRouter(ctx));
  routes.use(libraryRouter(ctx, library));
  const api = Router();
  api.use((req, _res, next) => next(routeExists(routes, req.path) ? undefined : 'router'));
  api.use(requireApiKey(ctx), rateLimit(ctx, 'account'));
  api.use(express.json({ limit: '1mb' }));
  api.use(routes);
  app.use(api);

  app.use(unknownRoute);
  app.use(billingErrorHandler); // 402 free-tier bodies: {error, detail: {code, message, billing_url}}
  app.use(errorHandler);
  return app;
}
