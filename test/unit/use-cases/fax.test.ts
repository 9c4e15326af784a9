// The fax use cases (src/use-cases/fax/) on a real database, the real page-tool pool and the
// Telnyx stand-in, with no HTTP server: send-fax queues, submit-fax hands over, the webhook use
// case moves the fax on (billed at delivery only, each event once), check-fax asks the provider
// when no webhook came, cancel-unpaid-fax withdraws a paid fax whose payment failed, and a
// deployment without a fax provider refuses with not_offered.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { refusalOf, uploaded, useCaseContext } from '../../helpers/use-cases.ts';
import { rawForm } from '../../helpers/pdfs.ts';
import { startTelnyxStub, telnyxEnv, type StubFax, type TelnyxStub } from '../../helpers/telnyx-stub.ts';
import { sendFax } from '../../../src/use-cases/fax/send-fax.ts';
import { submitFax } from '../../../src/use-cases/fax/submit-fax.ts';
import { applyFaxWebhook } from '../../../src/use-cases/fax/apply-fax-webhook.ts';
import { checkFax } from '../../../src/use-cases/fax/check-fax.ts';
import { cancelUnpaidFax } from '../../../src/use-cases/fax/cancel-unpaid-fax.ts';
import { createFax, requireFax, sha256Hex } from '../../../src/use-cases/fax/create-fax.ts';
import { getAccountFax } from '../../../src/use-cases/fax/get-fax.ts';
import { faxView } from '../../../src/use-cases/fax/fax-view.ts';
import { FaxWebhookRejected } from '../../../src/fax/provider.ts';

let telnyx: TelnyxStub;
const env: Record<string, string> = {};
beforeAll(async () => {
  telnyx = await startTelnyxStub();
  Object.assign(env, telnyxEnv(telnyx));
});
const h = useCaseContext(env); // reads `env` in its own beforeAll, after the stub started
afterAll(async () => telnyx?.close());

let n = 0;
/** A distinct two-page document each time (duplicates are keyed on the document). */
function upload() {
  const bytes = Buffer.from(rawForm(2, 1, `fax-use-case-${++n}`));
  return { kind: 'upload' as const, file: { ...uploaded(bytes), field: 'file', bytes } };
}
const providerFax = (faxId: string): StubFax => telnyx.faxes.find((f) => Buffer.from(String(f.body.client_state), 'base64').toString() === faxId)!;
const webhook = (fax: StubFax, type: Parameters<TelnyxStub['signedWebhook']>[1], options: Parameters<TelnyxStub['signedWebhook']>[2] = {}) => {
  const signed = telnyx.signedWebhook(fax, type, options);
  return { ...signed, apply: () => applyFaxWebhook(h.ctx, signed.body, signed.headers) };
};
const billed = (faxId: string) => h.ctx.db.usageEvent.findMany({ where: { subjectId: faxId } });

