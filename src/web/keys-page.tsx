// API keys (§3.4, §5): list, create (the key is shown once), rotate (a new key; the old one stays
// active until revoked), disable, re-enable, revoke (permanent). The transitions are the domain's
// (src/store/accounts.ts), the same the API's 401s follow.
import { Router, type Request, type Response } from 'express';
import type { AppContext } from '../context.ts';
import { createKey, KeyStateError, rotateKey, setKeyStatus, type KeyStatus } from '../store/accounts.ts';
import { csrfToken } from './session.ts';
import { userOf } from './guard.tsx';
import { day, Form, Notice, Page, send, TableHead } from './layout.tsx';

const ACTIONS: Record<string, KeyStatus> = { disable: 'disabled', enable: 'active', revoke: 'revoked' };

async function keysPage(ctx: AppContext, req: Request, res: Response, notice?: { newKey?: string; error?: string; info?: string }, status = 200) {
  const user = userOf(req);
  const csrf = csrfToken(req);
  const keys = await ctx.db.apiKey.findMany({ where: { accountId: user.accountId }, orderBy: { createdAt: 'asc' } });
  send(
    res,
    <Page title="API keys" email={user.email} csrf={csrf} current="keys">
      {notice?.newKey && (
        <Notice kind="success">
          <p>
            <strong>Your new key.</strong> Store it now: it is shown only once.
          </p>
          <p class="secret">
            <label for="new-key">New API key</label>
            <input id="new-key" readOnly value={notice.newKey} class="mono" />
            <button type="button" data-copy="new-key">
              Copy
            </button>
          </p>
        </Notice>
      )}
      {notice?.info && <Notice kind="success">{notice.info}</Notice>}
      {notice?.error && <Notice kind="error">{notice.error}</Notice>}
      <p>Send a key as <code>Authorization: Bearer sk_live_…</code>. Disabled and revoked keys get 401; revoking is permanent.</p>
      <Form action="/dashboard/keys" csrf={csrf}>
        <button type="submit">Create a key</button>
      </Form>
      {keys.length === 0 ? (
        <p>No keys yet.</p>
      ) : (
        <table>
          <caption>Keys of this account</caption>
          <TableHead columns={['Key', 'Created', 'Last used', 'State', 'Actions']} />
          <tbody>
            {keys.map((k) => (
              <tr data-key={k.prefix}>
                <th scope="row" class="mono">{`${k.prefix}…`}</th>
                <td>{day(k.createdAt)}</td>
                <td>{day(k.lastUsedAt)}</td>
                <td class={`state ${k.status}`}>{k.status}</td>
                <td class="actions">
                  {k.status !== 'revoked' && (
                    <>
                      <KeyAction id={k.id} action="rotate" label="Rotate" prefix={k.prefix} csrf={csrf} />
                      {k.status === 'active' ? <KeyAction id={k.id} action="disable" label="Disable" prefix={k.prefix} csrf={csrf} /> : <KeyAction id={k.id} action="enable" label="Re-enable" prefix={k.prefix} csrf={csrf} />}
                      <KeyAction id={k.id} action="revoke" label="Revoke" prefix={k.prefix} csrf={csrf} />
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Page>,
    status,
  );
}

function KeyAction({ id, action, label, prefix, csrf }: { id: string; action: string; label: string; prefix: string; csrf: string }) {
  return (
    <Form action={`/dashboard/keys/${id}/${action}`} csrf={csrf} class="inline">
      <button type="submit" aria-label={`${label} ${prefix}…`} data-confirm={action === 'revoke' ? `Revoke ${prefix}…? This cannot be undone.` : undefined}>
        {label}
      </button>
    </Form>
  );
}

export function keysPages(ctx: AppContext): Router {
  const r = Router();
  r.get('/dashboard/keys', (req, res) => keysPage(ctx, req, res));
  r.post('/dashboard/keys', async (req, res) => {
    const { key } = await createKey(ctx.db, userOf(req).accountId);
    res.setHeader('Cache-Control', 'no-store');
    await keysPage(ctx, req, res, { newKey: key }, 201);
  });
  r.post('/dashboard/keys/:id/:action', async (req, res) => {
    const { id, action } = req.params as { id: string; action: string };
    const owned = await ctx.db.apiKey.findFirst({ where: { id, accountId: userOf(req).accountId } });
    if (!owned || !(action in ACTIONS || action === 'rotate')) return keysPage(ctx, req, res, { error: 'No such key or action.' }, 404);
    try {
      if (action === 'rotate') {
        const { key } = await rotateKey(ctx.db, id);
        res.setHeader('Cache-Control', 'no-store');
        return keysPage(ctx, req, res, { newKey: key }, 201);
      }
      const row = await setKeyStatus(ctx.db, id, ACTIONS[action]);
      await keysPage(ctx, req, res, { info: `${row.prefix}… is now ${row.status}.` });
    } catch (err) {
      if (!(err instanceof KeyStateError)) throw err;
      await keysPage(ctx, req, res, { error: err.message }, 409);
    }
  });
  return r;
}
