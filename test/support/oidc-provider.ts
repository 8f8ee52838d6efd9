import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** The claims a test person has at the provider (their `sub` is the account id). */
export interface ProviderAccount {
  email?: string;
  /** A string here plays a provider that sends `"true"` instead of JSON true. */
  email_verified?: boolean | string;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** People who can sign in at the provider, by account id (= `sub`); change them between sign-ins. */
  accounts: Map<string, ProviderAccount>;
  /** Called once the token endpoint has answered (e.g. to move the clock before the app checks the ID token). */
  onTokenIssued?: () => void;
  /** The OIDC_PROVIDERS entry for the app (allowed domains and role as given). */
  setting(overrides?: Record<string, unknown>): Record<string, unknown>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (node-oidc-provider) on a random local port, with one
 * confidential client registered for `callbackUrl`. Sign-in uses its development
 * interactions: a login form taking any known account id, then a consent form.
 */
export async function startOidcProvider(callbackUrl: string, id = 'acme'): Promise<TestOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = `kyc-${id}`;
  const clientSecret = `secret-of-${id}-0123456789abcdef0123456789`;
  const accounts = new Map<string, ProviderAccount>();
  const provider = new Provider(issuer, {
    clients: [
      { client_id: clientId, client_secret: clientSecret, redirect_uris: [callbackUrl], grant_types: ['authorization_code'], response_types: ['code'] },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['oidc-test-cookie-key'] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: (_ctx, accountId) => {
      const claims = accounts.get(accountId);
      return claims ? { accountId, claims: () => ({ sub: accountId, ...claims }) } : undefined;
    },
  });
  const handle = provider.callback();
  const test: TestOidcProvider = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    setting: (overrides = {}) => ({ id, name: `Acme ${id}`, issuer, clientId, clientSecret, allowedDomains: ['acme.test'], defaultRole: 'kyc', ...overrides }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/token')) res.once('finish', () => test.onTokenIssued?.());
    void handle(req, res);
  });
  return test;
}

/**
 * Plays the person at the provider: follows its redirects from `authorizationUrl`,
 * signs in as `accountId` and consents (or cancels, for `abort`), and answers the URL
 * the provider finally sends the browser to (the app's callback, with its query).
 */
export async function signInAtProvider(authorizationUrl: string, accountId: string, options: { abort?: boolean } = {}): Promise<URL> {
  const issuerOrigin = new URL(authorizationUrl).origin;
  const cookies = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
  let url = authorizationUrl;
  for (let hops = 0; hops < 20; hops += 1) {
    const target = new URL(url, issuerOrigin);
    if (target.origin !== issuerOrigin) return target;
    const res = await send(target.href);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, target).href;
      continue;
    }
    const page = await res.text();
    if (res.status !== 200) throw new Error(`The provider answered ${res.status}: ${page.slice(0, 300)}`);
    if (options.abort) {
      url = `${target.href}/abort`;
      continue;
    }
    const prompt = /name="prompt" value="(login|consent)"/.exec(page)?.[1];
    if (!prompt) throw new Error(`Unexpected provider page: ${page.slice(0, 300)}`);
    const body = new URLSearchParams(prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt });
    const submitted = await send(target.href, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    url = new URL(submitted.headers.get('location') ?? target.href, target).href;
  }
  throw new Error('The provider kept redirecting');
}
