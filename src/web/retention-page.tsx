// Retention (§1): the account default used when a request does not choose (keep or ephemeral),
// and what "ephemeral" deletes and when (src/domain/retention.ts does the deleting).
import { Router } from 'express';
import type { AppContext } from '../context.ts';
import { setRetentionDefault } from '../store/accounts.ts';
import { EPHEMERAL_AFTER_MS, SWEEP_EVERY_MS } from '../use-cases/forms/delete-expired-documents.ts';
import { csrfToken } from './session.ts';
import { userOf } from './guard.tsx';
import { Form, Notice, Page, send } from './layout.tsx';

const minutes = (ms: number) => Math.round(ms / 60_000);

export function retentionPages(ctx: AppContext): Router {
  const r = Router();
  const page = async (req: Parameters<Parameters<Router['get']>[1]>[0], res: Parameters<Parameters<Router['get']>[1]>[1], info?: string) => {
    const user = userOf(req);
    const csrf = csrfToken(req);
    const account = await ctx.db.account.findUniqueOrThrow({ where: { id: user.accountId } });
    const after = minutes(EPHEMERAL_AFTER_MS);
    send(
      res,
      <Page title="Retention" email={user.email} csrf={csrf} current="retention">
        {info && <Notice kind="success">{info}</Notice>}
        <p>
          Requests may choose <code>retention</code> themselves (<code>keep</code>, <code>ephemeral</code>); this default applies when they say <code>account_default</code> or nothing.
        </p>
        <Form action="/dashboard/retention" csrf={csrf}>
          <fieldset>
            <legend>Account default</legend>
            <p>
              <input type="radio" id="retention-keep" name="retention" value="keep" checked={account.retentionDefault === 'keep'} />
              <label for="retention-keep">Keep: documents are kept.</label>
            </p>
            <p>
              <input type="radio" id="retention-ephemeral" name="retention" value="ephemeral" checked={account.retentionDefault === 'ephemeral'} />
              <label for="retention-ephemeral">Ephemeral: documents are deleted soon after the last activity.</label>
            </p>
          </fieldset>
          <button type="submit">Save</button>
        </Form>
        <h2>What "ephemeral" deletes, and when</h2>
        <p>
          {after} to {after + minutes(SWEEP_EVERY_MS)} minutes after the last activity on a form (a sweep runs every {minutes(SWEEP_EVERY_MS)} minutes), the service deletes:
        </p>
        <ul>
          <li>the uploaded PDF and the fillable PDF made from it;</li>
          <li>every filled PDF of its sessions and batch rows, and the values of its batch rows;</li>
          <li>the PDFs of committed proposals, and their artifacts.</li>
        </ul>
        <p>
          The form's contract (its field list), its sessions with their field values, and usage records stay. Asking for a deleted document answers 410 <code>documents_deleted</code>.
        </p>
      </Page>,
    );
  };
  r.get('/dashboard/retention', (req, res) => page(req, res));
  r.post('/dashboard/retention', async (req, res) => {
    const value = req.body.retention;
    if (value !== 'keep' && value !== 'ephemeral') return page(req, res);
    await setRetentionDefault(ctx.db, userOf(req).accountId, value);
    await page(req, res, `New requests now default to ${value}.`);
  });
  return r;
}
