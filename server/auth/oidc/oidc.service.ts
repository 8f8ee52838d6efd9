import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import type { DataSource, EntityManager } from 'typeorm';
import { issueApiKey } from '../../api-keys/api-key.js';
import { AuditService, type AuditActor } from '../../audit/audit.service.js';
import type { AuditAction } from '../../audit/audit-actions.js';
import { isUniqueViolation } from '../../common/database-errors.js';
import { RateLimiter } from '../../common/rate-limit/rate-limiter.js';
import { AppError } from '../../common/errors/app-error.js';
import { appConfig, type AppConfig } from '../../config/config.module.js';
import type { OidcProviderSettings } from '../../config/oidc-providers.js';
import { DatabaseSessionStore, type PendingOidcSignIn, type PendingSsoLink } from '../../sessions/session.store.js';
import { EMAIL_KEY_MAX, identityKey } from '../../users/identity-key.js';
import { User } from '../../users/user.entity.js';
import { USERNAME_PATTERN } from '../../users/username.js';
import { AUTH_ERRORS } from '../auth.errors.js';
import { TwoFactorService } from '../two-factor/two-factor.service.js';
import type { OidcProviderDto } from './dto/oidc-provider.dto.js';
import { OidcLink } from './oidc-link.entity.js';
import { LoginThrottleService } from '../login-throttle.service.js';
import { PasswordService } from '../password.service.js';
import { UserTwoFactor } from '../two-factor/user-two-factor.entity.js';
import { UserPasskey } from '../passkeys/user-passkey.entity.js';
import { addressKey } from '../../common/rate-limit/address-key.js';

/** Refusals that are audited (a throttled request is not). */
type RefusalCode =
  'OIDC_UNKNOWN_PROVIDER' | 'OIDC_STATE_MISMATCH' | 'OIDC_PROVIDER_ERROR' | 'OIDC_EMAIL_NOT_VERIFIED' | 'OIDC_DOMAIN_NOT_ALLOWED' | 'OIDC_ACCOUNT_LINKED';

/** What a provider's answer leads to: an account to sign in, or a link waiting for the account's password. */
export type SsoOutcome = { user: User; link?: undefined } | { link: PendingSsoLink; user?: undefined };

/** A sign-in at the provider must come back within this time. */
const PENDING_OIDC_MS = 10 * 60 * 1000;
/**
 * Starts and answers one address may send per minute, together: bounds the sessions and
 * audit entries an anonymous caller can make, yet leaves room for an office behind one NAT.
 */
const REQUESTS_PER_IP_PER_MINUTE = 60;
const SCOPE = 'openid email profile';
const DISCOVERY_TIMEOUT_SECONDS = 10;

interface Identity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
}

/**
 * Staff single sign-on with OpenID Connect (authorization code flow, PKCE, state and
 * nonce): builds the redirect to a provider and turns its answer into an account — the
 * one linked to the provider's `sub`; else the one with the verified e-mail in an allowed
 * domain, linked only if it has no identity at this provider yet: a confirmed one after
 * its password is given once (confirmLink), an unconfirmed one after it loses the
 * credentials of whoever registered it; else a new one. Every outcome is audited.
 */
@Injectable()
export class OidcService {
  private readonly logger = new Logger(OidcService.name);
  /** Discovered configurations; a failed discovery is forgotten so the next sign-in retries it. */
  private readonly configurations = new Map<string, Promise<oidc.Configuration>>();

  constructor(
    @Inject(appConfig.KEY) private readonly env: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly twoFactor: TwoFactorService,
    private readonly limiter: RateLimiter,
    private readonly loginThrottle: LoginThrottleService,
    private readonly passwords: PasswordService,
    private readonly sessions: DatabaseSessionStore,
  ) {}

  providers(): OidcProviderDto[] {
    return this.env.oidcProviders.map(({ id, name }) => ({ id, name }));
  }

  /** Where the provider sends the browser back; registered with the provider by the operator. */
  private callbackUrl(providerId: string): string {
    return `${this.env.publicUrl}/api/auth/oidc/${encodeURIComponent(providerId)}/callback`;
  }

