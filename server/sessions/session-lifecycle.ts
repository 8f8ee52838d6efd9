import type { Request, Response } from 'express';
import type { Session, SessionData } from 'express-session';
import { ACCESS_ERRORS } from '../common/access/access.errors.js';
import { SESSION_COOKIE } from './session.middleware.js';

/** The request's session; a request carrying an API key has none (SessionMiddleware), and cannot sign in. */
export function sessionOf(req: Request): Session & Partial<SessionData> {
  if (!req.session) throw ACCESS_ERRORS.error('API_KEY_CANNOT_SIGN_IN');
  return req.session;
}

/** Signs the request in under a NEW session id (no fixation: an id known before login is worthless after). */
export async function startSession(req: Request, userId: string): Promise<void> {
  await new Promise<void>((resolve, reject) => sessionOf(req).regenerate((err) => (err ? reject(err) : resolve())));
  req.session.userId = userId;
  req.session.authenticatedAt = Date.now();
  req.session.userAgent = (req.headers['user-agent'] ?? '').slice(0, 256);
  req.session.ip = req.ip ?? '';
  await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}

/** How long the second step of sign-in may wait for its code. */
export const PENDING_SECOND_FACTOR_MS = 5 * 60 * 1000;

/**
 * The password was right and a second factor is due: a new session that only names the
 * account (pendingUserId) and the account's count of wrong second factors at this moment
 * (the step may spend a few more before it ends). The authentication middleware ignores
 * it; startSession after the second factor regenerates the id again.
 */
export async function startPendingSecondFactor(req: Request, userId: string, failuresBaseline: number): Promise<void> {
  await new Promise<void>((resolve, reject) => sessionOf(req).regenerate((err) => (err ? reject(err) : resolve())));
  req.session.pendingUserId = userId;
  req.session.pendingAt = Date.now();
  req.session.pendingFailuresBaseline = failuresBaseline;
  await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}

export interface PendingSecondFactor {
  userId: string;
  /** The account's count of wrong second factors when the password step ended. */
  failuresBaseline: number;
}

/** The account waiting for its second factor, if the pending step has not expired (or ended). */
export function pendingSecondFactor(req: Request): PendingSecondFactor | null {
  const { pendingUserId, pendingAt, pendingFailuresBaseline } = req.session ?? {};
  if (!pendingUserId || !pendingAt || Date.now() - pendingAt > PENDING_SECOND_FACTOR_MS) return null;
  return { userId: pendingUserId, failuresBaseline: pendingFailuresBaseline ?? 0 };
}

/** Ends a pending second step that spent its attempts: the password must be given again. */
export async function endPendingSecondFactor(req: Request): Promise<void> {
  if (!req.session?.pendingUserId) return;
  delete req.session.pendingUserId;
  delete req.session.pendingAt;
  delete req.session.pendingFailuresBaseline;
  await new Promise<void>((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}

/** Deletes the session from the store and tells the browser to drop its cookie. */
export async function endSession(req: Request, res: Response): Promise<void> {
  if (req.session) {
    await new Promise<void>((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
  }
  res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
}
