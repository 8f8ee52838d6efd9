import session, { type SessionData } from 'express-session';
import { LessThan, type DataSource, type Repository } from 'typeorm';
import { sha256 } from '../common/crypto.js';
import { Session } from './session.entity.js';

/** Idle timeout: a session unused this long ends. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** Absolute lifetime: no session outlives this, however active. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;

/** A session's idle expiry is written again only once it lags this much behind. */
export const TOUCH_SLACK_MS = 60 * 1000;

/** A single sign-on started in a browser: what its session keeps to check the provider's answer. */
export interface PendingOidcSignIn {
  provider: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  startedAt: number;
}

/** The provider vouched for a confirmed account's address; its password must be given once before the link. */
export interface PendingSsoLink {
  provider: string;
  subject: string;
  userId: string;
  startedAt: number;
}

declare module 'express-session' {
  interface SessionData {
    userId: string;
    /** When the session was authenticated (ms); sessions older than user.sessionsValidAfter are void. */
    authenticatedAt: number;
    /** When the signed-in person last gave their password or a code again (POST /api/auth/reauthenticate; ms). */
    reauthenticatedAt: number;
    /** Password checked, second factor outstanding: not signed in (no userId) until it is given. */
    pendingUserId: string;
    /** Shown on the Security page's session list: the browser's User-Agent (cut) and address at sign-in. */
    userAgent: string;
    ip: string;
    pendingAt: number;
    /** The account's count of wrong second factors when the pending step began (SecondFactorAttempts). */
    pendingFailuresBaseline: number;
    /** A single sign-on started in this browser, waiting for the provider's answer. */
    oidc: PendingOidcSignIn;
    /** A single sign-on whose provider identity waits for the account's password before it is linked. */
    ssoLink: PendingSsoLink;
  }
}

type Callback<T = void> = (err?: unknown, value?: T) => void;

/**
 * express-session store on the application's own database (SQLite or PostgreSQL),
 * so sessions survive restarts and are shared by replicas. Ids are stored hashed.
 */
export class DatabaseSessionStore extends session.Store {
  private readonly sessions: Repository<Session>;

  constructor(dataSource: DataSource) {
    super();
    this.sessions = dataSource.getRepository(Session);
  }

  get(sid: string, callback: Callback<SessionData | null>): void {
    this.run(callback, async () => {
      const row = await this.sessions.findOneBy({ idHash: sha256(sid) });
      if (!row) return null;
      const now = Date.now();
      if (row.expiresAt.getTime() <= now || row.absoluteExpiresAt.getTime() <= now) {
        await this.sessions.delete({ idHash: row.idHash });
        return null;
      }
      return JSON.parse(row.data) as SessionData;
    });
  }

  set(sid: string, data: SessionData, callback?: Callback): void {
    this.run(callback, async () => {
      const idHash = sha256(sid);
      const existing = await this.sessions.findOne({ where: { idHash }, select: { absoluteExpiresAt: true } });
      const now = Date.now();
      const absoluteExpiresAt = existing?.absoluteExpiresAt ?? new Date(now + SESSION_ABSOLUTE_MS);
      await this.sessions.save({
        idHash,
        userId: data.userId ?? null,
        data: JSON.stringify(data),
        expiresAt: new Date(Math.min(now + SESSION_IDLE_MS, absoluteExpiresAt.getTime())),
        absoluteExpiresAt,
      });
    });
  }

  /**
   * Slides the idle expiry, within the absolute one. A session is touched on every
   * request, so this is one conditional UPDATE that writes only when the stored expiry
   * is more than TOUCH_SLACK_MS behind (at most one write a minute per session).
   */
  override touch(sid: string, _data: SessionData, callback?: Callback): void {
    this.run(callback, async () => {
      const expiresAt = new Date(Date.now() + SESSION_IDLE_MS);
      await this.sessions
        .createQueryBuilder()
        .update()
        .set({ expiresAt: () => `CASE WHEN "absoluteExpiresAt" < :expiresAt THEN "absoluteExpiresAt" ELSE :expiresAt END` })
        .where({ idHash: sha256(sid), expiresAt: LessThan(new Date(expiresAt.getTime() - TOUCH_SLACK_MS)) })
        .setParameter('expiresAt', expiresAt)
        .execute();
    });
  }

  destroy(sid: string, callback?: Callback): void {
    this.run(callback, async () => {
      await this.sessions.delete({ idHash: sha256(sid) });
    });
  }

  /** Ends every session of one user, except optionally the one making the request. */
  async destroyAllForUser(userId: string, exceptSid?: string): Promise<void> {
    const query = this.sessions.createQueryBuilder().delete().where('"userId" = :userId', { userId });
    if (exceptSid) query.andWhere('"idHash" <> :idHash', { idHash: sha256(exceptSid) });
    await query.execute();
  }

  /** The user's live sessions, newest first (rows only: the data is parsed by the caller). */
  listForUser(userId: string): Promise<Session[]> {
    return this.sessions
      .createQueryBuilder('s')
      .where('s."userId" = :userId AND s."expiresAt" > :now', { userId, now: new Date() })
      .orderBy('s."createdAt"', 'DESC')
      .getMany();
  }

  /** Ends one session of the user, by its stored id (the hash); answers whether it existed. */
  async destroyOneForUser(userId: string, idHash: string): Promise<boolean> {
    const result = await this.sessions.delete({ userId, idHash });
    return Boolean(result.affected);
  }

  async purgeExpired(): Promise<void> {
    await this.sessions.delete({ expiresAt: LessThan(new Date()) });
  }

  private run<T>(callback: Callback<T> | undefined, work: () => Promise<T>): void {
    work().then(
      (value) => callback?.(undefined, value),
      (error: unknown) => callback?.(error),
    );
  }
}
