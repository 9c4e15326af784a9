// The dashboard in real Chromium (Debian's /usr/bin/chromium driven by playwright-core): sign up,
// confirm the address from the captured mail, sign in, then every page: keys through their states
// (§3.4, with the API's 401s), usage showing an action billed through the API, billing through the
// Stripe stub's Checkout and Portal, the signing secret and a test callback, retention. Each page
// passes axe-core with no serious or critical violation and is saved to docs/screenshots/.
// CSRF rejection, cookie flags, throttled sign-in and the absence of user enumeration are checked
// over HTTP beside it.
import http from 'node:http';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { dropTestEnv, eventually, startServer, type TestServer } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { fillableFormPdf } from '../helpers/pdfs.ts';
import { startStripeStub, type StripeStub } from '../helpers/stripe-stub.ts';
import { startSmtpCapture } from '../helpers/smtp-capture.ts';
import { checkPage, openBrowser } from '../helpers/browser.ts';

const EMAIL = 'ada.example@example.test';
const PASSWORD = 'correct horse battery';

let s: TestServer;
let stripe: StripeStub;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const received: { body: Buffer; signature?: string }[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    received.push({ body: Buffer.concat(chunks), signature: req.headers['x-service-signature'] as string | undefined });
    res.writeHead(204).end();
  });
});

beforeAll(async () => {
  [smtp, stripe] = await Promise.all([startSmtpCapture(), startStripeStub()]);
  s = await startServer({ overrides: { SMTP_URL: smtp.url, STRIPE_SECRET_KEY: 'sk_test_dashboard', STRIPE_API_BASE: stripe.url, MPP_SECRET_KEY: 'dashboard-test-mpp-secret-0123456789abcdef' } });
  // The server's port is known only once it listens: mailed links and Stripe's return URLs use it.
  s.ctx.config.PUBLIC_BASE_URL = s.url;
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  ({ browser, context, page } = await openBrowser());
});

afterAll(async () => {
  await browser?.close();
  receiver.close();
  await s?.close();
  if (s) await dropTestEnv(s.env);
  await Promise.all([stripe?.close(), smtp?.close()]);
});

const check = (name: string) => checkPage(page, name);

const go = (path: string) => page.goto(s.url + path);
const local = (link: string) => { const u = new URL(link); return u.pathname + u.search; };
/** Fills the email and password fields and presses `button`. */
async function submitCredentials(button: string) {
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: button }).click();
}
const keyButton = (label: string, prefix: string) => page.getByRole('button', { name: `${label} ${prefix}…`, exact: true });

