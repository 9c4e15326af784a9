// The dashboard at /dashboard: account holders' pages, server-rendered. Its own middleware only:
// security headers (helmet), form bodies, the session, CSRF on every POST, and a sign-in guard
// on the account pages. The API's routes and behaviour are untouched.
import express, { Router, type ErrorRequestHandler } from 'express';
import helmet from 'helmet';
import { fileURLToPath } from 'node:url';
import type { AppContext } from '../context.ts';
import { csrfProtection, csrfToken, webSession } from './session.ts';
import { requireUser } from './guard.tsx';
import { authPages } from './auth-pages.tsx';
import { keysPages } from './keys-page.tsx';
import { usagePages } from './usage-page.tsx';
import { billingPages } from './billing-page.tsx';
import { callbacksPages } from './callbacks-page.tsx';
import { retentionPages } from './retention-page.tsx';
import { Notice, Page, send } from './layout.tsx';

const ASSETS = fileURLToPath(new URL('./assets/', import.meta.url));

export function dashboardRouter(ctx: AppContext): Router {
  const r = Router();
  r.use('/dashboard/assets', express.static(ASSETS, { index: false, maxAge: '1h' }));
  const pages = Router();
  pages.use(
    helmet({
      // Forms post to this site, then Checkout and the Customer Portal take over on Stripe's:
      // form-action would block that redirect.
      contentSecurityPolicy: { directives: { 'form-action': null } },
    }),
  );
  pages.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  pages.use(express.urlencoded({ extended: false, limit: '16kb' }));
  pages.use(webSession(ctx));
  pages.use(csrfProtection);
  pages.use(authPages(ctx));
  const account = Router();
  account.use(requireUser(ctx));
  account.use(keysPages(ctx), usagePages(ctx), billingPages(ctx), callbacksPages(ctx), retentionPages(ctx));
  pages.use(account);
  pages.use(dashboardErrors);
  // Only /dashboard paths enter (the pages keep their full paths, so no mount prefix is stripped).
  r.use((req, res, next) => (req.path === '/dashboard' || req.path.startsWith('/dashboard/') ? pages(req, res, next) : next()));
  return r;
}

/** A CSRF failure is a 403 page; anything else goes on to the service's error handler. */
const dashboardErrors: ErrorRequestHandler = (err, req, res, next) => {
  if ((err as { code?: string }).code !== 'EBADCSRFTOKEN' || res.headersSent) return next(err);
  send(
    res,
    <Page title="Form expired" csrf={csrfToken(req)}>
      <Notice kind="error">This form was not accepted (its security token is missing or out of date). Go back, reload the page and try again.</Notice>
    </Page>,
    403,
  );
};
