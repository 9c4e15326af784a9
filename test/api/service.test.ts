// The service's own surfaces: OpenAPI document, /docs with local assets, rate limits, 404 shape.
import { describe, expect, test } from 'vitest';
import { useServer } from '../helpers/server.ts';
import { client } from '../helpers/http.ts';

const h = useServer({ overrides: { RATE_LIMIT_PER_MINUTE: '5', RATE_LIMIT_IP_PER_MINUTE: '1000' } });

describe('OpenAPI and /docs', () => {
  test('/internal/openapi.json describes every route with its error codes', async () => {
    const r = await client(h.s.url).get('/internal/openapi.json');
    expect(r.status).toBe(200);
    const doc = r.body;
    expect(doc.openapi).toBe('3.1.0');
    for (const [path, method] of [['/health', 'get'], ['/usage', 'get'], ['/forms', 'post'], ['/forms/{id}', 'get'], ['/forms/{id}/contract', 'get'], ['/forms/{id}/fillable', 'get']]) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeTruthy();
    }
    expect(Object.keys(doc.paths['/forms'].post.responses)).toEqual(expect.arrayContaining(['202', '400', '401', '402', '413', '429']));
    expect(doc.paths['/forms'].post.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
    expect(doc.paths['/forms/{id}/contract'].get.responses['200'].content['application/json'].schema.properties.fields.type).toBe('array');
    expect(doc.paths['/health'].get.security).toEqual([]);
  });

  test('every documented operation is served: never the unknown-route 404', async () => {
    const doc = (await client(h.s.url).get('/internal/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const unserved: string[] = [];
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (path.startsWith('/pay/fax')) continue; // served only with a fax provider (test/fax)
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      for (const method of Object.keys(ops)) {
        const r = await fetch(`${h.s.url}${url}`, { method: method.toUpperCase(), redirect: 'manual' });
        const body = await r.text();
        checked++;
        // An unknown route's 404 says "No route for …"; a known route's 404 names the missing thing.
        if (r.status === 404 && body.includes('No route for')) unserved.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(unserved).toEqual([]);
    expect(checked).toBeGreaterThan(50); // the sessions, page tools, pay routes … all took part
  });

  test('/docs serves Swagger UI from this host, no CDN', async () => {
    const page = await fetch(`${h.s.url}/docs`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).not.toMatch(/https?:\/\//);
    for (const asset of ['/docs/assets/swagger-ui-bundle.js', '/docs/assets/swagger-ui.css', '/docs/init.js']) {
      const a = await fetch(`${h.s.url}${asset}`);
      expect(a.status, asset).toBe(200);
      expect((await a.arrayBuffer()).byteLength).toBeGreaterThan(10);
    }
  });
});

describe('rate limits', () => {
  test('over the limit is 429 with Retry-After and RateLimit headers; other accounts are unaffected', async () => {
    const a = client(h.s.url, (await h.s.account()).key);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 7; i++) {
      last = await a.get('/usage');
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(last!.body.error.code).toBe('rate_limited');
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.headers.get('ratelimit')).toMatch(/limit=5, remaining=0, reset=\d+/);
    expect(last!.headers.get('ratelimit-policy')).toBe('5;w=60');
    expect((await client(h.s.url, (await h.s.account()).key).get('/usage')).status).toBe(200);
  });
});

test('an unknown route is 404 in the error shape', async () => {
  const r = await client(h.s.url, (await h.s.account()).key).get('/nowhere');
  expect(r.status).toBe(404);
  expect(r.body).toEqual({ error: { code: 'not_found', message: expect.stringContaining('/nowhere') } });
});
