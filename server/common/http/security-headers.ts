import helmet from 'helmet';
import type { Request, RequestHandler, Response } from 'express';
import type { AppConfig } from '../../config/config.module.js';
import { NO_STORE } from './cache-control.js';

/**
 * Helmet with a Content-Security-Policy the built client passes: every script and
 * stylesheet is a file of our own; images may be data/blob URLs (previews, camera).
 * Swagger UI needs inline styles, so /api/docs gets a looser style-src. With the Sumsub
 * provider on, its domain may be framed and called. Every /api answer, errors included,
 * also starts as `Cache-Control: no-store` (the few public, harmless answers, such as the
 * default avatar, set their own on top). One list of headers per kind of path: the
 * function returned sets those of a request's path.
 */
export function securityHeaders(env: Pick<AppConfig, 'publicUrl' | 'sumsub'>): (path: string, res: Response) => void {
  const https = env.publicUrl.startsWith('https://');
  // The Sumsub WebSDK runs in an iframe from Sumsub's domain and talks to its API.
  const sumsub = env.sumsub ? ['https://*.sumsub.com'] : [];
  const base = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'", ...sumsub],
    frameSrc: ["'self'", ...sumsub],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    upgradeInsecureRequests: https ? [] : null,
  };
  const app = headersOf(helmet({ contentSecurityPolicy: { useDefaults: false, directives: base }, hsts: https }));
  const docs = headersOf(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { ...base, styleSrc: ["'self'", "'unsafe-inline'"] } },
      hsts: https,
    }),
  );
  const noStore: [string, string] = ['Cache-Control', NO_STORE];
  const api = [...app, noStore];
  const apiDocs = [...docs, noStore];
  return (path, res) => {
    const headers = path === '/api' || path.startsWith('/api/') ? (path.startsWith('/api/docs') ? apiDocs : api) : app;
    for (const [name, value] of headers) res.setHeader(name, value);
  };
}

/**
 * Helmet's headers do not depend on the request: they are computed once, by running its
 * middleware against a recording response, and set from that list on every request
 * (instead of a dozen middlewares per request). It must finish synchronously to be recorded.
 */
function headersOf(handler: RequestHandler): [string, string][] {
  const headers: [string, string][] = [];
  let finished = false;
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    // X-Powered-By: Express's is disabled in createApp, so there is nothing to remove.
    removeHeader: () => undefined,
  };
  void handler({ headers: {}, method: 'GET' } as Request, recorder as unknown as Response, () => (finished = true));
  if (!finished) throw new Error('helmet did not finish synchronously: its headers cannot be computed once');
  return headers;
}