  /** The provider's authorization URL and what the session must keep to check its answer. */
  async begin(ip: string | undefined, providerId: string): Promise<{ url: string; pending: PendingOidcSignIn }> {
    await this.throttle(ip);
    const provider = await this.provider(providerId);
    const config = await this.configuration(provider);
    const pending: PendingOidcSignIn = {
      provider: provider.id,
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      startedAt: Date.now(),
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.callbackUrl(provider.id),
      scope: SCOPE,
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, pending };
  }

  /**
   * Checks the provider's answer (the callback's query) against the sign-in this browser
   * started, and answers the account to sign in. Throws an OIDC_* AppError, audited.
   */
  async complete(ip: string | undefined, providerId: string, pending: PendingOidcSignIn | undefined, query: URLSearchParams): Promise<SsoOutcome> {
    await this.throttle(ip);
    const provider = await this.provider(providerId);
    if (!pending || pending.provider !== provider.id || query.get('state') !== pending.state || Date.now() - pending.startedAt > PENDING_OIDC_MS) {
      throw await this.refuse(provider.id, 'OIDC_STATE_MISMATCH', { ip });
    }
    const identity = await this.identify(provider, pending, query, ip);
    return this.account(provider, identity, ip);
  }

  /** Throttled requests are not audited: the limit exists to keep the trail from being flooded. */
  private async throttle(ip: string | undefined): Promise<void> {
    const verdict = await this.limiter.hit(`sso|${addressKey(ip)}`, { limit: REQUESTS_PER_IP_PER_MINUTE, windowMs: 60_000 });
    if (!verdict.allowed) throw AUTH_ERRORS.error('OIDC_THROTTLED');
  }

  private async provider(providerId: string): Promise<OidcProviderSettings> {
    const provider = this.env.oidcProviders.find((p) => p.id === providerId);
    if (!provider) throw await this.refuse(providerId, 'OIDC_UNKNOWN_PROVIDER', {});
    return provider;
  }

  private configuration(provider: OidcProviderSettings): Promise<oidc.Configuration> {
    let config = this.configurations.get(provider.id);
    if (!config) {
      const issuer = new URL(provider.issuer);
      config = oidc
        .discovery(issuer, provider.clientId, undefined, oidc.ClientSecretBasic(provider.clientSecret), {
          timeout: DISCOVERY_TIMEOUT_SECONDS,
          execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        })
        .catch(async (error: unknown) => {
          this.configurations.delete(provider.id);
          this.logger.warn(`OpenID Connect discovery of '${provider.id}' at ${provider.issuer} failed: ${describe(error)}`);
          throw await this.refuse(provider.id, 'OIDC_PROVIDER_ERROR', { stage: 'discovery' });
        });
      this.configurations.set(provider.id, config);
    }
    return config;
  }

