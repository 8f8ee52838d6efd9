import helmet from 'helmet';
import type { RequestHandler } from 'express';
import type { AppConfig } from '../../config/config.module.js';

/**
 * Helmet with a Content-Security-Policy the built client passes: every script and
 * stylesheet is a file of our own; images may be data/blob URLs (previews, camera).
 * Swagger UI needs inline styles, so /api/docs gets a looser style-src. With the Sumsub
 * provider on, its domain may be framed and called.
 */
export function securityHeaders(env: Pick<AppConfig, 'publicUrl' | 'sumsub'>): RequestHandler {
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
  const app = helmet({ contentSecurityPolicy: { useDefaults: false, directives: base }, hsts: https });
  const docs = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { ...base, styleSrc: ["'self'", "'unsafe-inline'"] } },
    hsts: https,
  });
  return (req, res, next) => (req.path.startsWith('/api/docs') ? docs(req, res, next) : app(req, res, next));
}
