// The usage and callback use cases (src/use-cases/usage/, src/use-cases/callbacks/), on a real
// database and a local receiver.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { refusalOf, useCaseContext } from '../../helpers/use-cases.ts';
import { getUsage } from '../../../src/use-cases/usage/get-usage.ts';
import { queueCallback } from '../../../src/use-cases/callbacks/queue-callback.ts';
import { deliverCallback } from '../../../src/use-cases/callbacks/deliver-callback.ts';
import { recordUsage, voidUsage } from '../../../src/store/usage.ts';
import { signBody } from '../../../src/domain/callbacks.ts';

const h = useCaseContext();

test('getUsage counts this month’s billed actions per kind, voided ones not', async () => {
  await recordUsage(h.ctx.db, { ownerId: h.ownerId, kind: 'verify', subjectId: 'v1' });
  await recordUsage(h.ctx.db, { ownerId: h.ownerId, kind: 'verify', subjectId: 'v1' }); // same subject: once
  await recordUsage(h.ctx.db, { ownerId: h.ownerId, kind: 'read', subjectId: 'r1' });
  await voidUsage(h.ctx.db, 'read', 'r1');
  expect(await getUsage(h.ctx, h.ownerId)).toMatchObject({ owner: h.ownerId, verify: 1, read: 0, create: 0 });
});

describe('callbacks', () => {
  const received: { body: string; signature?: string }[] = [];
  let status = 200;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ body, signature: req.headers['x-service-signature'] as string | undefined });
      res.statusCode = status;
      res.end();
    });
  });
  const url = () => new Promise<string>((resolve) => (server.listening ? resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`) : server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`))));
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  test('queueCallback writes a callback.deliver job for the event', async () => {
    await queueCallback(h.ctx, h.ownerId, 'https://example.com/hook', { event: 'form.ready', form_id: 'f' });
    const job = await h.ctx.db.job.findFirstOrThrow({ where: { kind: 'callback.deliver', ownerId: h.ownerId } });
    expect(job.payload).toEqual({ accountId: h.ownerId, url: 'https://example.com/hook', body: JSON.stringify({ event: 'form.ready', form_id: 'f' }) });
  });

  test('deliverCallback posts the signed body; a 5xx throws to be retried; an account that is gone is refused', async () => {
    const account = await h.ctx.db.account.update({ where: { id: h.ownerId }, data: { callbackSecret: 'whsec_test' } });
    const body = JSON.stringify({ event: 'job.ready' });
    expect(await deliverCallback(h.ctx, { accountId: account.id, url: await url(), body })).toEqual({ status: 200 });
    expect(received.at(-1)).toEqual({ body, signature: signBody(body, 'whsec_test') });
    status = 503;
    await expect(deliverCallback(h.ctx, { accountId: account.id, url: await url(), body })).rejects.toThrow(/503/);
    expect(await refusalOf(deliverCallback(h.ctx, { accountId: '00000000-0000-0000-0000-000000000000', url: await url(), body }))).toMatchObject({ code: 'account_gone' });
  });
});
