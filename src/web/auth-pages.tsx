// Sign-up, email verification, sign-in, sign-out and password reset. Every answer is the same
// whether or not an email is registered (no user enumeration); sign-in is throttled per email
// and per client address.
import { Router, type Request, type Response } from 'express';
import type { AppContext } from '../context.ts';
import { authenticate, resetPassword, signUp, startPasswordReset, verifyEmail } from '../store/users.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../domain/passwords.ts';
import { csrfToken, endSessionsOf, safeReturnTo, signIn, signOut, signedInUser } from './session.ts';
import { link, sendMail } from './mailer.ts';
import { Field, Form, Notice, Page, send } from './layout.tsx';
import { LIMITS, throttled } from './throttle.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const passwordProblem = (p: string) => (p.length < PASSWORD_MIN ? `The password needs at least ${PASSWORD_MIN} characters.` : p.length > PASSWORD_MAX ? `The password may have at most ${PASSWORD_MAX} characters.` : null);

function tooMany(req: Request, res: Response, seconds: number, title: string) {
  res.setHeader('Retry-After', String(seconds));
  send(res, <Page title={title} csrf={csrfToken(req)}><Notice kind="error">Too many attempts. Try again in {Math.ceil(seconds / 60)} minute(s).</Notice></Page>, 429);
}

function signInPage(req: Request, res: Response, opts: { error?: string; info?: string; email?: string; status?: number } = {}) {
  const returnTo = safeReturnTo(req.query.return_to ?? req.body?.return_to);
  send(
    res,
    <Page title="Sign in" csrf={csrfToken(req)}>
      {opts.info && <Notice kind="success">{opts.info}</Notice>}
      {opts.error && <Notice kind="error">{opts.error}</Notice>}
      <Form action="/dashboard/sign-in" csrf={csrfToken(req)}>
        <input type="hidden" name="return_to" value={returnTo} />
        <Field label="Email" name="email" type="email" autocomplete="username" value={opts.email} />
        <Field label="Password" name="password" type="password" autocomplete="current-password" />
        <button type="submit">Sign in</button>
      </Form>
      <p>
        <a href="/dashboard/sign-up">Create an account</a> · <a href="/dashboard/forgot-password">Forgot your password?</a>
      </p>
    </Page>,
    opts.status,
  );
}

function signUpPage(req: Request, res: Response, opts: { error?: string; email?: string; status?: number } = {}) {
  send(
    res,
    <Page title="Create an account" csrf={csrfToken(req)}>
      {opts.error && <Notice kind="error">{opts.error}</Notice>}
      <Form action="/dashboard/sign-up" csrf={csrfToken(req)}>
        <Field label="Email" name="email" type="email" autocomplete="email" value={opts.email} />
        <Field label="Password" name="password" type="password" autocomplete="new-password" hint={`At least ${PASSWORD_MIN} characters.`} />
        <button type="submit">Create account</button>
      </Form>
      <p>
        Already registered? <a href="/dashboard/sign-in">Sign in</a>
      </p>
    </Page>,
    opts.status,
  );
}

const checkMail = (req: Request, res: Response, what: string) =>
  send(res, <Page title="Check your mail" csrf={csrfToken(req)}><Notice kind="success">{what}</Notice><p><a href="/dashboard/sign-in">Back to sign in</a></p></Page>);