test('account holder: sign up, confirm, keys through their states, usage, billing, callbacks, retention', async () => {
  await go('/dashboard/sign-up');
  await check('sign-up');
  await submitCredentials('Create account');
  await expect.poll(() => page.locator('.notice').textContent()).toContain('We sent a message');
  await check('check-your-mail');

  // Before confirming, the account pages ask for it.
  const verify = await eventually(async () => smtp.linkTo(EMAIL, /Confirm your email/), 10_000, 'verification mail');
  await go('/dashboard/sign-in');
  await check('sign-in');
  await submitCredentials('Sign in');
  await expect.poll(() => page.locator('h1').textContent()).toBe('Confirm your email address');
  await check('confirm-email');
  await go(local(verify));
  await expect.poll(() => page.locator('.notice').textContent()).toContain('confirmed');
  await go('/dashboard/keys');
  await expect.poll(() => page.locator('h1').textContent()).toBe('API keys');

  // Create: shown once, with a copy button.
  await page.getByRole('button', { name: 'Create a key' }).click();
  const first = await page.locator('#new-key').inputValue();
  expect(first).toMatch(/^sk_live_[A-Za-z0-9]{32}$/);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.url });
  await page.getByRole('button', { name: 'Copy' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  await check('keys-created');
  const prefix1 = first.slice(0, 12);
  const api1 = client(s.url, first);
  expect((await api1.get('/usage')).status).toBe(200);
  // A billed action through the API, for the usage page below.
  expect((await api1.upload('/read', { file: { bytes: await fillableFormPdf() } })).status).toBe(200);

  await go('/dashboard/keys');
  expect(await page.locator('body').textContent()).not.toContain(first); // never shown again
  await keyButton('Disable', prefix1).click();
  await expect.poll(() => page.locator(`tr[data-key="${prefix1}"] .state`).textContent()).toBe('disabled');
  expect((await api1.get('/usage')).body.error.code).toBe('api_key_disabled');
  await keyButton('Re-enable', prefix1).click();
  await expect.poll(() => page.locator(`tr[data-key="${prefix1}"] .state`).textContent()).toBe('active');
  expect((await api1.get('/usage')).status).toBe(200);

  await keyButton('Rotate', prefix1).click();
  const second = await page.locator('#new-key').inputValue();
  expect(second).not.toBe(first);
  const api2 = client(s.url, second);
  expect((await api1.get('/usage')).status).toBe(200); // the old key works until revoked
  expect((await api2.get('/usage')).status).toBe(200);
  await keyButton('Revoke', prefix1).click();
  await expect.poll(() => page.locator(`tr[data-key="${prefix1}"] .state`).textContent()).toBe('revoked');
  const revoked = await api1.get('/usage');
  expect([revoked.status, revoked.body.error.code]).toEqual([401, 'api_key_revoked']);
  expect((await api2.get('/usage')).status).toBe(200);
  expect(await keyButton('Re-enable', prefix1).count()).toBe(0); // permanent
  await go('/dashboard/keys');
  expect(await page.locator(`tr[data-key="${prefix1}"] td`).nth(1).textContent()).not.toBe('never'); // last used
  await check('keys');

  await go('/dashboard/usage');
  expect(await page.locator('tr[data-kind="read"] .used').textContent()).toBe('1');
  expect(await page.locator('svg.chart').count()).toBe(1);
  await check('usage');

  await go('/dashboard/billing');
  await check('billing');
  await page.getByRole('button', { name: 'Add a payment method' }).click();
  await page.waitForURL(`${stripe.url}/checkout/**`);
  await page.getByRole('button', { name: 'Save card' }).click();
  await page.waitForURL(`${s.url}/dashboard/billing?checkout=**`);
  expect(await page.locator('.notice').textContent()).toContain('payment method is saved');
  const user = await s.ctx.db.user.findUniqueOrThrow({ where: { email: EMAIL }, include: { account: true } });
  expect(user.account.hasPaymentMethod).toBe(true);
  expect(stripe.customers.get(user.account.stripeCustomerId!)?.metadata.account_id).toBe(user.accountId);
  await page.getByRole('button', { name: 'Change payment method' }).click();
  await page.waitForURL(`${stripe.url}/portal/**`);
  await page.getByRole('link', { name: 'Return' }).click();
  await page.waitForURL(`${s.url}/dashboard/billing`);

  await go('/dashboard/callbacks');
  expect(await page.locator('#signing-secret').count()).toBe(0);
  await page.getByLabel('Your password, to reveal the secret').fill('not the password');
  await page.getByRole('button', { name: 'Reveal secret' }).click();
  await expect.poll(() => page.locator('.notice.error').textContent()).toContain('password is wrong');
  await page.getByLabel('Your password, to reveal the secret').fill(PASSWORD);
  await page.getByRole('button', { name: 'Reveal secret' }).click();
  const secret = await page.locator('#signing-secret').inputValue();
  expect(secret).toBe(user.account.callbackSecret);
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  await page.getByLabel('Callback URL').fill(hook);
  await page.getByRole('button', { name: 'Send test event' }).click();
  const delivered = await eventually(async () => received[0], 15_000, 'test callback');
  expect(delivered.signature).toBe(`sha256=${createHmac('sha256', secret).update(delivered.body).digest('hex')}`);
  expect(JSON.parse(delivered.body.toString()).event).toBe('test');
  await eventually(async () => {
    await go('/dashboard/callbacks');
    return (await page.locator('#delivery-log .delivery-state').first().textContent()) === 'succeeded' || undefined;
  }, 15_000, 'delivery log');
  expect(await page.locator('#delivery-log tbody tr').first().textContent()).toContain('204');
  await check('callbacks');

  await go('/dashboard/retention');
  await page.getByLabel(/^Ephemeral/).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => page.locator('.notice').textContent()).toContain('ephemeral');
  expect((await s.ctx.db.account.findUniqueOrThrow({ where: { id: user.accountId } })).retentionDefault).toBe('ephemeral');
  await check('retention');

  await go('/dashboard/forgot-password');
  await check('forgot-password');
  await go('/dashboard/reset-password?token=unused');
  await check('reset-password');

  // Cookie flags in the browser: HttpOnly and SameSite=Lax (Secure over HTTPS: below).
  const [cookie] = await context.cookies(s.url);
  expect(cookie).toMatchObject({ name: 'formfill.sid', httpOnly: true, sameSite: 'Lax' });
  // A form posted without its CSRF token, with the signed-in session, is refused and changes nothing.
  const keysBefore = await s.ctx.db.apiKey.count();
  const forged = await fetch(`${s.url}/dashboard/keys`, { method: 'POST', headers: { Cookie: `${cookie.name}=${cookie.value}`, 'Content-Type': 'application/x-www-form-urlencoded' }, body: '_csrf=forged', redirect: 'manual' });
  expect(forged.status).toBe(403);
  expect(await s.ctx.db.apiKey.count()).toBe(keysBefore);

  await go('/dashboard/usage');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${s.url}/dashboard/sign-in`);
  await go('/dashboard/keys');
  expect(new URL(page.url()).pathname).toBe('/dashboard/sign-in');
}, 120_000);

/** A page's CSRF token and session cookie, as a browser would have them. */
async function formSession(path: string, forwardedProto?: string) {
  const res = await fetch(s.url + path, { headers: forwardedProto ? { 'X-Forwarded-Proto': forwardedProto } : {} });
  const csrf = (await res.text()).match(/name="_csrf" value="([^"]+)"/)![1];
  return { csrf, setCookie: res.headers.get('set-cookie') ?? '', cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] };
}

async function post(path: string, form: Record<string, string>, session: { csrf: string; cookie: string }) {
  const res = await fetch(s.url + path, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: session.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: session.csrf, ...form }),
  });
  return { status: res.status, text: (await res.text()).replace(/name="_csrf" value="[^"]+"/g, '').replace(/[\w.+-]+@example\.test/g, 'EMAIL') };
}

test('Secure cookie over HTTPS; no user enumeration; password reset; sign-in throttled per email', async () => {
  const https = await formSession('/dashboard/sign-in', 'https');
  expect(https.setCookie).toMatch(/; Secure/i);
  expect(https.setCookie).toMatch(/HttpOnly/i);
  expect(https.setCookie).toMatch(/SameSite=Lax/i);

  const session = await formSession('/dashboard/sign-in');
  const wrongPassword = await post('/dashboard/sign-in', { email: EMAIL, password: 'wrong password!' }, session);
  const unknown = await post('/dashboard/sign-in', { email: 'nobody@example.test', password: 'wrong password!' }, session);
  expect(wrongPassword.status).toBe(401);
  expect(unknown).toEqual(wrongPassword);
  const known = await post('/dashboard/forgot-password', { email: EMAIL }, session);
  const stranger = await post('/dashboard/forgot-password', { email: 'nobody@example.test' }, session);
  expect(known).toEqual(stranger);
  const again = await post('/dashboard/sign-up', { email: EMAIL, password: 'another long password' }, session);
  const fresh = await post('/dashboard/sign-up', { email: 'newcomer@example.test', password: 'another long password' }, session);
  expect(again).toEqual(fresh);
  await eventually(async () => smtp.linkTo(EMAIL, /tried to register/), 10_000, 'notice to the owner');

  // The reset link (mailed above) sets a new password once; the old one stops working.
  const reset = local((await eventually(async () => smtp.linkTo(EMAIL, /Reset your password/), 10_000, 'reset mail'))!);
  const resetForm = await formSession(reset);
  const token = new URLSearchParams(reset.split('?')[1]).get('token')!;
  expect((await post('/dashboard/reset-password', { token, password: 'a brand new password' }, resetForm)).status).toBe(200);
  expect((await post('/dashboard/reset-password', { token, password: 'yet another password' }, resetForm)).status).toBe(400);
  const signIn = await formSession('/dashboard/sign-in');
  expect((await post('/dashboard/sign-in', { email: EMAIL, password: PASSWORD }, signIn)).status).toBe(401);
  expect((await post('/dashboard/sign-in', { email: EMAIL, password: 'a brand new password' }, signIn)).status).toBe(303);

  const target = 'throttled@example.test';
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push((await post('/dashboard/sign-in', { email: target, password: 'wrong password!' }, session)).status);
  expect(statuses.slice(0, 10).every((st) => st === 401)).toBe(true);
  expect(statuses[10]).toBe(429);
}, 60_000);
