import helmet from 'helmet';
import type { RequestHandler } from 'express';

/**
 * Helmet with a Content-Security-Policy the built client passes: every script and
 * stylesheet is a file of our own; images may be data/blob URLs (previews, camera).
 * Swagger UI needs inline styles, so /api/docs gets a looser style-src.
 */
export function securityHeaders(publicUrl: string): RequestHandler {
  const https = publicUrl.startsWith('https://');
  const base = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'"],
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
