import { describe, expect, it, vi } from 'vitest';

import { mockFetch } from '../testing/mock-fetch';
import {
  api,
  ApiError,
  buildUrl,
  FALLBACK_ERROR_MESSAGE,
  getErrorMessage,
  messageFromErrorResponse,
} from './client';

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
    expect(messageFromErrorResponse({ message: 'Project not found' }, 'Not Found')).toBe(
      'Project not found',
    );
  });

  it('uses the first item when the server message is a list', () => {
    expect(
      messageFromErrorResponse({ message: ['email must be an email', 'username is too short'] }, 'Bad Request'),
    ).toBe('email must be an email');
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
    expect(getErrorMessage(new ApiError(409, 'Please configure your webhook'))).toBe(
      'Please configure your webhook',
    );
    expect(getErrorMessage(new TypeError('x is undefined'))).toBe(FALLBACK_ERROR_MESSAGE);
    expect(getErrorMessage('boom')).toBe(FALLBACK_ERROR_MESSAGE);
  });
});

describe('api client', () => {
  it('sends same-origin credentials, JSON and the X-Requested-With header', async () => {
    const fetchMock = mockFetch(() => ({ status: 201, body: { id: 7 } }));

    await expect(api.post<{ id: number }>('/api/projects', { name: 'Acme' })).resolves.toEqual({ id: 7 });

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/projects');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe(JSON.stringify({ name: 'Acme' }));
    expect(init?.headers).toMatchObject({
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
    });
  });

  it('sends the header on reads too, without a body', async () => {
    const fetchMock = mockFetch(() => ({ body: [] }));
    await api.get('/api/projects');
    const [, init] = fetchMock.mock.calls[0];
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest' });
  });

  it('throws ApiError with the status and the mapped message', async () => {
    mockFetch(() => ({
      status: 400,
      statusText: 'Bad Request',
      body: { statusCode: 400, message: ['redirectUrl must be a URL address'], error: 'Bad Request' },
    }));
    const error = await errorOf(api.put('/api/users/redirect-url', { redirectUrl: 'nope' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'redirectUrl must be a URL address' });
  });

  it('knows the status text when the response has none (HTTP/2)', async () => {
    mockFetch(() => ({ status: 503, statusText: '' }));
    const error = await errorOf(api.get('/api/users/me'));
    expect(error).toMatchObject({ status: 503, message: 'Service Unavailable' });
  });

  it('maps a network failure to the generic message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await errorOf(api.get('/api/users/me'));
    expect(error).toMatchObject({ status: 0, message: FALLBACK_ERROR_MESSAGE });
  });

  it('resolves undefined for 204 No Content', async () => {
    mockFetch(() => ({ status: 204 }));
    await expect(api.delete('/api/auth/delete', { password: 'secret' })).resolves.toBeUndefined();
  });

  it('builds query strings and drops empty values', () => {
    expect(buildUrl('/api/applicants', { page: 1, pageSize: 25, search: '', orderBy: undefined })).toBe(
      '/api/applicants?page=1&pageSize=25',
    );
    expect(buildUrl('/api/kyc/status', { userId: 'a b', companyKey: 'pk_1' })).toBe(
      '/api/kyc/status?userId=a+b&companyKey=pk_1',
    );
    expect(buildUrl('/api/x', {})).toBe('/api/x');
  });
});
