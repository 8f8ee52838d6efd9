import { act } from '@testing-library/react';
import { vi } from 'vitest';

import type { WidgetSessionDto } from '../../../api/generated/types.gen';
import { mockFetch, type MockResponse } from '../../../testing/mock-fetch';

export function buildSession(overrides: Partial<WidgetSessionDto> = {}): WidgetSessionDto {
  return {
    userId: 'customer-1',
    organizationName: 'Acme Bank',
    status: 'pending',
    provider: 'builtin',
    documentType: null,
    images: [],
    personalData: {
      name: null,
      dateOfBirth: null,
      sex: null,
      placeOfBirth: null,
      docNumber: null,
      issuanceDate: null,
      expiryDate: null,
      country: null,
      address: null,
      issuedIn: null,
      maritalStatus: null,
    },
    redirectUrl: 'https://shop.example.test/done',
    canResubmit: false,
    ...overrides,
  };
}

export interface RecordedCall {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

/**
 * The /api/kyc routes as the server answers them, in memory: tokens token-1, token-2 …;
 * `expire(token)` makes every widget call with that token answer 401 invalid-token.
 */
export function fakeKycServer({
  session = buildSession(),
  tokenAnswer,
}: { session?: WidgetSessionDto; tokenAnswer?: MockResponse } = {}) {
  let issued = 0;
  const expired = new Set<string>();
  const calls: RecordedCall[] = [];
  const state = { session };

  const fetchMock = mockFetch((url, init) => {
    const { pathname } = new URL(url, 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const authorization = headers.get('Authorization');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: pathname, authorization, body });

    if (pathname === '/api/kyc/get-new-token') {
      if (tokenAnswer) return tokenAnswer;
      issued += 1;
      return { body: { status: 'ok', code: 'OK', message: 'Verification token issued', token: `token-${issued}` } };
    }
    const token = authorization?.replace(/^Bearer /, '') ?? '';
    if (!token.startsWith('token-') || expired.has(token)) {
      return {
        status: 401,
        body: { statusCode: 401, message: 'The verification session has expired', error: 'Unauthorized', code: 'invalid-token' },
      };
    }
    if (pathname === '/api/kyc/session' && method === 'GET') return { body: state.session };
    if (pathname === '/api/kyc/documents' && method === 'POST') {
      const { docType, side } = body as { docType: string; side?: string };
      const isSelfie = docType === 'SELFIE';
      const images = state.session.images.filter(
        (image) => !(image.docType === docType && image.side === (side ?? null)) && (isSelfie || image.docType === 'SELFIE' || image.docType === docType),
      );
      state.session = {
        ...state.session,
        documentType: isSelfie ? state.session.documentType : docType,
        images: [...images, { docType, side: isSelfie ? null : (side ?? 'front') }],
      };
      return { body: state.session };
    }
    if (pathname === '/api/kyc/personal-data' && method === 'PUT') {
      state.session = { ...state.session, personalData: { ...state.session.personalData, ...(body as object) } };
      return { body: state.session };
    }
    if (pathname === '/api/kyc/submit' && method === 'POST') {
      state.session = { ...state.session, status: 'processing' };
      return { body: state.session };
    }
    return undefined;
  });

  return {
    fetchMock,
    calls,
    state,
    expire: (token: string) => expired.add(token),
    callsTo: (path: string, method = 'GET') => calls.filter((call) => call.path === path && call.method === method),
  };
}

/** EventSource stand-in: tests push events with `emit` and break the stream with `fail`. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  static latest(): FakeEventSource {
    const latest = FakeEventSource.instances.at(-1);
    if (!latest) throw new Error('no EventSource was opened');
    return latest;
  }

  static install() {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  }

  emit(data: unknown) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) })));
  }

  fail() {
    act(() => this.onerror?.(new Event('error')));
  }

  close() {
    this.closed = true;
  }
}
