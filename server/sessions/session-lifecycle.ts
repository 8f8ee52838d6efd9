import type { Request, Response } from 'express';
import { SESSION_COOKIE } from './session.middleware.js';

/** Signs the request in under a NEW session id (no fixation: an id known before login is worthless after). */
export async function startSession(req: Request, userId: string): Promise<void> {
  await new Promise<void>((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
  req.session.userId = userId;
  req.session.authenticatedAt = Date.now();
  await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}

/** Deletes the session from the store and tells the browser to drop its cookie. */
export async function endSession(req: Request, res: Response): Promise<void> {
  if (req.session) {
    await new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
  }
  res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
}
