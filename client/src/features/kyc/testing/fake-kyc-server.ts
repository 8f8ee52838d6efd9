import { act } from '@testing-library/react';
import { vi } from 'vitest';

import type { KycTokenResponseDto, WidgetSessionDto } from '../../../api/generated/types.gen';
import { apiError, mockApi, type ApiCall, type MockAnswer, type OperationId, type ResponseOf } from '../../../testing/mock-api';

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
    selfieChallenge: { turn: 'left' },
    scope: 'edit',
    decision: null,
    resubmission: null,
    ...overrides,
  };
}

/** The widget token a call carried (`Authorization: Bearer …`), or the companyKey of get-new-token. */
export function authorizationOf(call: ApiCall): string | null {
  return call.headers.get('Authorization');
}

/** The secret of the session link the tests open: `/kyc?session=${SESSION_SECRET}`. */
export const SESSION_SECRET = 'link-secret-0123456789abcdef';

export const TOO_MANY_ATTEMPTS = 'Too many attempts, try again in 42 seconds';
/** The server's 429 of an abuse limit (the real one also sends Retry-After: 42). */
export const rateLimited = () => apiError(429, 'RATE_LIMITED', TOO_MANY_ATTEMPTS);

/**
 * The verification page's operations as the server answers them, in memory. Tokens are
 * token-1, token-2 …, whether get-new-token (the companyKey link) or session-token (a
 * session link's secret, or a resume secret) issued them. get-new-token gives the resume
 * secrets resume-1, resume-2 … with its token. `expire(token)` makes every widget call
 * with that token answer 401 invalid-token; `revoke(secret)` makes session-token refuse that secret;
 * `failNext(operation, answer)` answers the next call of an operation with `answer`.
 * This browser's kept resume secrets (localStorage) are cleared.
 */
export function fakeKycServer({
  session = buildSession(),
  tokenAnswer,
  secrets = [SESSION_SECRET],
}: {
  session?: WidgetSessionDto;
  /** The answer of every get-new-token call instead of a token. */
  tokenAnswer?: MockAnswer<KycTokenResponseDto>;
  /** Secrets session-token accepts (session links); resume secrets are added as they are given. */
  secrets?: string[];
} = {}) {
  localStorage.clear();
  let issued = 0;
  let resumes = 0;
  let sumsubTokens = 0;
  const expired = new Set<string>();
  const tokens = new Set<string>();
  const known = new Set(secrets);
  const queued = new Map<OperationId, MockAnswer<never>[]>();
  const state = { session };

  const issue = () => {
    issued += 1;
    const token = `token-${issued}`;
    tokens.add(token);
    return { token, expiresAt: '2030-01-01T00:15:00.000Z', scope: 'edit' as const };
  };

  /** A queued answer (failNext) comes first. */
  const queuedFor = (operation: OperationId) => queued.get(operation)?.shift();

  /** Answers with the widget token checked, as the server's token guard does. */
  const withToken =
    <Op extends OperationId>(operation: Op, answer: (call: ApiCall<Op>) => MockAnswer<ResponseOf<Op>>) =>
    (call: ApiCall<Op>): MockAnswer<ResponseOf<Op>> => {
      const next = queuedFor(operation);
      if (next) return next;
      const token = authorizationOf(call)?.replace(/^Bearer /, '') ?? '';
      if (!tokens.has(token) || expired.has(token)) {
        return apiError(401, 'invalid-token', 'The verification session has expired');
      }
      return answer(call);
    };

  const api = mockApi({
    kycIssueForCompanyKey: () => {
      const next = queuedFor('kycIssueForCompanyKey');
      if (next) return next;
      if (tokenAnswer) return tokenAnswer;
      resumes += 1;
      const resumeSecret = `resume-${resumes}`;
      known.add(resumeSecret);
      return { body: { status: 'ok', code: 'OK', message: 'Verification token issued', ...issue(), resumeSecret } };
    },
    kycExchange: ({ body }) => {
      const next = queuedFor('kycExchange');
      if (next) return next;
      if (!body || !known.has(body.session)) {
        return apiError(401, 'SESSION_LINK_INVALID', 'This verification link is not valid or has expired. Ask for a new one.');
      }
      return { body: issue() };
    },
    kycSession: withToken('kycSession', () => ({ body: { ...state.session, scope: 'edit' } })),
    kycUpload: withToken('kycUpload', ({ body }) => {
      const { docType, side, pose } = body!;
      const isSelfie = docType === 'SELFIE';
      if (!isSelfie && pose) return apiError(400, 'POSE_NOT_FOR_DOCUMENT', 'pose is only for a selfie');
      // A selfie is stored with side null (facing) or 'turned'; a new facing one drops the turned one.
      const stored = isSelfie ? (pose === 'turned' ? 'turned' : null) : (side ?? 'front');
      const images = state.session.images.filter(
        (image) =>
          !(image.docType === docType && image.side === stored) &&
          !(isSelfie && stored === null && image.docType === 'SELFIE' && image.side === 'turned') &&
          (isSelfie || image.docType === 'SELFIE' || image.docType === docType),
      );
      state.session = {
        ...state.session,
        documentType: isSelfie ? state.session.documentType : docType,
        images: [...images, { docType, side: stored }],
      };
      return { body: state.session };
    }),
    kycPersonalData: withToken('kycPersonalData', ({ body }) => {
      state.session = { ...state.session, personalData: { ...state.session.personalData, ...body } };
      return { body: state.session };
    }),
    kycSubmit: withToken('kycSubmit', () => {
      state.session = { ...state.session, status: 'processing' };
      return { body: state.session };
    }),
    sumsubAccessToken: withToken('sumsubAccessToken', () => ({ body: { token: `sumsub-${(sumsubTokens += 1)}` } })),
  });

  return {
    ...api,
    state,
    expire: (token: string) => expired.add(token),
    revoke: (secret: string) => known.delete(secret),
    /** The next call of `operation` answers `answer` (e.g. `rateLimited()`); later calls as usual. */
    failNext: (operation: OperationId, answer: MockAnswer<never>) => {
      queued.set(operation, [...(queued.get(operation) ?? []), answer]);
    },
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
