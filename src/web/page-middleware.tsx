// What every page for a person (dashboard, OAuth consent) runs before its route, and the page a
// CSRF failure gets.
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import helmet from 'helmet';
import type { AppContext } from '../context.ts';
import { csrfProtection, csrfToken, webSession } from './session.ts';
import { Notice, Page, send } from './layout.tsx';

/**
 * What every page for a person needs before its route: security headers, no caching, form
 * bodies, the session and CSRF on every POST. The OAuth consent pages (src/oauth) use it too.
 */
export function pageMiddleware(ctx: AppContext): RequestHandler[] {
  return [
    helmet({
      // Forms post to this site, then Checkout and the Customer Portal take over on Stripe's (and
      // an OAuth consent goes back to the client's redirect URI): form-action would block that.
      contentSecurityPolicy: { directives: { 'form-action': null } },
    }),
    (_req, res, next) => {
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
    express.urlencoded({ extended: false, limit: '16kb' }),
    webSession(ctx),
    csrfProtection,
  ];
}

/** A CSRF failure is a 403 page; anything else goes on to the service's error handler. */
export const dashboardErrors: ErrorRequestHandler = (err, req, res, next) => {
  if ((err as { code?: string }).code !== 'EBADCSRFTOKEN' || res.headersSent) return next(err);
  send(
    res,
    <Page title="Form expired" csrf={csrfToken(req)}>
      <Notice kind="error">This form was not accepted (its security token is missing or out of date). Go back, reload the page and try again.</Notice>
    </Page>,
    403,
  );
};
