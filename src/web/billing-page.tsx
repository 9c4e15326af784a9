// Billing (the billing_url of every 402): the payment method is added through Stripe Checkout in
// setup mode and changed through the Stripe Customer Portal, both hosted by Stripe; the page
// shows whether one is on file and the charges metered beyond the free allowance this month.
// Webhooks (src/billing/webhooks.ts) keep Account.hasPaymentMethod right; coming back from
// Checkout also re-reads the customer's payment methods, so the page is right at once.
import { Router } from 'express';
import type { AppContext } from '../context.ts';
import { stripeClient } from '../billing/stripe.ts';
import { csrfToken, type SignedIn } from './session.ts';
import { userOf } from './guard.tsx';
import { link } from './mailer.ts';
import { Form, Notice, Page, send, TableHead } from './layout.tsx';
import { dollars, KIND_NAMES, lastPeriods, meteredCharges, usageByPeriod } from './usage-page.tsx';

async function customerOf(ctx: AppContext, user: SignedIn): Promise<string> {
  if (user.account.stripeCustomerId) return user.account.stripeCustomerId;
  const stripe = stripeClient(ctx.config)!;
  const customer = await stripe.customers.create({ email: user.email, metadata: { account_id: user.accountId } }, { idempotencyKey: `customer-${user.accountId}` });
  await ctx.db.account.updateMany({ where: { id: user.accountId, stripeCustomerId: null }, data: { stripeCustomerId: customer.id } });
  return (await ctx.db.account.findUniqueOrThrow({ where: { id: user.accountId } })).stripeCustomerId!;
}

/** After Checkout: a completed setup session of this customer means a payment method is on file. */
async function settleCheckout(ctx: AppContext, user: SignedIn, sessionId: string): Promise<boolean> {
  const stripe = stripeClient(ctx.config)!;
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  if (session.status !== 'complete' || !customer || customer !== user.account.stripeCustomerId) return false;
  const methods = await stripe.customers.listPaymentMethods(customer, { limit: 1 });
  const has = methods.data.length > 0;
  await ctx.db.account.update({ where: { id: user.accountId }, data: { hasPaymentMethod: has } });
  return has;
}

export function billingPages(ctx: AppContext): Router {
  const r = Router();
  r.get('/dashboard/billing', async (req, res) => {
    const user = userOf(req);
    const stripe = stripeClient(ctx.config);
    let notice: string | undefined;
    if (stripe && typeof req.query.checkout === 'string' && (await settleCheckout(ctx, user, req.query.checkout))) notice = 'Your payment method is saved.';
    const account = await ctx.db.account.findUniqueOrThrow({ where: { id: user.accountId } });
    const [period] = lastPeriods(new Date(), 1);
    const charges = meteredCharges((await usageByPeriod(ctx, user.accountId, [period])).get(period)!);
    const total = charges.reduce((s, c) => s + c.micros, 0);
    const csrf = csrfToken(req);
    send(
      res,
      <Page title="Billing" email={user.email} csrf={csrf} current="billing">
        {notice && <Notice kind="success">{notice}</Notice>}
        <h2>Payment method</h2>
        {!stripe ? (
          <p>Billing is not set up on this server: usage is counted but not limited.</p>
        ) : account.hasPaymentMethod ? (
          <>
            <p>A payment method is on file. Actions beyond the free allowance are charged monthly.</p>
            <Form action="/dashboard/billing/portal" csrf={csrf}>
              <button type="submit">Change payment method</button>
            </Form>
          </>
        ) : (
          <>
            <p>No payment method yet. Without one, each kind of action stops at its monthly free allowance (402), and verify and fill from documents take documents of up to 5 pages.</p>
            <Form action="/dashboard/billing/checkout" csrf={csrf}>
              <button type="submit">Add a payment method</button>
            </Form>
          </>
        )}
        <h2>Charges so far this month ({period})</h2>
        <table>
          <caption>Metered charges beyond the free allowance</caption>
          <TableHead columns={['Kind', 'Used', 'Free', 'Charged', 'Unit price', 'Amount']} />
          <tbody>
            {charges.map((c) => (
              <tr>
                <th scope="row">{KIND_NAMES[c.kind]}</th>
                <td>{c.used}</td>
                <td>{c.allowance}</td>
                <td>{c.billable}</td>
                <td>{dollars(c.unit)}</td>
                <td>{dollars(c.micros)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={5}>
                Total
              </th>
              <td id="charges-total">{dollars(total)}</td>
            </tr>
          </tfoot>
        </table>
      </Page>,
    );
  });

  r.post('/dashboard/billing/checkout', async (req, res) => {
    const stripe = stripeClient(ctx.config);
    if (!stripe) return res.redirect(303, '/dashboard/billing');
    const user = userOf(req);
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      currency: 'usd',
      customer: await customerOf(ctx, user),
      client_reference_id: user.accountId,
      success_url: `${link(ctx, '/dashboard/billing')}?checkout={CHECKOUT_SESSION_ID}`,
      cancel_url: link(ctx, '/dashboard/billing'),
    });
    res.redirect(303, session.url!);
  });

  r.post('/dashboard/billing/portal', async (req, res) => {
    const stripe = stripeClient(ctx.config);
    if (!stripe) return res.redirect(303, '/dashboard/billing');
    const portal = await stripe.billingPortal.sessions.create({ customer: await customerOf(ctx, userOf(req)), return_url: link(ctx, '/dashboard/billing') });
    res.redirect(303, portal.url);
  });
  return r;
}
