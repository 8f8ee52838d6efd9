import { vi } from 'vitest';

export interface MockResponse {
  status?: number;
  statusText?: string;
  body?: unknown;
}

type Route = (url: string, init: RequestInit | undefined) => MockResponse | undefined;

/** Replaces fetch with a router of canned answers; unknown URLs answer 404. */
export function mockFetch(route: Route) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = route(url, init) ?? { status: 404, body: { statusCode: 404, message: 'Not Found' } };
    const status = answer.status ?? 200;
    const hasBody = answer.body !== undefined && status !== 204;
    return new Response(hasBody ? JSON.stringify(answer.body) : null, {
      status,
      statusText: answer.statusText ?? '',
      headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
