// §5 and §3.4: key formats, key states, and ownership (another owner's form is a 404).
import { describe, expect, test, vi } from 'vitest';
import { eventually, usingPostgres, useServer } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';
import { fillableFormPdf } from '../helpers/pdfs.ts';
import { setKeyStatus, rotateKey, findKey } from '../../src/store/accounts.ts';

const h = useServer();

describe('GET /health', () => {
  test('answers without a key', async () => {
    const r = await client(h.s.url).get('/health');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok' });
  });

  test('probes close together share one database query; a database that stops answering is 503 within a second', async () => {
    const api = client(h.s.url);
    const queries = vi.spyOn(h.s.ctx.db, '$queryRawUnsafe');
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => api.get('/health')));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(queries.mock.calls.length).toBeLessThanOrEqual(1);
      queries.mockRejectedValue(new Error('database gone'));
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const down = await api.get('/health');
      expect(down.status).toBe(503);
      expect(down.body.error.code).toBe('unavailable');
      queries.mockRestore();
      expect((await api.get('/health')).status).toBe(200); // a failure is not remembered
    } finally {
      queries.mockRestore();
    }
  });
});

describe('API keys', () => {
  test('missing Authorization header is 401 with the error shape', async () => {
    const r = await client(h.s.url).get('/usage');
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('missing_api_key');
    expect(typeof r.body.error.message).toBe('string');
  });

  test.each([
    ['Basic dXNlcjpwYXNz'],
    ['Bearer'],
    ['Bearer sk_live_short'],
    ['Bearer sk_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['Bearer sk_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA!'],
  ])('malformed header %s is 401', async (header) => {
    const r = await client(h.s.url).get('/usage', { Authorization: header });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('malformed_api_key');
  });

  test.each([['/.well-known/no-such-document'], ['/oauth/no-such-endpoint'], ['/forms/abc/no-such-verb'], ['/nowhere']])(
    'a path no route serves is 404 without a key (%s), not 401',
    async (path) => {
      const r = await client(h.s.url).get(path);
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('not_found');
    },
  );

  test('a path a route serves still asks for a key, whatever its parameters', async () => {
    const r = await client(h.s.url).get('/forms/frm_unknown/contract');
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('missing_api_key');
  });

  test('a well-formed unknown key is 401', async () => {
    const r = await client(h.s.url, 'sk_live_' + 'Z'.repeat(32)).get('/usage');
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('invalid_api_key');
  });

  test('keys are stored only as hashes', async () => {
    const { key } = await h.s.account();
    const rows = await h.s.ctx.db.apiKey.findMany();
    expect(rows.some((k) => k.hash.includes(key) || k.prefix === key)).toBe(false);
    expect(await findKey(h.s.ctx.db, key)).not.toBeNull();
    expect(key).toMatch(/^sk_live_[A-Za-z0-9]{32}$/);
  });

  test('disabled keys get 401 until re-enabled; revoked keys are 401 for good', async () => {
    const { key } = await h.s.account();
    const api = client(h.s.url, key);
    const row = (await findKey(h.s.ctx.db, key))!;
    expect((await api.get('/usage')).status).toBe(200);

    await setKeyStatus(h.s.ctx.db, row.id, 'disabled');
    const disabled = await api.get('/usage');
    expect(disabled.status).toBe(401);
    expect(disabled.body.error.code).toBe('api_key_disabled');

    await setKeyStatus(h.s.ctx.db, row.id, 'active');
    expect((await api.get('/usage')).status).toBe(200);

    await setKeyStatus(h.s.ctx.db, row.id, 'revoked');
    expect((await api.get('/usage')).body.error.code).toBe('api_key_revoked');
    await expect(setKeyStatus(h.s.ctx.db, row.id, 'active')).rejects.toThrow(/permanent/);
    expect((await api.get('/usage')).status).toBe(401);
  });

  test('rotation: the new key works for the same account, the old one until revoked', async () => {
    const { id, key } = await h.s.account();
    const old = (await findKey(h.s.ctx.db, key))!;
    const { key: fresh } = await rotateKey(h.s.ctx.db, old.id);
    expect(fresh).not.toBe(key);
    expect((await client(h.s.url, fresh).get('/usage')).body.owner).toBe(id);
    expect((await client(h.s.url, key).get('/usage')).status).toBe(200);
    await setKeyStatus(h.s.ctx.db, old.id, 'revoked');
    expect((await client(h.s.url, key).get('/usage')).status).toBe(401);
    expect((await client(h.s.url, fresh).get('/usage')).status).toBe(200);
  });
});

// Embedded PGlite keeps keys in memory (src/store/api-key-cache.ts); whoever changes a key, the
// next request must see it. With PostgreSQL keys are read on every request.
describe('API keys kept in memory', () => {
  test('a key used once is not read from the database again while it is unchanged', async () => {
    const { key } = await h.s.account();
    const api = client(h.s.url, key);
    expect((await api.get('/usage')).status).toBe(200);
    const reads = vi.spyOn(h.s.ctx.db.apiKey, 'findUnique');
    try {
      expect((await api.get('/usage')).status).toBe(200);
      expect(reads).toHaveBeenCalledTimes(usingPostgres ? 1 : 0);
    } finally {
      reads.mockRestore();
    }
  });

  test('a status changed by raw SQL is seen on the next request', async () => {
    const { key } = await h.s.account();
    const api = client(h.s.url, key);
    const row = (await findKey(h.s.ctx.db, key))!;
    expect((await api.get('/usage')).status).toBe(200);
    await h.s.ctx.db.$executeRawUnsafe(`UPDATE "ApiKey" SET status = 'disabled' WHERE id = $1`, row.id);
    expect((await api.get('/usage')).body.error.code).toBe('api_key_disabled');
    await h.s.ctx.db.$executeRawUnsafe(`UPDATE "ApiKey" SET status = 'active' WHERE id = $1`, row.id);
    expect((await api.get('/usage')).status).toBe(200);
  });

  test('a deleted key (its account deleted) is refused on the next request', async () => {
    const { id, key } = await h.s.account();
    const api = client(h.s.url, key);
    expect((await api.get('/usage')).status).toBe(200);
    await h.s.ctx.db.$executeRawUnsafe(`DELETE FROM "ApiKey" WHERE "accountId" = $1`, id);
    expect((await api.get('/usage')).body.error.code).toBe('invalid_api_key');
  });

  test('"last used" is written once while the key is used within a minute', async () => {
    const { key } = await h.s.account();
    const api = client(h.s.url, key);
    const writes = vi.spyOn(h.s.ctx.db.apiKey, 'update');
    try {
      for (let i = 0; i < 3; i++) expect((await api.get('/usage')).status).toBe(200);
      expect(writes).toHaveBeenCalledTimes(1);
    } finally {
      writes.mockRestore();
    }
    await eventually(async () => ((await findKey(h.s.ctx.db, key))?.lastUsedAt ? true : undefined));
  });
});

describe('ownership', () => {
  test("another owner's form is 404 on every route, never 403", async () => {
    const alice = client(h.s.url, (await h.s.account('alice')).key);
    const bob = client(h.s.url, (await h.s.account('bob')).key);
    const created = await alice.upload('/forms', { file: { bytes: await fillableFormPdf() } });
    expect(created.status).toBe(202);
    const id = created.body.form_id;
    await eventually(async () => ((await alice.get(`/forms/${id}`)).body.status === 'ready' ? true : undefined));
    for (const path of [`/forms/${id}`, `/forms/${id}/contract`, `/forms/${id}/fillable`]) {
      const r = await bob.get(path);
      expect(r.status, path).toBe(404);
      expect(r.body.error.code).toBe('not_found');
      expect((await alice.get(path)).status, path).toBe(200);
    }
  });
});
