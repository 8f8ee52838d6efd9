import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ErrorCode } from '../../api/client';
import { urlOf } from '../../api/endpoints';
import { kycStatus } from '../../api/sdk';
import { apiError } from '../../testing/mock-api';
import { browserNavigation } from './lib/redirect';
import { resumeSecrets } from './lib/resume-secrets';
import { authorizationOf, buildSession, fakeKycServer, FakeEventSource, rateLimited, SESSION_SECRET, TOO_MANY_ATTEMPTS } from './testing/fake-kyc-server';
import { pageText, renderKyc, uploadPhoto } from './testing/render-kyc';

// jsdom has no canvas: the chosen file becomes this "downscaled JPEG".
vi.mock('./lib/image-processing', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./lib/image-processing')>()),
  prepareImageFile: vi.fn(async (file: File) => `data:image/jpeg;base64,${btoa(file.name)}`),
}));

const SESSION_PAGE = `/kyc?session=${SESSION_SECRET}`;

/** Photos done: the widget opens at the personal data. */
const PHOTOS_DONE = {
  documentType: 'PASSPORT',
  images: [
    { docType: 'PASSPORT', side: 'front' },
    { docType: 'SELFIE', side: null },
    { docType: 'SELFIE', side: 'turned' },
  ],
};

const PERSONAL_DONE = {
  ...buildSession().personalData,
  name: 'Ana Souza',
  dateOfBirth: '1990-05-17',
  docNumber: 'X1234567',
  expiryDate: '2031-01-01',
  country: 'Brazil',
};

async function fillPersonalData(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Full name'), 'Ana Souza');
  await user.type(screen.getByLabelText('Date of birth'), '1990-05-17');
  await user.type(screen.getByLabelText('Document number'), 'X1234567');
  await user.type(screen.getByLabelText('Country'), 'Brazil');
  await user.type(screen.getByLabelText('Expiry date'), '2031-01-01');
}