export function authPages(ctx: AppContext): Router {
  const r = Router();

  r.get('/dashboard', async (req, res) => res.redirect(303, (await signedInUser(ctx, req)) ? '/dashboard/keys' : '/dashboard/sign-in'));

  r.get('/dashboard/sign-up', (req, res) => signUpPage(req, res));
  r.post('/dashboard/sign-up', async (req, res) => {
    const email = str(req.body.email).trim();
    const password = str(req.body.password);
    if (!EMAIL.test(email) || email.length > 254) return signUpPage(req, res, { error: 'Enter a valid email address.', email, status: 400 });
    const problem = passwordProblem(password);
    if (problem) return signUpPage(req, res, { error: problem, email, status: 400 });
    const wait = await throttled(ctx, `mail:${req.ip}`, LIMITS.mailPerIp);
    if (wait) return tooMany(req, res, wait, 'Create an account');
    const result = await signUp(ctx.db, email, password);
    // The same answer either way; the owner of a registered address learns of the attempt by mail.
    if (result.status === 'created') {
      await sendMail(ctx, {
        to: result.user.email,
        subject: 'Confirm your email address',
        text: `Confirm your address to start using your account:\n\n${link(ctx, `/dashboard/verify?token=${result.token}`)}\n\nThe link works once, for 48 hours.`,
      });
    } else {
      await sendMail(ctx, {
        to: result.user.email,
        subject: 'Someone tried to register your address',
        text: `Your address already has an account. Sign in at ${link(ctx, '/dashboard/sign-in')}, or reset your password at ${link(ctx, '/dashboard/forgot-password')}.`,
      });
    }
    checkMail(req, res, `We sent a message to ${email}. Follow its link to confirm your address, then sign in.`);
  });

  r.get('/dashboard/verify', async (req, res) => {
    const user = await verifyEmail(ctx.db, str(req.query.token));
    if (!user) return signInPage(req, res, { error: 'This link is not valid any more. Sign in to get a new one.', status: 400 });
    signInPage(req, res, { info: 'Your email address is confirmed. Sign in to continue.', email: user.email });
  });

  r.get('/dashboard/sign-in', (req, res) => signInPage(req, res));
  r.post('/dashboard/sign-in', async (req, res) => {
    const email = str(req.body.email).trim().toLowerCase();
    const wait = Math.max(await throttled(ctx, `signin-ip:${req.ip}`, LIMITS.signInPerIp), await throttled(ctx, `signin:${email}`, LIMITS.signInPerEmail));
    if (wait) return tooMany(req, res, wait, 'Sign in');
    const user = await authenticate(ctx.db, email, str(req.body.password));
    if (!user) return signInPage(req, res, { error: 'The email or the password is wrong.', email, status: 401 });
    await signIn(req, user.id);
    res.redirect(303, safeReturnTo(req.body.return_to));
  });

  r.post('/dashboard/sign-out', async (req, res) => {
    await signOut(req);
    res.redirect(303, '/dashboard/sign-in');
  });

  r.get('/dashboard/forgot-password', (req, res) =>
    send(
      res,
      <Page title="Reset your password" csrf={csrfToken(req)}>
        <Form action="/dashboard/forgot-password" csrf={csrfToken(req)}>
          <Field label="Email" name="email" type="email" autocomplete="email" />
          <button type="submit">Send a reset link</button>
        </Form>
      </Page>,
    ),
  );
  r.post('/dashboard/forgot-password', async (req, res) => {
    const email = str(req.body.email).trim();
    const wait = await throttled(ctx, `mail:${req.ip}`, LIMITS.mailPerIp);
    if (wait) return tooMany(req, res, wait, 'Reset your password');
    const reset = EMAIL.test(email) ? await startPasswordReset(ctx.db, email) : null;
    if (reset) {
      await sendMail(ctx, {
        to: reset.user.email,
        subject: 'Reset your password',
        text: `Choose a new password here:\n\n${link(ctx, `/dashboard/reset-password?token=${reset.token}`)}\n\nThe link works once, for one hour. If you did not ask for it, ignore this message.`,
      });
    }
    checkMail(req, res, `If ${email} has an account, we sent it a link to choose a new password.`);
  });

  const resetPage = (req: Request, res: Response, token: string, error?: string, status?: number) =>
    send(
      res,
      <Page title="Choose a new password" csrf={csrfToken(req)}>
        {error && <Notice kind="error">{error}</Notice>}
        <Form action="/dashboard/reset-password" csrf={csrfToken(req)}>
          <input type="hidden" name="token" value={token} />
          <Field label="New password" name="password" type="password" autocomplete="new-password" hint={`At least ${PASSWORD_MIN} characters.`} />
          <button type="submit">Set password</button>
        </Form>
      </Page>,
      status,
    );
  r.get('/dashboard/reset-password', (req, res) => resetPage(req, res, str(req.query.token)));
  r.post('/dashboard/reset-password', async (req, res) => {
    const token = str(req.body.token);
    const password = str(req.body.password);
    const problem = passwordProblem(password);
    if (problem) return resetPage(req, res, token, problem, 400);
    const user = await resetPassword(ctx.db, token, password);
    if (!user) return signInPage(req, res, { error: 'This link is not valid any more. Ask for a new one.', status: 400 });
    await endSessionsOf(ctx.db, user.id);
    signInPage(req, res, { info: 'Your password is changed. Sign in with it.', email: user.email });
  });

  return r;
}
