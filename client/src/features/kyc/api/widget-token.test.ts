import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { kycSession } from '../../../api/sdk';
import { apiError } from '../../../testing/mock-api';
import { resumeSecrets } from '../lib/resume-secrets';
import { authorizationOf, fakeKycServer, rateLimited, SESSION_SECRET } from '../testing/fake-kyc-server';
import type { KycLink } from './kyc-keys';
import { withWidgetToken } from './widget-token';

const companyKeyLink: KycLink = { kind: 'companyKey', companyKey: 'pk_acme', userId: 'customer-1' };
const sessionLink: KycLink = { kind: 'session', secret: SESSION_SECRET };
const getSession = async (token: string) => (await kycSession({ auth: token })).data;

describe('withWidgetToken', () => {
  it('sends the cached token and asks for one only once', async () => {
    const server = fakeKycServer();
    const client = new QueryClient();
    await withWidgetToken(client, companyKeyLink, getSession);
    await withWidgetToken(client, companyKeyLink, getSession);
    expect(server.callsTo('kycIssueForCompanyKey')).toHaveLength(1);
    expect(server.callsTo('kycSession').map(authorizationOf)).toEqual(['Bearer token-1', 'Bearer token-1']);
  });

  it("renews the token once for calls that fail together with 'invalid-token'", async () => {
    const server = fakeKycServer();
    const client = new QueryClient();
    await withWidgetToken(client, companyKeyLink, getSession);
    server.expire('token-1');
    await Promise.all([withWidgetToken(client, companyKeyLink, getSession), withWidgetToken(client, companyKeyLink, getSession)]);
    expect(server.callsTo('kycExchange')).toHaveLength(1);
    expect(server.callsTo('kycSession').slice(-2).map(authorizationOf)).toEqual(['Bearer token-2', 'Bearer token-2']);
  });

  it('retries only once: a second invalid-token is passed on', async () => {
    const server = fakeKycServer();
    const client = new QueryClient();
    let calls = 0;
    const alwaysExpired = async (token: string) => {
      calls += 1;
      server.expire(token);
      return getSession(token);
    };
    await expect(withWidgetToken(client, companyKeyLink, alwaysExpired)).rejects.toMatchObject({ status: 401, code: 'invalid-token' });
    expect(calls).toBe(2);
  });

  it('passes other errors on without renewing', async () => {
    const server = fakeKycServer();
    server.answer({ kycSession: apiError(400, 'VALIDATION_FAILED', 'token must be a string') });
    const client = new QueryClient();
    await expect(withWidgetToken(client, companyKeyLink, getSession)).rejects.toMatchObject({ status: 400 });
    expect(server.callsTo('kycSession')).toHaveLength(1);
    expect(server.callsTo('kycIssueForCompanyKey')).toHaveLength(1);
  });

  it('does not renew on a 401 with another code (an unknown companyKey is not an expired token)', async () => {
    const server = fakeKycServer({ tokenAnswer: apiError(401, 'COMPANY_KEY_INVALID', 'Unknown companyKey') });
    const client = new QueryClient();
    await expect(withWidgetToken(client, companyKeyLink, getSession)).rejects.toMatchObject({ status: 401, code: 'COMPANY_KEY_INVALID' });
    expect(server.callsTo('kycIssueForCompanyKey')).toHaveLength(1);
    expect(server.callsTo('kycSession')).toEqual([]);
  });

  it('passes on a renewal refused by an abuse limit, with its message', async () => {
    const server = fakeKycServer();
    const client = new QueryClient();
    await withWidgetToken(client, companyKeyLink, getSession);
    server.expire('token-1');
    server.failNext('kycExchange', rateLimited());
    await expect(withWidgetToken(client, companyKeyLink, getSession)).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many attempts, try again in 42 seconds',
    });
    // The next call renews and goes through.
    await expect(withWidgetToken(client, companyKeyLink, getSession)).resolves.toMatchObject({ organizationName: 'Acme Bank' });
  });
});

describe('the companyKey link', () => {
  it('keeps the resume secret of a new applicant in this browser, and exchanges it first the next time', async () => {
    const server = fakeKycServer();
    await withWidgetToken(new QueryClient(), companyKeyLink, getSession);
    expect(server.callsTo('kycIssueForCompanyKey')[0].query).toEqual({ userId: 'customer-1' });
    expect(authorizationOf(server.callsTo('kycIssueForCompanyKey')[0])).toBe('Bearer pk_acme');
    expect(resumeSecrets.read('pk_acme', 'customer-1')).toBe('resume-1');
    expect(resumeSecrets.read('pk_acme', 'customer-2')).toBeNull();

    // A reload: a new page, the same browser.
    await withWidgetToken(new QueryClient(), companyKeyLink, getSession);
    expect(server.callsTo('kycExchange').map((call) => call.body)).toEqual([{ session: 'resume-1' }]);
    expect(server.callsTo('kycIssueForCompanyKey')).toHaveLength(1);
    expect(server.callsTo('kycSession').map(authorizationOf)).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('forgets a resume secret the server no longer knows (SESSION_LINK_INVALID) and asks get-new-token', async () => {
    const server = fakeKycServer();
    resumeSecrets.keep('pk_acme', 'customer-1', 'resume-from-last-week');
    await withWidgetToken(new QueryClient(), companyKeyLink, getSession);
    expect(server.callsTo('kycExchange').map((call) => call.body)).toEqual([{ session: 'resume-from-last-week' }]);
    expect(server.callsTo('kycIssueForCompanyKey')).toHaveLength(1);
    expect(resumeSecrets.read('pk_acme', 'customer-1')).toBe('resume-1');
  });

  it('keeps the resume secret when its exchange fails for another reason', async () => {
    const server = fakeKycServer();
    resumeSecrets.keep('pk_acme', 'customer-1', 'resume-kept');
    server.failNext('kycExchange', rateLimited());
    await expect(withWidgetToken(new QueryClient(), companyKeyLink, getSession)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(server.callsTo('kycIssueForCompanyKey')).toEqual([]);
    expect(resumeSecrets.read('pk_acme', 'customer-1')).toBe('resume-kept');
  });
});

describe('the session link', () => {
  it("exchanges the link's secret for the token, and again to renew it — never get-new-token", async () => {
    const server = fakeKycServer();
    const client = new QueryClient();
    await withWidgetToken(client, sessionLink, getSession);
    server.expire('token-1');
    await withWidgetToken(client, sessionLink, getSession);
    expect(server.callsTo('kycExchange').map((call) => call.body)).toEqual([{ session: SESSION_SECRET }, { session: SESSION_SECRET }]);
    expect(server.callsTo('kycIssueForCompanyKey')).toEqual([]);
    expect(server.callsTo('kycSession').map(authorizationOf)).toEqual(['Bearer token-1', 'Bearer token-1', 'Bearer token-2']);
  });

  it('passes SESSION_LINK_INVALID on when the link was revoked', async () => {
    const server = fakeKycServer();
    const client = new QueryClient();
    await withWidgetToken(client, sessionLink, getSession);
    server.expire('token-1');
    server.revoke(SESSION_SECRET);
    await expect(withWidgetToken(client, sessionLink, getSession)).rejects.toMatchObject({ status: 401, code: 'SESSION_LINK_INVALID' });
  });
});
