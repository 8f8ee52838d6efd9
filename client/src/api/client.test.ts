import { describe, expect, it, vi } from 'vitest';

import { apiError, mockApi } from '../testing/mock-api';
import { ApiError, FALLBACK_ERROR_MESSAGE, getErrorMessage, hasErrorCode, messageFromErrorResponse } from './client';
import { endpointOf, pathTemplate, urlOf } from './endpoints';
import {
  applicantsApprove,
  applicantsImage,
  applicantsList,
  authDeleteAccount,
  authLogout,
  kycSession,
  kycStatus,
  organizationsCreate,
  organizationsList,
  usersMe,
  webhookSettingsSetRedirectUrl,
} from './sdk';

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe('request error to message (spec §8)', () => {
  it('uses the server message', () => {
    expect(messageFromErrorResponse({ message: 'Organization not found' }, 'Not Found')).toBe('Organization not found');
  });

  it('uses the first item when the server message is a list', () => {
    expect(messageFromErrorResponse({ message: ['email must be an email', 'username is too short'] }, 'Bad Request')).toBe('email must be an email');
  });

  it('falls back to the HTTP status text without a usable message', () => {
    expect(messageFromErrorResponse({ message: [] }, 'Bad Request')).toBe('Bad Request');
    expect(messageFromErrorResponse('<html>oops</html>', 'Bad Gateway')).toBe('Bad Gateway');
  });

  it('falls back to the generic text without message or status text', () => {
    expect(messageFromErrorResponse(undefined, '')).toBe(FALLBACK_ERROR_MESSAGE);
    expect(FALLBACK_ERROR_MESSAGE).toBe('Failed to process your request at this time');
  });

  it('getErrorMessage reads an ApiError and hides anything else', () => {
    expect(getErrorMessage(new ApiError(409, 'Please configure your webhook'))).toBe('Please configure your webhook');
    expect(getErrorMessage(new TypeError('x is undefined'))).toBe(FALLBACK_ERROR_MESSAGE);
    expect(getErrorMessage('boom')).toBe(FALLBACK_ERROR_MESSAGE);
  });

  it('reads the machine code from the body, and hasErrorCode decides on it (and the status)', () => {
    const changed = new ApiError(409, 'Someone else changed this applicant', {
      statusCode: 409,
      message: 'Someone else changed this applicant',
      error: 'Conflict',
      code: 'APPLICANT_CHANGED',
    });
    expect(changed.code).toBe('APPLICANT_CHANGED');
    expect(hasErrorCode(changed, 'APPLICANT_CHANGED')).toBe(true);
    expect(hasErrorCode(changed, 'APPLICANT_CHANGED', 409)).toBe(true);
    expect(hasErrorCode(changed, 'APPLICANT_CHANGED', 400)).toBe(false);
    expect(hasErrorCode(changed, 'CONFLICT')).toBe(false);
    expect(new ApiError(500, 'x', '<html>').code).toBeUndefined();
    expect(hasErrorCode(new Error('APPLICANT_CHANGED'), 'APPLICANT_CHANGED')).toBe(false);
  });
});

