// The `cors` package ships no types; this is the part of its API src/http/cors.ts uses
// (@types/cors would replace it).
declare module 'cors' {
  import type { RequestHandler } from 'express';
  export interface CorsOptions {
    origin?: boolean | string | RegExp | (string | RegExp)[];
    methods?: string | string[];
    allowedHeaders?: string | string[];
    exposedHeaders?: string | string[];
    credentials?: boolean;
    maxAge?: number;
    preflightContinue?: boolean;
    optionsSuccessStatus?: number;
  }
  export default function cors(options?: CorsOptions): RequestHandler;
}
