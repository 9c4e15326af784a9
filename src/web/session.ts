// Browser sessions of account holders: express-session with its rows in the database (WebSession),
// so every HTTP process sees the same sessions and a restart signs nobody out. The cookie is
// HttpOnly, SameSite=Lax and Secure whenever the request came over HTTPS (directly or through a
// proxy on loopback, app.ts trusts it). CSRF: csrf-sync's synchroniser token, kept in the
// session and sent back in a hidden field of every form.
//
// These are the hooks the OAuth authorization server (oidc-provider) builds on: `webSession`
// mounts on its interaction routes, `signedInUser` names the person there, and
// `signInUrl(returnTo)` sends someone to sign in and back to the consent page.
import type { Request, RequestHandler } from 'express';
import session, { Store, type SessionData } from 'express-session';
import { csrfSync } from 'csrf-sync';
import type { AppContext } from '../context.ts';
import type { Prisma } from '../store/db.ts';
import { storedSecret } from '../store/web-settings.ts';

declare module 'express-session' {
  interface SessionData {
    userId: string;
  }
}

const SESSION_DAYS = 14;
export const COOKIE_NAME = 'formfill.sid';

class PrismaSessionStore extends Store {
  constructor(private readonly db: Prisma) {
    super();
  }

  override get(sid: string, cb: (err: unknown, session?: SessionData | null) => void): void {
    this.db.webSession
      .findUnique({ where: { id: sid } })
      .then((row) => cb(null, row && row.expiresAt > new Date() ? (row.data as unknown as SessionData) : null), cb);
  }

  override set(sid: string, data: SessionData, cb?: (err?: unknown) => void): void {
    const expiresAt = data.cookie?.expires ? new Date(data.cookie.expires) : new Date(Date.now() + SESSION_DAYS * 86_400_000);
    const json = JSON.parse(JSON.stringify(data));
    this.db.webSession.upsert({ where: { id: sid }, create: { id: sid, data: json, expiresAt }, update: { data: json, expiresAt } }).then(() => cb?.(), cb);
    // Expired rows go now and then, not on every write.
    if (Math.random() < 0.01) void this.db.webSession.deleteMany({ where: { expiresAt: { lt: new Date() } } }).catch(() => undefined);
  }

  override touch(sid: string, data: SessionData, cb?: () => void): void {
    this.set(sid, data, () => cb?.());
  }

  override destroy(sid: string, cb?: (err?: unknown) => void): void {
    this.db.webSession.deleteMany({ where: { id: sid } }).then(() => cb?.(), cb);
  }
}

/** Ends every session of a user (after a password reset). */
export async function endSessionsOf(db: Prisma, userId: string): Promise<void> {
  await db.webSession.deleteMany({ where: { data: { path: ['userId'], equals: userId } } });
}

async function sessionSecret(ctx: AppContext): Promise<string> {
  if (ctx.config.SESSION_SECRET) return ctx.config.SESSION_SECRET;
  return storedSecret(ctx.db, 'session_secret');
}

/** The session middleware; the signing key is read from the database on the first request. */
export function webSession(ctx: AppContext): RequestHandler {
  let middleware: Promise<RequestHandler> | undefined;
  return (req, res, next) => {
    middleware ??= sessionSecret(ctx).then((secret) =>
      session({
        name: COOKIE_NAME,
        secret,
        store: new PrismaSessionStore(ctx.db),
        resave: false,
        saveUninitialized: false,
        rolling: true,
        proxy: true,
        cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', path: '/', maxAge: SESSION_DAYS * 86_400_000 },
      }),
    );
    middleware.then((m) => m(req, res, next), next);
  };
}

export const { csrfSynchronisedProtection: csrfProtection, generateToken: csrfToken } = csrfSync({
  getTokenFromRequest: (req) => (req.body as Record<string, unknown> | undefined)?._csrf as string | undefined,
});

/** The signed-in user of this request, or null. */
export async function signedInUser(ctx: AppContext, req: Request) {
  const id = req.session?.userId;
  if (!id) return null;
  return ctx.db.user.findUnique({ where: { id }, include: { account: true } });
}

export type SignedIn = NonNullable<Awaited<ReturnType<typeof signedInUser>>>;

/** Starts a fresh session for the user (a new id: no session fixation). */
export function signIn(req: Request, userId: string): Promise<void> {
  return new Promise((resolve, reject) =>
    req.session.regenerate((err) => {
      if (err) return reject(err);
      req.session.userId = userId;
      req.session.save((e) => (e ? reject(e) : resolve()));
    }),
  );
}

export function signOut(req: Request): Promise<void> {
  return new Promise((resolve) => req.session.destroy(() => resolve()));
}

/** Only a path on this site may be a place to come back to after signing in (no open redirect). */
export const safeReturnTo = (value: unknown) => (typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : '/dashboard/keys');

export const signInUrl = (returnTo: string) => `/dashboard/sign-in?return_to=${encodeURIComponent(safeReturnTo(returnTo))}`;