describe('the configured SDK client', () => {
  it('sends same-origin credentials, JSON and the X-Requested-With header', async () => {
    const api = mockApi({ organizationsCreate: { status: 201, body: { id: '7', name: 'Acme', companyKey: 'pk_7', role: 'owner' } } });

    const { data } = await organizationsCreate({ body: { name: 'Acme' } });
    expect(data).toEqual({ id: '7', name: 'Acme', companyKey: 'pk_7', role: 'owner' });

    const [call] = api.callsTo('organizationsCreate');
    expect(call.method).toBe('POST');
    expect(new URL(call.url).origin).toBe(window.location.origin);
    expect(call.request.credentials).toBe('same-origin');
    expect(call.body).toEqual({ name: 'Acme' });
    expect(call.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(call.headers.get('Content-Type')).toBe('application/json');
  });

  it('sends the header on reads too, without a body', async () => {
    const api = mockApi({ organizationsList: { body: [] } });
    await organizationsList();
    const [call] = api.callsTo('organizationsList');
    expect(call.body).toBeUndefined();
    expect(call.request.credentials).toBe('same-origin');
    expect(call.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(call.headers.get('Content-Type')).toBeNull();
  });

  it('fills in path parameters, encoded', async () => {
    const api = mockApi({ applicantsApprove: apiError(404, 'APPLICANT_NOT_FOUND', 'Applicant not found') });
    await errorOf(applicantsApprove({ path: { id: 'org 1', userId: 'a/b' }, body: { version: 3 } }));
    const [call] = api.callsTo('applicantsApprove');
    expect(call.path).toEqual({ id: 'org 1', userId: 'a/b' });
    expect(call.body).toEqual({ version: 3 });
  });

  it('leaves empty query values out (spec §5)', async () => {
    const api = mockApi({
      applicantsList: { body: { items: [], meta: { page: 1, pageLength: 0, totalPages: 0, hasPreviousPage: false, hasNextPage: false } } },
    });
    await applicantsList({ path: { id: 'o1' }, query: { page: 1, pageSize: 25, search: '', orderBy: undefined } });
    const [call] = api.callsTo('applicantsList');
    expect(new URL(call.url).search).toBe('?page=1&pageSize=25');
  });

  it('sends a widget token as a bearer token', async () => {
    const api = mockApi({ kycSession: apiError(401, 'invalid-token') });
    await errorOf(kycSession({ auth: 'kyc_wt_1' }));
    expect(api.callsTo('kycSession')[0].headers.get('Authorization')).toBe('Bearer kyc_wt_1');
  });

  it('throws ApiError with the status, the mapped message and the code', async () => {
    mockApi({
      webhookSettingsSetRedirectUrl: apiError(400, 'VALIDATION_FAILED', ['redirectUrl must be a URL address']),
    });
    const error = await errorOf(webhookSettingsSetRedirectUrl({ body: { redirectUrl: 'nope' } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'redirectUrl must be a URL address', code: 'VALIDATION_FAILED' });
    expect((error as ApiError).body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('knows the status text when the response has none (HTTP/2)', async () => {
    mockApi({ usersMe: { status: 503, statusText: '' } });
    const error = await errorOf(usersMe());
    expect(error).toMatchObject({ status: 503, message: 'Service Unavailable', code: undefined });
  });

  it('uses the status text for an error body that is not JSON', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })));
    const error = await errorOf(usersMe());
    expect(error).toMatchObject({ status: 502, message: 'Bad Gateway', body: '<html>bad gateway</html>' });
  });

  it('maps a network failure to status 0 and the generic message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await errorOf(usersMe());
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: FALLBACK_ERROR_MESSAGE, code: undefined });
  });

  it('passes an abort on as it is, for react-query to cancel', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(abort));
    expect(await errorOf(usersMe())).toBe(abort);
  });

  it('resolves with no data for 204 No Content', async () => {
    const api = mockApi({ authDeleteAccount: { status: 204 }, authLogout: { status: 204 } });
    const { data, response } = await authDeleteAccount({ body: { password: 'secret' } });
    expect(response.status).toBe(204);
    expect(data ?? undefined).toBeUndefined();
    expect(api.callsTo('authDeleteAccount')[0]).toMatchObject({ method: 'DELETE', body: { password: 'secret' } });
    await expect(authLogout()).resolves.toMatchObject({ response: { status: 204 } });
  });
});

describe('endpoints read from the SDK', () => {
  it('knows each operation’s method and URL template', () => {
    expect(endpointOf(applicantsApprove)).toEqual({ method: 'POST', url: '/api/projects/{id}/applicants/{userId}/approve' });
    expect(endpointOf(usersMe)).toEqual({ method: 'GET', url: '/api/users/me' });
  });

  it('builds same-origin URLs for EventSource and images, encoded, without empty values', () => {
    expect(urlOf(kycStatus, { query: { userId: 'a b', companyKey: 'pk_1', token: 't' } })).toBe(
      `${window.location.origin}/api/kyc/status?userId=a%20b&companyKey=pk_1&token=t`,
    );
    expect(urlOf(applicantsImage, { path: { id: 'o1', userId: 'u/1', imageId: 'i1' } })).toBe(
      `${window.location.origin}/api/projects/o1/applicants/u%2F1/images/i1`,
    );
    expect(urlOf(applicantsList, { path: { id: 'o1' }, query: { search: '', page: 2 } })).toBe(`${window.location.origin}/api/projects/o1/applicants?page=2`);
  });

  it('writes templates for documentation with the names given', () => {
    expect(pathTemplate(applicantsList, { id: '{organizationId}' })).toBe('/api/projects/{organizationId}/applicants');
    expect(pathTemplate(applicantsApprove, { id: '$ORG' })).toBe('/api/projects/$ORG/applicants/{userId}/approve');
  });
});
