import type { Response } from 'express';
import { sep } from 'node:path';

/** Nothing an API answer holds may be kept by a browser or a shared cache. */
export const NO_STORE = 'no-store';
/** Document images and profile pictures: never stored, and never by a shared cache. */
export const PRIVATE_NO_STORE = 'private, no-store';
/** Vite names every built asset after its content hash, so a name never changes meaning. */
export const HASHED_ASSET = 'public, max-age=31536000, immutable';
/** index.html and other unhashed files: always revalidated, so a deploy is seen at once. */
export const REVALIDATE = 'no-cache';

/** serve-static's `setHeaders` for the client: long caching for hashed assets only. */
export function staticAssetHeaders(clientDir: string): (res: Response, path: string) => void {
  const assets = `${clientDir.replace(/[\\/]+$/, '')}${sep}assets${sep}`;
  return (res, path) => {
    res.setHeader('Cache-Control', path.startsWith(assets) ? HASHED_ASSET : REVALIDATE);
  };
}
