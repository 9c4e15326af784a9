// A fax whose final webhook never comes is looked up at the provider (GET /v2/faxes/{id}):
// delivered there → delivered here and billed; still open after the last look → failed
// (no_final_status), nothing billed, the document freed.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServer, dropTestEnv, eventually, type TestServer } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { startTelnyxStub, telnyxEnv, type TelnyxStub } from '../helpers/telnyx-stub.ts';
import { formPdf } from '../payments/helpers.ts';

let s: TestServer;
let telnyx: TelnyxStub;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  telnyx = await startTelnyxStub();
  s = await startServer({ overrides: telnyxEnv(telnyx, { FAX_WATCH_SECONDS: '1', FAX_WATCH_CHECKS: '2', FAX_PROVIDER_TIMEOUT_MS: '10000' }) });
  telnyx.target = s.url;
  api = client(s.url, (await s.account('watch')).key);
});
afterAll(async () => {
  await s?.close();
  if (s) await dropTestEnv(s.env);
  await telnyx?.close();
});

const send = async (tag: string) => {
  const r = await api.upload('/fax', { file: { bytes: await formPdf(2, tag) }, to: '+12025550143', retention: 'ephemeral' });
  expect(r.status).toBe(202);
  return r.body.fax_id as string;
};
const final = (id: string) =>
  eventually(async () => {
    const f = (await api.get(`/fax/${id}`)).body;
    return (f.status === 'delivered' || f.status === 'failed') && f.documents_deleted ? f : undefined; // the document goes just after the state changes
  }, 20_000, 'final state');

test('delivered at the provider without a webhook: delivered here, billed for its pages', async () => {
  const id = await send('watch-delivered');
  const fax = await eventually(async () => telnyx.faxes.find((f) => Buffer.from(String(f.body.client_state), 'base64').toString() === id));
  telnyx.statuses.set(fax.id, { status: 'delivered' });
  expect(await final(id)).toMatchObject({ status: 'delivered', pages_sent: 2, documents_deleted: true });
  expect((await s.ctx.db.usageEvent.findFirstOrThrow({ where: { subjectId: id } })).units).toBe(2);
});

test('still open after the last look: failed (no_final_status), nothing billed', async () => {
  const id = await send('watch-open');
  expect(await final(id)).toMatchObject({ status: 'failed', failure_reason: 'no_final_status', documents_deleted: true });
  expect(await s.ctx.db.usageEvent.count({ where: { subjectId: id } })).toBe(0);
});
