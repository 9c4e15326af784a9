// The dashboard at /dashboard: account holders' pages, server-rendered. Its own middleware only:
// security headers (helmet), form bodies, the session, CSRF on every POST, and a sign-in guard
// on the account pages. The API's routes and behaviour are untouched.
import express, { Router } from 'express';
import { fileURLToPath } from 'node:url';
import type { AppContext } from '../context.ts';
import { requireUser } from './guard.tsx';
import { authPages } from './auth-pages.tsx';
import { keysPages } from './keys-page.tsx';
import { usagePages } from './usage-page.tsx';
import { billingPages } from './billing-page.tsx';
import { callbacksPages } from './callbacks-page.tsx';
import { retentionPages } from './retention-page.tsx';
import { connectedAppsPages } from './connected-apps-page.tsx';
import { dashboardErrors, pageMiddleware } from './page-middleware.tsx';

const ASSETS = fileURLToPath(new URL('./assets/', import.meta.url));

export function dashboardRouter(ctx: AppContext): Router {
  const r = Router();
  r.use('/dashboard/assets', express.static(ASSETS, { index: false, maxAge: '1h' }));
  const pages = Router();
  pages.use(pageMiddleware(ctx));
  pages.use(authPages(ctx));
  const account = Router();
  account.use(requireUser(ctx));
  account.use(keysPages(ctx), usagePages(ctx), billingPages(ctx), callbacksPages(ctx), retentionPages(ctx), connectedAppsPages(ctx));
  pages.use(account);
  pages.use(dashboardErrors);
  // Only /dashboard paths enter (the pages keep their full paths, so no mount prefix is stripped).
  r.use((req, res, next) => (req.path === '/dashboard' || req.path.startsWith('/dashboard/') ? pages(req, res, next) : next()));
  return r;
}