describe('fax use cases', () => {
  test('sendFax queues the fax (masked number, pages, nothing billed); submitFax hands it over in E.164; the delivered webhook bills the transmitted pages once', async () => {
    const sent = await sendFax(h.ctx, { ownerId: h.ownerId, source: upload(), to: '(202) 555-0143', retention: 'keep' });
    expect(sent.created).toBe(true);
    expect(faxView(sent.fax)).toMatchObject({ status: 'queued', to: '+1 ••• ••• 0143', pages: 2, attempts: 0 });

    const sending = await submitFax(h.ctx, sent.fax.id);
    expect(sending).toMatchObject({ status: 'sending', attempts: 1 });
    expect(providerFax(sent.fax.id).body).toMatchObject({ to: '+12025550143', connection_id: 'conn_test_1' });
    expect(await billed(sent.fax.id)).toEqual([]); // nothing before delivery

    const delivered = webhook(providerFax(sent.fax.id), 'fax.delivered', { pages: 1 });
    expect(await delivered.apply()).toBe('applied');
    expect(await delivered.apply()).toBe('replayed'); // the same event again changes nothing
    const fax = await getAccountFax(h.ctx, h.ownerId, sent.fax.id);
    expect(faxView(fax)).toMatchObject({ status: 'delivered', pages: 2, pages_sent: 1, price: { charged_usd: '0.03' } });
    expect((await billed(sent.fax.id)).map((u) => [u.kind, u.units])).toEqual([['fax_page', 1]]);
    expect(await refusalOf(getAccountFax(h.ctx, h.otherId, sent.fax.id))).toMatchObject({ refusal: 'not_found' });
  }, 120_000);

  test('the same document to the same number is not queued twice; a tampered or stale webhook is refused before any change', async () => {
    const source = upload();
    const first = await sendFax(h.ctx, { ownerId: h.ownerId, source, to: '+12025550143', retention: 'keep' });
    const again = await sendFax(h.ctx, { ownerId: h.ownerId, source, to: '+1 202 555 0143', retention: 'keep' });
    expect(again).toMatchObject({ created: false, fax: { id: first.fax.id } });

    await submitFax(h.ctx, first.fax.id);
    const fax = providerFax(first.fax.id);
    await expect(webhook(fax, 'fax.failed', { reason: 'user_busy', tamper: true }).apply()).rejects.toBeInstanceOf(FaxWebhookRejected);
    await expect(webhook(fax, 'fax.delivered', { pages: 2, timestamp: Math.floor(Date.now() / 1000) - 3600 }).apply()).rejects.toBeInstanceOf(FaxWebhookRejected);
    expect((await getAccountFax(h.ctx, h.ownerId, first.fax.id)).status).toBe('sending');

    expect(await webhook(fax, 'fax.failed', { reason: 'receiver_unallocated_number' }).apply()).toBe('applied');
    expect(await getAccountFax(h.ctx, h.ownerId, first.fax.id)).toMatchObject({ status: 'failed', failureReason: 'receiver_unallocated_number' });
    expect(await billed(first.fax.id)).toEqual([]); // a failed fax costs nothing
  }, 120_000);

  test('checkFax asks the provider when no final webhook came: delivered there is delivered here, billed for its pages', async () => {
    const sent = await sendFax(h.ctx, { ownerId: h.ownerId, source: upload(), to: '+12025550143', retention: 'keep' });
    const sending = await submitFax(h.ctx, sent.fax.id);
    expect(await checkFax(h.ctx, sent.fax.id, 1)).toBe('open'); // not final yet: looked at again later
    expect((await getAccountFax(h.ctx, h.ownerId, sent.fax.id)).status).toBe('sending');
    telnyx.statuses.set(sending.providerFaxId!, { status: 'delivered' });
    expect(await checkFax(h.ctx, sent.fax.id, 2)).toBe('delivered');
    expect((await getAccountFax(h.ctx, h.ownerId, sent.fax.id)).status).toBe('delivered');
    expect((await billed(sent.fax.id)).map((u) => u.units)).toEqual([2]);
  }, 120_000);

  test('cancelUnpaidFax withdraws a paid fax at the provider when its payment could not be settled', async () => {
    const bytes = rawForm(1, 1, 'fax-use-case-unpaid');
    const created = await createFax(h.ctx, { ownerId: null, document: { bytes, sha256: sha256Hex(bytes), pages: 1 }, to: '+12025550143', retention: 'ephemeral' });
    expect(created.created).toBe(true);
    const sending = await submitFax(h.ctx, created.fax.id);
    await cancelUnpaidFax(h.ctx, created.fax.id);
    expect(telnyx.cancelled).toContain(sending.providerFaxId);
    expect(await h.ctx.db.fax.findUniqueOrThrow({ where: { id: created.fax.id } })).toMatchObject({ status: 'failed', failureReason: 'payment_not_settled' });
  }, 120_000);

  test('without a fax provider the fax use cases refuse with not_offered (503 at the HTTP edge)', () => {
    const off = { ...h.ctx, config: { ...h.ctx.config, FAX_PROVIDER: undefined } } as typeof h.ctx;
    expect(() => requireFax(off)).toThrow(expect.objectContaining({ refusal: 'not_offered', code: 'fax_not_configured' }));
  });
});
