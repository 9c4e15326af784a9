// Callbacks (§6): the signing secret — revealed only after the password is entered again,
// rotated, switched on and off — a test event sent to any allowed URL, and the delivery log of
// the account's callbacks (each is a callback.deliver job: its state, attempts and last error).
import { Router, type Request, type Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { setCallbackSigning } from '../store/accounts.ts';
import { checkPassword } from '../store/users.ts';
import { CallbackUrlError, checkCallbackUrl } from '../domain/callbacks.ts';
import { csrfToken } from './session.ts';
import { userOf } from './guard.tsx';
import { day, Field, Form, Notice, Page, send, TableHead } from './layout.tsx';
import { throttled, LIMITS } from './throttle.ts';

const LOG_ROWS = 20;

interface Shown {
  secret?: string;
  info?: string;
  error?: string;
}

async function callbacksPage(ctx: AppContext, req: Request, res: Response, shown: Shown = {}, status = 200) {
  const user = userOf(req);
  const csrf = csrfToken(req);
  const account = await ctx.db.account.findUniqueOrThrow({ where: { id: user.accountId } });
  const jobs = await ctx.db.job.findMany({ where: { kind: 'callback.deliver', ownerId: user.accountId }, orderBy: { createdAt: 'desc' }, take: LOG_ROWS });
  res.setHeader('Cache-Control', 'no-store');
  send(
    res,
    <Page title="Callbacks" email={user.email} csrf={csrf} current="callbacks">
      {shown.info && <Notice kind="success">{shown.info}</Notice>}
      {shown.error && <Notice kind="error">{shown.error}</Notice>}
      <h2>Signing secret</h2>
      <p>
        Each callback carries <code>X-Service-Signature: sha256=…</code>, the HMAC-SHA256 of the raw body keyed by this secret. Signing is <strong id="signing-state">{account.callbackSecret ? 'on' : 'off'}</strong>.
      </p>
      {account.callbackSecret &&
        (shown.secret ? (
          <p class="secret">
            <label for="signing-secret">Signing secret</label>
            <input id="signing-secret" readOnly value={shown.secret} class="mono" />
            <button type="button" data-copy="signing-secret">
              Copy
            </button>
          </p>
        ) : (
          <Form action="/dashboard/callbacks/reveal" csrf={csrf}>
            <Field label="Your password, to reveal the secret" name="password" type="password" autocomplete="current-password" />
            <button type="submit">Reveal secret</button>
          </Form>
        ))}
      <div class="row">
        <Form action="/dashboard/callbacks/rotate" csrf={csrf} class="inline">
          <button type="submit">{account.callbackSecret ? 'Rotate secret' : 'Turn signing on'}</button>
        </Form>
        {account.callbackSecret && (
          <Form action="/dashboard/callbacks/off" csrf={csrf} class="inline">
            <button type="submit">Turn signing off</button>
          </Form>
        )}
      </div>
      <h2>Send a test callback</h2>
      <Form action="/dashboard/callbacks/test" csrf={csrf}>
        <Field label="Callback URL" name="url" type="url" hint="A public https address; the test event is signed like every callback." />
        <button type="submit">Send test event</button>
      </Form>
      <h2>Delivery log</h2>
      {jobs.length === 0 ? (
        <p>No callbacks yet.</p>
      ) : (
        <table id="delivery-log">
          <caption>The last {LOG_ROWS} callbacks</caption>
          <TableHead columns={['Sent', 'Event', 'URL', 'State', 'Receiver answered', 'Attempts', 'Last error']} />
          <tbody>
            {jobs.map((j) => {
              const payload = j.payload as { url?: string; body?: string };
              const event = (() => {
                try {
                  return String(JSON.parse(payload.body ?? '{}').event ?? '');
                } catch {
                  return '';
                }
              })();
              return (
                <tr>
                  <td>{day(j.createdAt)}</td>
                  <td>{event}</td>
                  <td class="mono">{payload.url}</td>
                  <td class="delivery-state">{j.status}</td>
                  <td>{(j.result as { status?: number } | null)?.status ?? '—'}</td>
                  <td>{`${j.attempts} of ${j.maxAttempts}`}</td>
                  <td>{j.lastError ?? '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Page>,
    status,
  );
}

export function callbacksPages(ctx: AppContext): Router {
  const r = Router();
  r.get('/dashboard/callbacks', (req, res) => callbacksPage(ctx, req, res));

  r.post('/dashboard/callbacks/reveal', async (req, res) => {
    const user = userOf(req);
    if (await throttled(ctx, `reveal:${user.id}`, LIMITS.signInPerEmail)) return callbacksPage(ctx, req, res, { error: 'Too many attempts. Try again later.' }, 429);
    if (!(await checkPassword(ctx.db, user.id, String(req.body.password ?? '')))) return callbacksPage(ctx, req, res, { error: 'The password is wrong.' }, 401);
    await callbacksPage(ctx, req, res, { secret: user.account.callbackSecret ?? undefined });
  });

  r.post('/dashboard/callbacks/rotate', async (req, res) => {
    await setCallbackSigning(ctx.db, userOf(req).accountId, true);
    await callbacksPage(ctx, req, res, { info: 'A new signing secret is in use. Reveal it to update your receiver.' });
  });

  r.post('/dashboard/callbacks/off', async (req, res) => {
    await setCallbackSigning(ctx.db, userOf(req).accountId, false);
    await callbacksPage(ctx, req, res, { info: 'Callbacks are now sent unsigned.' });
  });

  r.post('/dashboard/callbacks/test', async (req, res) => {
    const user = userOf(req);
    const url = String(req.body.url ?? '');
    try {
      await checkCallbackUrl(url, { allowLoopback: ctx.config.CALLBACK_ALLOW_LOOPBACK });
    } catch (err) {
      if (!(err instanceof CallbackUrlError)) throw err;
      return callbacksPage(ctx, req, res, { error: err.message }, 400);
    }
    const body = JSON.stringify({ event: 'test', status: 'ready', test_id: randomUUID(), sent_at: new Date().toISOString() });
    await ctx.queue.enqueue('callback.deliver', { accountId: user.accountId, url, body }, { ownerId: user.accountId });
    await callbacksPage(ctx, req, res, { info: 'Test event queued; its delivery shows below.' });
  });
  return r;
}
