// The account pages need a signed-in user whose email is confirmed: others go to sign in (and
// come back), or are asked to confirm their address first (with a button that mails a new link).
import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../context.ts';
import { issueToken } from '../store/users.ts';
import { csrfToken, signedInUser, signInUrl, type SignedIn } from './session.ts';
import { link, sendMail } from './mailer.ts';
import { Form, Notice, Page, send } from './layout.tsx';
import { throttled, LIMITS } from './throttle.ts';

declare module 'express-serve-static-core' {
  interface Request {
    user?: SignedIn;
  }
}

export const userOf = (req: Request): SignedIn => {
  if (!req.user) throw new Error('route is missing requireUser');
  return req.user;
};

export function requireUser(ctx: AppContext): RequestHandler {
  return async (req, res, next) => {
    const user = await signedInUser(ctx, req);
    if (!user) return res.redirect(303, signInUrl(req.originalUrl));
    if (!user.emailVerifiedAt) {
      let sent = false;
      if (req.method === 'POST' && req.path === '/dashboard/verify/resend' && !(await throttled(ctx, `mail:${req.ip}`, LIMITS.mailPerIp))) {
        const token = await issueToken(ctx.db, user.id, 'verify');
        await sendMail(ctx, { to: user.email, subject: 'Confirm your email address', text: `Confirm your address:\n\n${link(ctx, `/dashboard/verify?token=${token}`)}` });
        sent = true;
      }
      return send(
        res,
        <Page title="Confirm your email address" email={user.email} csrf={csrfToken(req)}>
          {sent && <Notice kind="success">A new link is on its way.</Notice>}
          <p>We sent a link to {user.email}. Follow it to start using your account.</p>
          <Form action="/dashboard/verify/resend" csrf={csrfToken(req)}>
            <button type="submit">Send the link again</button>
          </Form>
        </Page>,
        403,
      );
    }
    req.user = user;
    next();
  };
}
