// GET /internal/openapi.json and the interactive reference at /docs (Swagger UI from npm, no CDN).
import express, { Router } from 'express';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { AppContext } from '../context.ts';
import { buildOpenApi } from './openapi.ts';
import { SERVICE_VERSION } from '../version.ts';

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Form-filling service API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script></body></html>`;
const init = `window.ui = SwaggerUIBundle({ url: '/internal/openapi.json', dom_id: '#ui', deepLinking: true, persistAuthorization: true });`;

export function docsRouter(ctx: AppContext): Router {
  const r = Router();
  let doc: unknown;
  r.get('/internal/openapi.json', (_req, res) => {
    doc ??= buildOpenApi(ctx.config.PUBLIC_BASE_URL, SERVICE_VERSION);
    res.json(doc);
  });
  r.get('/docs', (_req, res) => {
    res.type('html').send(page);
  });
  r.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(init);
  });
  r.use('/docs/assets', express.static(swaggerDir, { index: false, maxAge: '1d' }));
  return r;
}
