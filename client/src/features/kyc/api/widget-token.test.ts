import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { api } from '../../../api/client';
import { fakeKycServer } from '../testing/fake-kyc-server';
import { widgetAuth, withWidgetToken } from './widget-token';

const ref = { companyKey: 'pk_acme', userId: 'customer-1' };
const getSession = (token: string) => api.get('/api/kyc/session', { headers: widgetAuth(token) });

describe('withWidgetToken', () => {
  it('sends the cached token and asks for one only once', async () => {
    const server = fakeKycServer();
    const client = new QueryClient();
    await withWidgetToken(client, ref, getSession);
    await withWidgetToken(client, ref, getSession);
    expect(server.callsTo('/api/kyc/get-new-token')).toHaveLength(1);
    expect(server.callsTo('/api/kyc/session').map((call) => call.authorization)).toEqual(['Bearer token-1', 'Bearer token-1']);
  });

  it("renews the token once for calls that fail together with 'invalid-token'", async () => {
    const server = fakeKycServer();
    const client = new QueryClient();
    await withWidgetToken(client, ref, getSession);
    server.expire('token-1');
    await Promise.all([withWidgetToken(client, ref, getSession), withWidgetToken(client, ref, getSession)]);
    expect(server.callsTo('/api/kyc/get-new-token')).toHaveLength(2);
    expect(server.callsTo('/api/kyc/session').slice(-2).map((call) => call.authorization)).toEqual([
      'Bearer token-2',
      'Bearer token-2',
    ]);
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
    await expect(withWidgetToken(client, ref, alwaysExpired)).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(2);
  });

  it('passes other errors on without renewing', async () => {
    const server = fakeKycServer();
    const client = new QueryClient();
    await expect(withWidgetToken(client, ref, (token) => api.get('/api/kyc/unknown', { headers: widgetAuth(token) }))).rejects.toMatchObject({
      status: 404,
    });
    expect(server.callsTo('/api/kyc/get-new-token')).toHaveLength(1);
  });
});