beforeEach(() => {
  FakeEventSource.install();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/kyc?session=… (a link the integrator’s server created)', () => {
  it("exchanges the link's secret for the widget token and opens the widget as usual", async () => {
    const server = fakeKycServer();
    renderKyc(SESSION_PAGE);
    expect(await screen.findByRole('heading', { name: 'Verify your identity for Acme Bank' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Choose your document' })).toBeInTheDocument();
    expect(server.callsTo('kycExchange').map((call) => call.body)).toEqual([{ session: SESSION_SECRET }]);
    expect(server.callsTo('kycIssueForCompanyKey')).toEqual([]);
    expect(authorizationOf(server.callsTo('kycSession')[0])).toBe('Bearer token-1');
    // The stream names the applicant the session is for; a session link has no companyKey.
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(FakeEventSource.latest().url).toBe(urlOf(kycStatus, { query: { userId: 'customer-1', token: 'token-1' } }));
    expect(FakeEventSource.latest().url).not.toContain('companyKey');
    expect(localStorage.length).toBe(0);
  });

  it("renews the token with the same secret on 'invalid-token' and keeps the applicant's progress", async () => {
    const user = userEvent.setup();
    const server = fakeKycServer();
    renderKyc(SESSION_PAGE);
    await user.click(await screen.findByRole('button', { name: /ID card/ }));
    await uploadPhoto(user, /Upload a photo of the front/, 'front.png');
    await screen.findByRole('heading', { name: 'Back of your ID card' });

    server.expire('token-1');
    await uploadPhoto(user, /Upload a photo of the back/, 'back.png');
    expect(await screen.findByRole('heading', { name: 'Take a selfie' })).toBeInTheDocument();
    const backUploads = server.callsTo('kycUpload').filter((call) => call.body?.side === 'back');
    expect(backUploads.map(authorizationOf)).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(server.callsTo('kycExchange').map((call) => call.body)).toEqual([{ session: SESSION_SECRET }, { session: SESSION_SECRET }]);
    expect(server.callsTo('kycIssueForCompanyKey')).toEqual([]);
  });

  it('says a wrong, expired or revoked link is not valid (SESSION_LINK_INVALID), with nothing about the applicant', async () => {
    const server = fakeKycServer({ secrets: [] });
    renderKyc(SESSION_PAGE);
    expect(await screen.findByRole('heading', { name: 'This verification link is no longer valid' })).toBeInTheDocument();
    expect(screen.getByText('This verification link is not valid or has expired. Ask for a new one.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(pageText()).not.toContain('Acme Bank');
    expect(server.callsTo('kycSession')).toEqual([]);
    expect(FakeEventSource.instances).toEqual([]);
  });

  it('ends the page when the link is revoked while it is open', async () => {
    const user = userEvent.setup();
    const server = fakeKycServer();
    renderKyc(SESSION_PAGE);
    await user.click(await screen.findByRole('button', { name: /Passport/ }));
    server.expire('token-1');
    server.revoke(SESSION_SECRET);
    await uploadPhoto(user, /Upload a photo of the photo page/, 'passport.png');
    expect(await screen.findByRole('heading', { name: 'This verification link is no longer valid' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Verify your identity/ })).not.toBeInTheDocument();
  });

  it("goes to the session's own redirect URL when the verification is complete", async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    fakeKycServer({ session: buildSession({ status: 'processing', redirectUrl: 'https://app.example.test/kyc/done?ref=42' }) });
    renderKyc(SESSION_PAGE);
    await screen.findByRole('heading', { name: "We're checking your documents…" });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const stream = FakeEventSource.latest();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The server sends the session's own redirect URL in the stream too; without one the page keeps the session's.
    stream.emit({ status: 'completed', redirectUrl: null });
    expect(screen.getByRole('heading', { name: "You're verified" })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(assign).toHaveBeenCalledExactlyOnceWith('https://app.example.test/kyc/done?ref=42');
  });

  it('a session link wins over companyKey parameters in the same address', async () => {
    const server = fakeKycServer();
    renderKyc(`${SESSION_PAGE}&companyKey=pk_acme&userId=someone-else`);
    await screen.findByRole('heading', { name: 'Choose your document' });
    expect(server.callsTo('kycIssueForCompanyKey')).toEqual([]);
    expect(server.callsTo('kycExchange')).toHaveLength(1);
  });
});

describe('/kyc?companyKey=… in the browser that started it (the resume secret)', () => {
  it('continues after a reload with the resume secret it kept, without starting again', async () => {
    const user = userEvent.setup();
    const server = fakeKycServer();
    const first = renderKyc();
    await user.click(await screen.findByRole('button', { name: /Passport/ }));
    await uploadPhoto(user, /Upload a photo of the photo page/, 'passport.png');
    await screen.findByRole('heading', { name: 'Take a selfie' });
    expect(resumeSecrets.read('pk_acme', 'customer-1')).toBe('resume-1');
    first.unmount();

    renderKyc();
    expect(await screen.findByRole('heading', { name: 'Take a selfie' })).toBeInTheDocument();
    expect(server.callsTo('kycExchange').map((call) => call.body)).toEqual([{ session: 'resume-1' }]);
    expect(server.callsTo('kycIssueForCompanyKey')).toHaveLength(1);
    expect(authorizationOf(server.callsTo('kycSession').at(-1)!)).toBe('Bearer token-2');
  });

  it('forgets a resume secret that no longer works (SESSION_LINK_INVALID) and starts with get-new-token', async () => {
    const server = fakeKycServer();
    resumeSecrets.keep('pk_acme', 'customer-1', 'resume-expired-long-ago');
    renderKyc();
    expect(await screen.findByRole('heading', { name: 'Choose your document' })).toBeInTheDocument();
    expect(server.callsTo('kycExchange').map((call) => call.body)).toEqual([{ session: 'resume-expired-long-ago' }]);
    expect(server.callsTo('kycIssueForCompanyKey')).toHaveLength(1);
    expect(resumeSecrets.read('pk_acme', 'customer-1')).toBe('resume-1');
  });
});

describe('links the server refuses: each its own state and the server’s message, nothing about the applicant', () => {
  it.each<[number, ErrorCode, string, string]>([
    [
      409,
      'VERIFICATION_IN_PROGRESS',
      'This verification was started elsewhere. Continue it where it was started, or ask for a new link.',
      'This verification is already in progress',
    ],
    [
      403,
      'COMPANY_KEY_LINKS_DISABLED',
      'This organization accepts verifications only through links its server creates',
      'This verification link cannot be used',
    ],
  ])('%i %s', async (status, code, message, title) => {
    const server = fakeKycServer({ tokenAnswer: apiError(status, code, message) });
    renderKyc();
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByTestId('kyc-refusal')).toHaveTextContent(message);
    expect(screen.getByTestId('kyc-refusal')).toHaveAttribute('data-code', code);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(pageText()).not.toMatch(/Acme Bank|customer-1/);
    expect(server.callsTo('kycSession')).toEqual([]);
  });

  it('decides on the code, not on the words', async () => {
    fakeKycServer({ tokenAnswer: apiError(400, 'VALIDATION_FAILED', 'This verification was started elsewhere.') });
    renderKyc();
    expect(await screen.findByRole('heading', { name: "We couldn't start your verification" })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'This verification is already in progress' })).not.toBeInTheDocument();
  });
});

describe('abuse limits (429 RATE_LIMITED): the message where the step failed, nothing lost', () => {
  it('on opening the page: the message and a way to try again', async () => {
    const user = userEvent.setup();
    const server = fakeKycServer();
    server.failNext('kycIssueForCompanyKey', rateLimited());
    renderKyc();
    expect(await screen.findByRole('heading', { name: "We couldn't start your verification" })).toBeInTheDocument();
    expect(screen.getByText(TOO_MANY_ATTEMPTS)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Choose your document' })).toBeInTheDocument();
  });

  it('on a photo: the photo stays, ready to send again', async () => {
    const user = userEvent.setup();
    const server = fakeKycServer();
    renderKyc(SESSION_PAGE);
    await user.click(await screen.findByRole('button', { name: /Passport/ }));
    server.failNext('kycUpload', rateLimited());
    await uploadPhoto(user, /Upload a photo of the photo page/, 'passport.png');
    expect(await screen.findByText(TOO_MANY_ATTEMPTS)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Photo page of your passport' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Your photo of/ })).toHaveAttribute('src', `data:image/jpeg;base64,${btoa('passport.png')}`);

    await user.click(screen.getByRole('button', { name: 'Use this photo' }));
    expect(await screen.findByRole('heading', { name: 'Take a selfie' })).toBeInTheDocument();
    expect(server.callsTo('kycUpload')).toHaveLength(2);
  });

  it('on renewing the token inside a step: the widget stays and the step says so', async () => {
    const user = userEvent.setup();
    const server = fakeKycServer({ session: buildSession(PHOTOS_DONE) });
    renderKyc(SESSION_PAGE);
    await fillPersonalData(user);
    server.expire('token-1');
    server.failNext('kycExchange', rateLimited());
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(TOO_MANY_ATTEMPTS)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your personal details' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Ana Souza');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Review and submit' })).toBeInTheDocument();
  });

  it('on submitting: the review stays', async () => {
    const user = userEvent.setup();
    const server = fakeKycServer({ session: buildSession({ ...PHOTOS_DONE, personalData: PERSONAL_DONE }) });
    renderKyc();
    server.failNext('kycSubmit', rateLimited());
    await user.click(await screen.findByRole('button', { name: 'Submit verification' }));
    expect(await screen.findByText(TOO_MANY_ATTEMPTS)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Review and submit' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit verification' }));
    expect(await screen.findByRole('heading', { name: "We're checking your documents…" })).toBeInTheDocument();
  });
});