  /** Exchanges the code (PKCE, nonce and `iss` checked by openid-client), then reads the e-mail claims. */
  private async identify(provider: OidcProviderSettings, pending: PendingOidcSignIn, query: URLSearchParams, ip: string | undefined): Promise<Identity> {
    const config = await this.configuration(provider);
    const currentUrl = new URL(this.callbackUrl(provider.id));
    for (const [key, value] of query) currentUrl.searchParams.append(key, value);
    try {
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims()!;
      // Providers that follow the spec strictly put scope claims in userinfo only.
      const userinfo = config.serverMetadata().userinfo_endpoint ? await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub) : undefined;
      const email = idToken.email ?? userinfo?.email;
      const emailVerified = idToken.email_verified ?? userinfo?.email_verified;
      return {
        subject: idToken.sub,
        email: typeof email === 'string' ? email.trim().toLowerCase() : undefined,
        // Only a JSON true counts: "true" strings and absent claims are unverified.
        emailVerified: emailVerified === true,
      };
    } catch (error) {
      const providerError = error instanceof oidc.AuthorizationResponseError ? error.error : undefined;
      this.logger.warn(`OpenID Connect sign-in with '${provider.id}' failed: ${describe(error)}`);
      throw await this.refuse(provider.id, 'OIDC_PROVIDER_ERROR', { ip, ...(providerError ? { providerError } : {}) });
    }
  }

  /**
   * The account the provider's answer signs in, or the confirmed account that must prove
   * itself with its password before the provider is linked to it.
   */
  private async account(provider: OidcProviderSettings, identity: Identity, ip: string | undefined): Promise<SsoOutcome> {
    const linked = await this.dataSource
      .getRepository(OidcLink)
      .findOne({ where: { providerId: provider.id, subject: identity.subject }, relations: { user: true } });
    if (linked?.user) return { user: await this.signedIn(provider, linked.user) };

    const email = identity.email;
    if (!email || !identity.emailVerified || identityKey(email).length > EMAIL_KEY_MAX) {
      throw await this.refuse(provider.id, 'OIDC_EMAIL_NOT_VERIFIED', { ip, ...(email ? { email } : {}) });
    }
    // The provider speaks only for its allowed domains, for an existing account as for a new
    // one: otherwise whoever controls a provider could take over any account by its e-mail.
    const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
    if (!provider.allowedDomains.includes(domain)) throw await this.refuse(provider.id, 'OIDC_DOMAIN_NOT_ALLOWED', { ip, email });
    const existing = await this.dataSource.getRepository(User).findOneBy({ emailKey: identityKey(email) });
    if (existing) {
      // One identity per provider and account: a second `sub` never joins the first.
      if (await this.dataSource.getRepository(OidcLink).existsBy({ providerId: provider.id, userId: existing.id })) {
        throw await this.refuse(provider.id, 'OIDC_ACCOUNT_LINKED', { ip, email });
      }
      // Whoever registered the address first without confirming it proved nothing: the
      // account is emptied of their credentials before the provider's person takes it.
      if (!existing.isConfirmed) return { user: await this.claimUnconfirmed(provider, existing, identity.subject) };
      // A confirmed account with a password is linked only once that password is given.
      if (existing.passwordHash) return { link: { provider: provider.id, subject: identity.subject, userId: existing.id, startedAt: Date.now() } };
      return { user: await this.signedIn(provider, existing, identity.subject) };
    }
    try {
      return { user: await this.createAccount(provider, email, identity.subject) };
    } catch (error) {
      // Another sign-in of the same person (or a registration) won the race: use what now exists.
      if (!isUniqueViolation(error)) throw error;
      return this.account(provider, identity, ip);
    }
  }

  /**
   * The second half of linking a confirmed account: its password, given once in the
   * browser that came back from the provider (throttled like sign-in). Answers the account
   * to sign in. Throws OIDC_LINK_NOT_PENDING or WRONG_PASSWORD.
   */
  async confirmLink(ip: string | undefined, pending: PendingSsoLink | undefined, password: string): Promise<User> {
    const provider = pending && this.env.oidcProviders.find((p) => p.id === pending.provider);
    if (!pending || !provider || Date.now() - pending.startedAt > PENDING_OIDC_MS) throw AUTH_ERRORS.error('OIDC_LINK_NOT_PENDING');
    const user = await this.dataSource.getRepository(User).findOneBy({ id: pending.userId });
    if (!user) throw AUTH_ERRORS.error('OIDC_LINK_NOT_PENDING');
    await this.loginThrottle.registerAttempt(ip, `user:${user.id}`);
    if (!(await this.passwords.verify(user.passwordHash, password))) throw AUTH_ERRORS.error('WRONG_PASSWORD');
    await this.loginThrottle.reset(ip, `user:${user.id}`);
    if (await this.dataSource.getRepository(OidcLink).existsBy({ providerId: provider.id, userId: user.id })) {
      throw await this.refuse(provider.id, 'OIDC_ACCOUNT_LINKED', { ip, email: user.email });
    }
    return this.signedIn(provider, user, pending.subject, { confirmedBy: 'password' });
  }

  /**
   * An unconfirmed account holds the address the provider vouches for: its password, API
   * key (a new one replaces it), sessions, authenticator app, passkeys and webhook and
   * redirect settings go, the address counts as confirmed, and the provider is linked.
   */
  private async claimUnconfirmed(provider: OidcProviderSettings, user: User, subject: string): Promise<User> {
    const key = issueApiKey(this.env.appSecret);
    await this.dataSource.transaction(async (manager) => {
      await manager.update(
        User,
        { id: user.id },
        {
          passwordHash: null,
          apiKeyHash: key.apiKeyHash,
          apiKeyEncrypted: key.apiKeyEncrypted,
          webhookUrl: null,
          webhookSecret: null,
          redirectUrl: null,
          isConfirmed: true,
          sessionsValidAfter: new Date(),
        },
      );
      await manager.delete(UserTwoFactor, { userId: user.id });
      await manager.delete(UserPasskey, { userId: user.id });
      await this.record(manager, user, 'account.sso_claimed_unconfirmed', { provider: provider.id });
    });
    await this.sessions.destroyAllForUser(user.id);
    const claimed = await this.dataSource.getRepository(User).findOneByOrFail({ id: user.id });
    return this.signedIn(provider, claimed, subject);
  }

  /** Just-in-time account: the provider's role default, no password (sign-in goes through the provider), e-mail confirmed. */
  private async createAccount(provider: OidcProviderSettings, email: string, subject: string): Promise<User> {
    const key = issueApiKey(this.env.appSecret);
    const user = await this.dataSource.transaction(async (manager) => {
      const created = await manager.save(
        manager.create(User, {
          username: await this.freeUsername(manager, email),
          email,
          passwordHash: null,
          role: provider.defaultRole,
          isConfirmed: true,
          apiKeyHash: key.apiKeyHash,
          apiKeyEncrypted: key.apiKeyEncrypted,
        }),
      );
      await manager.insert(OidcLink, { providerId: provider.id, subject, userId: created.id });
      await this.record(manager, created, 'account.sso_account_created', { provider: provider.id, role: provider.defaultRole });
      return created;
    });
    return this.signedIn(provider, user);
  }

  /** Links (when `linkSubject` is given) and records the sign-in; the caller starts the session. */
  private async signedIn(provider: OidcProviderSettings, user: User, linkSubject?: string, linkDetail: Record<string, unknown> = {}): Promise<User> {
    // The provider's own factors stand in for the local ones (authenticator app, passkey; docs/decisions.md).
    const twoFactorSkipped = (await this.twoFactor.methods(user.id)).length > 0;
    await this.dataSource.transaction(async (manager) => {
      if (linkSubject !== undefined) {
        await manager.insert(OidcLink, { providerId: provider.id, subject: linkSubject, userId: user.id });
        await this.record(manager, user, 'account.sso_linked', { provider: provider.id, ...linkDetail });
      }
      await this.record(manager, user, 'account.sso_signed_in', { provider: provider.id, ...(twoFactorSkipped ? { twoFactorSkipped } : {}) });
    });
    return user;
  }

  /** A username from the e-mail's local part, made valid and unique (a short random tail when taken). */
  private async freeUsername(manager: EntityManager, email: string): Promise<string> {
    const base = email
      .slice(0, email.lastIndexOf('@'))
      .replace(/[^A-Za-z0-9._-]/g, '')
      .slice(0, 27)
      .padEnd(3, '_');
    for (let candidate = base; ; candidate = `${base}-${randomBytes(2).toString('hex')}`) {
      if (USERNAME_PATTERN.test(candidate) && !(await manager.existsBy(User, { usernameKey: identityKey(candidate) }))) return candidate;
    }
  }

  /** Audits a refused sign-in and answers its error; without an account the actor names the provider. */
  private async refuse(providerId: string, code: RefusalCode, detail: Record<string, unknown>): Promise<AppError> {
    const actor: AuditActor = { id: null, username: `sso:${providerId}` };
    await this.dataSource.transaction((manager) =>
      this.audit.record(manager, {
        actor,
        organizationId: null,
        action: 'account.sso_refused',
        detail: { provider: providerId.slice(0, 64), code, ...detail },
      }),
    );
    return AUTH_ERRORS.error(code);
  }

  private record(manager: EntityManager, user: User, action: AuditAction, detail: Record<string, unknown>): Promise<void> {
    return this.audit.record(manager, { actor: user, organizationId: null, action, detail });
  }
}

function describe(error: unknown): string {
  if (error instanceof oidc.AuthorizationResponseError) return `${error.error}${error.error_description ? `: ${error.error_description}` : ''}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
