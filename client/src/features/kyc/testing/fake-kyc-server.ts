import { act } from '@testing-library/react';
import { vi } from 'vitest';

import type { KycTokenResponseDto, WidgetSessionDto } from '../../../api/generated/types.gen';
import {
  apiError,
  mockApi,
  type ApiCall,
  type MockAnswer,
  type OperationId,
  type ResponseOf,
} from '../../../testing/mock-api';

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

/** The widget token a call carried (`Authorization: Bearer …`), or the companyKey of get-new-token. */
export function authorizationOf(call: ApiCall): string | null {
  return call.headers.get('Authorization');
}

/**
 * The verification page's operations as the server answers them, in memory: tokens
 * token-1, token-2 …; `expire(token)` makes every widget call with that token answer
 * 401 invalid-token.
 */
export function fakeKycServer({
  session = buildSession(),
  tokenAnswer,
}: { session?: WidgetSessionDto; tokenAnswer?: MockAnswer<KycTokenResponseDto> } = {}) {
  let issued = 0;
  let sumsubTokens = 0;
  const expired = new Set<string>();
  const state = { session };

  /** Answers with the session's widget token checked, as the server's token guard does. */
  const withToken =
    <Op extends OperationId>(answer: (call: ApiCall<Op>) => MockAnswer<ResponseOf<Op>>) =>
    (call: ApiCall<Op>): MockAnswer<ResponseOf<Op>> => {
      const token = authorizationOf(call)?.replace(/^Bearer /, '') ?? '';
      if (!token.startsWith('token-') || expired.has(token)) {
        return apiError(401, 'invalid-token', 'The verification session has expired');
      }
      return answer(call);
    };

  const api = mockApi({
    kycIssueForCompanyKey: () => {
      if (tokenAnswer) return tokenAnswer;
      issued += 1;
      return { body: { status: 'ok', code: 'OK', message: 'Verification token issued', token: `token-${issued}` } };
    },
    kycSession: withToken(() => ({ body: state.session })),
    kycUpload: withToken(({ body }) => {
      const { docType, side } = body!;
      const isSelfie = docType === 'SELFIE';
      const images = state.session.images.filter(
        (image) =>
          !(image.docType === docType && image.side === (side ?? null)) &&
          (isSelfie || image.docType === 'SELFIE' || image.docType === docType),
      );
      state.session = {
        ...state.session,
        documentType: isSelfie ? state.session.documentType : docType,
        images: [...images, { docType, side: isSelfie ? null : (side ?? 'front') }],
      };
      return { body: state.session };
    }),
    kycPersonalData: withToken(({ body }) => {
      state.session = { ...state.session, personalData: { ...state.session.personalData, ...body } };
      return { body: state.session };
    }),
    kycSubmit: withToken(() => {
      state.session = { ...state.session, status: 'processing' };
      return { body: state.session };
    }),
    sumsubAccessToken: withToken(() => ({ body: { token: `sumsub-${(sumsubTokens += 1)}` } })),
  });

  return {
    ...api,
    state,
    expire: (token: string) => expired.add(token),
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
