import { existsSync, readFileSync } from 'node:fs';
import { isRoleName, type RoleName } from './role-name.js';

/** One OpenID Connect provider staff may sign in with (an entry of OIDC_PROVIDERS). */
export interface OidcProviderSettings {
  /** In the callback URL: /api/auth/oidc/<id>/callback. */
  id: string;
  /** Shown on the sign-in button: "Sign in with <name>". */
  name: string;
  /** Discovery starts at <issuer>/.well-known/openid-configuration. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Lower-cased e-mail domains whose people get an account on first sign-in; empty: none. */
  allowedDomains: string[];
  /** The role of an account created on first sign-in; never super-admin. */
  defaultRole: Exclude<RoleName, 'super-admin'>;
}

type Fail = (message: string) => Error;

const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;
const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * OIDC_PROVIDERS: a JSON array, or the path of a file holding one (keeps client secrets
 * out of the process list and compose files). Unset: no single sign-on.
 */
export function parseOidcProviders(raw: string | undefined, fail: Fail): OidcProviderSettings[] {
  if (raw === undefined) return [];
  let text = raw;
  if (!raw.startsWith('[')) {
    if (!existsSync(raw)) throw fail(`OIDC_PROVIDERS must be a JSON array or the path of a file holding one; no file at '${raw}'`);
    text = readFileSync(raw, 'utf8');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw fail('OIDC_PROVIDERS is not valid JSON');
  }
  if (!Array.isArray(parsed)) throw fail('OIDC_PROVIDERS must be a JSON array of providers');
  const providers = parsed.map((entry, index) => parseProvider(entry, index, fail));
  const ids = providers.map((p) => p.id);
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate) throw fail(`OIDC_PROVIDERS names the provider id '${duplicate}' twice`);
  return providers;
}

function parseProvider(entry: unknown, index: number, fail: Fail): OidcProviderSettings {
  const at = `OIDC_PROVIDERS[${index}]`;
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw fail(`${at} must be an object`);
  const value = entry as Record<string, unknown>;
  const text = (field: string): string => {
    const v = value[field];
    if (typeof v !== 'string' || v.trim() === '') throw fail(`${at}.${field} must be a non-empty string`);
    return v.trim();
  };
  const id = text('id');
  if (!ID_PATTERN.test(id)) throw fail(`${at}.id must be 1 to 32 lower-case letters, digits or dashes, got '${id}'`);
  const issuer = text('issuer');
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw fail(`${at}.issuer must be a URL`);
  }
  // Plain HTTP only to this machine (a provider in a test or beside the app); anywhere else tokens would travel in clear.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) {
    throw fail(`${at}.issuer must be an https:// URL (http:// only for localhost), got '${issuer}'`);
  }
  const domains = value.allowedDomains ?? [];
  if (!Array.isArray(domains) || !domains.every((d) => typeof d === 'string' && DOMAIN_PATTERN.test(d.trim().toLowerCase()))) {
    throw fail(`${at}.allowedDomains must be a list of e-mail domains such as "example.com"`);
  }
  const role = value.defaultRole ?? 'kyc';
  if (!isRoleName(role) || role === 'super-admin') {
    throw fail(`${at}.defaultRole must be 'kyc' or 'admin' (super-admins are never created by sign-in), got '${String(role)}'`);
  }
  return {
    id,
    name: text('name'),
    issuer,
    clientId: text('clientId'),
    clientSecret: text('clientSecret'),
    allowedDomains: domains.map((d: string) => d.trim().toLowerCase()),
    defaultRole: role,
  };
}
