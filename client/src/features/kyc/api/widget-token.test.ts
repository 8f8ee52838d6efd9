import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { kycSession } from '../../../api/sdk';
import { apiError } from '../../../testing/mock-api';
import { authorizationOf, fakeKycServer } from '../testing/fake-kyc-server';
import { withWidgetToken } from './widget-token';

const ref = { companyKey: 'pk_acme', userId: 'customer-1' };
const getSession = async (token: string) => (await kycSession({ auth: token, throwOnError: true })).data;

describe('withWidgetToken', () => {
  it('sends the cached token and asks for one only once', async () => {
    const server = fakeKycServer();
    const client = new QueryClient();
    await withWidgetToken(client, ref, getSession);
    await withWidgetToken(client, ref, getSession);
    expect(server.callsTo('kycIssueForCompanyKey')).toHaveLength(1);
    expect(server.callsTo('kycSession').map(authorizationOf)).toEqual(['Bearer token-1', 'Bearer token-1']);
  });

  it("renews the token once for calls that fail together with 'invalid-token'", async () => {
    const server = fakeKycServer();
    const client = new QueryClient();
    await withWidgetToken(client, ref, getSession);
    server.expire('token-1');
    await Promise.all([withWidgetToken(client, ref, getSession), withWidgetToken(client, ref, getSession)]);
    expect(server.callsTo('kycIssueForCompanyKey')).toHaveLength(2);
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
    await expect(withWidgetToken(client, ref, alwaysExpired)).rejects.toMatchObject({ status: 401, code: 'invalid-token' });
    expect(calls).toBe(2);
  });

  it('passes other errors on without renewing', async () => {
    const server = fakeKycServer();
    server.answer({ kycSession: apiError(404, 'NOT_FOUND', 'Not Found') });
    const client = new QueryClient();
    await expect(withWidgetToken(client, ref, getSession)).rejects.toMatchObject({ status: 404 });
    expect(server.callsTo('kycSession')).toHaveLength(1);
    expect(server.callsTo('kycIssueForCompanyKey')).toHaveLength(1);
  });

  it("does not renew on a 401 with another code (an unknown companyKey is not an expired token)", async () => {
    const server = fakeKycServer();
    server.answer({ kycSession: apiError(401, 'UNAUTHENTICATED', 'The verification session has expired') });
    const client = new QueryClient();
    await expect(withWidgetToken(client, ref, getSession)).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(server.callsTo('kycIssueForCompanyKey')).toHaveLength(1);
  });
});
