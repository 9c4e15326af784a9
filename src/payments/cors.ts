// CORS for the public payment surfaces (/pay/*, /pricing, /openapi.json): any origin may call
// them without cookies, send payment credentials and read the payment headers (a browser hides
// response headers that are not exposed).
import type { RequestHandler } from 'express';

export const EXPOSED_HEADERS = ['PAYMENT-REQUIRED', 'PAYMENT-RESPONSE', 'WWW-Authenticate', 'Payment-Receipt', 'Payment-Replayed', 'Retry-After', 'X-Request-Id', 'RateLimit', 'RateLimit-Policy'];
const ALLOWED_HEADERS = ['Content-Type', 'Authorization', 'Payment-Authorization', 'PAYMENT-SIGNATURE', 'X-PAYMENT', 'Accept-Payment', 'Idempotency-Key'];

export const paymentCors: RequestHandler = (req, res, next) => {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS.join(', '));
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
    return;
  }
  next();
};
