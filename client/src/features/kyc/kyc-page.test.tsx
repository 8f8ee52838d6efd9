import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { urlOf } from '../../api/endpoints';
import { kycStatus } from '../../api/sdk';
import { apiError } from '../../testing/mock-api';
import { browserNavigation } from './lib/redirect';
import { authorizationOf, buildSession, fakeKycServer, FakeEventSource } from './testing/fake-kyc-server';
import { renderKyc, takeSelfies, uploadPhoto } from './testing/render-kyc';

// jsdom has no canvas: the chosen file becomes this "downscaled JPEG".
vi.mock('./lib/image-processing', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./lib/image-processing')>()),
  prepareImageFile: vi.fn(async (file: File) => `data:image/jpeg;base64,${btoa(file.name)}`),
}));

beforeEach(() => {
  FakeEventSource.install();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/kyc', () => {
  it('explains a link without companyKey or userId instead of calling the server', async () => {
    const server = fakeKycServer();
    renderKyc('/kyc?companyKey=pk_acme');
    expect(await screen.findByRole('heading', { name: 'This verification link is incomplete' })).toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });

  it("shows the server's message in an alert when the organization has no webhook (WEBHOOK_NOT_CONFIGURED)", async () => {
    const message = 'Please configure your webhook in the dashboard (Settings → Webhooks) before sending applicants to verification';
    fakeKycServer({
      tokenAnswer: apiError(409, 'WEBHOOK_NOT_CONFIGURED', message, { status: 'error', token: null }),
    });
    renderKyc();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(screen.getByRole('heading', { name: 'Verification is not available yet' })).toBeInTheDocument();
  });

  it('decides on the code: the same text under another code is an ordinary error', async () => {
    fakeKycServer({ tokenAnswer: apiError(400, 'VALIDATION_FAILED', 'Please configure your webhook first') });
    renderKyc();
    expect(await screen.findByRole('heading', { name: "We couldn't start your verification" })).toBeInTheDocument();
    expect(screen.getByText('Please configure your webhook first')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Verification is not available yet' })).not.toBeInTheDocument();
  });

  it('sends the companyKey as the bearer token and names the organization', async () => {
    const server = fakeKycServer();
    renderKyc();
    expect(await screen.findByRole('heading', { name: 'Verify your identity for Acme Bank' })).toBeInTheDocument();
    expect(authorizationOf(server.callsTo('kycIssueForCompanyKey')[0])).toBe('Bearer pk_acme');
    expect(server.callsTo('kycIssueForCompanyKey')[0].query).toEqual({ userId: 'customer-1' });
    expect(authorizationOf(server.callsTo('kycSession')[0])).toBe('Bearer token-1');
    expect(FakeEventSource.latest().url).toBe(urlOf(kycStatus, { query: { userId: 'customer-1', companyKey: 'pk_acme', token: 'token-1' } }));
  });

  it('resumes at the first step the session says is not done', async () => {
    fakeKycServer({
      session: buildSession({ documentType: 'ID_CARD', images: [{ docType: 'ID_CARD', side: 'front' }] }),
    });
    renderKyc();
    expect(await screen.findByRole('heading', { name: 'Back of your ID card' })).toBeInTheDocument();
    expect(screen.getAllByText(/Step 3 of 6/).length).toBeGreaterThan(0);
  });

  it('skips the back photo for a passport and saves each photo as it is confirmed', async () => {
    const user = userEvent.setup();
    const server = fakeKycServer();
    renderKyc();
    await user.click(await screen.findByRole('button', { name: /Passport/ }));
    expect(await screen.findByRole('heading', { name: 'Photo page of your passport' })).toBeInTheDocument();
    await uploadPhoto(user, /Upload a photo of the photo page/, 'passport.png');
    expect(await screen.findByRole('heading', { name: 'Take a selfie' })).toBeInTheDocument();
    expect(server.callsTo('kycUpload').map((call) => call.body)).toEqual([
      { docType: 'PASSPORT', side: 'front', data: `data:image/jpeg;base64,${btoa('passport.png')}` },
    ]);
  });

  it("renews an expired token on 'invalid-token', retries the call once and keeps the applicant's progress", async () => {
    const user = userEvent.setup();
    const server = fakeKycServer();
    renderKyc();
    await user.click(await screen.findByRole('button', { name: /ID card/ }));
    await uploadPhoto(user, /Upload a photo of the front/, 'front.png');
    await screen.findByRole('heading', { name: 'Back of your ID card' });

    server.expire('token-1');
    await uploadPhoto(user, /Upload a photo of the back/, 'back.png');
    expect(await screen.findByRole('heading', { name: 'Take a selfie' })).toBeInTheDocument();

    const backUploads = server.callsTo('kycUpload').filter((call) => call.body?.side === 'back');
    expect(backUploads.map(authorizationOf)).toEqual(['Bearer token-1', 'Bearer token-2']);
    // Renewed with this browser's resume secret, not by starting again.
    expect(server.callsTo('kycIssueForCompanyKey')).toHaveLength(1);
    expect(server.callsTo('kycExchange').map((call) => call.body)).toEqual([{ session: 'resume-1' }]);

    // The typed personal data survives a renewal during its own save too.
    await takeSelfies(user);
    await screen.findByRole('heading', { name: 'Your personal details' });
    await user.type(screen.getByLabelText('Full name'), 'Ana Souza');
    await user.type(screen.getByLabelText('Date of birth'), '1990-05-17');
    await user.type(screen.getByLabelText('Document number'), 'X1234567');
    await user.type(screen.getByLabelText('Country'), 'Brazil');
    await user.type(screen.getByLabelText('Expiry date'), '2031-01-01');
    server.expire('token-2');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Review and submit' })).toBeInTheDocument();
    expect(server.callsTo('kycPersonalData').map(authorizationOf)).toEqual(['Bearer token-2', 'Bearer token-3']);
    expect(screen.getByText('Ana Souza')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Front photo' })).toHaveAttribute('src', `data:image/jpeg;base64,${btoa('front.png')}`);
    expect(screen.getByRole('img', { name: 'Back photo' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Selfie photo' })).toHaveAttribute('src', `data:image/jpeg;base64,${btoa('selfie.png')}`);
    expect(screen.getByRole('img', { name: 'Turned selfie photo' })).toHaveAttribute('src', `data:image/jpeg;base64,${btoa('turned.png')}`);
  }, 30_000);

  describe('the selfie with its pose challenge', () => {
    const PASSPORT_FRONT = { documentType: 'PASSPORT', images: [{ docType: 'PASSPORT', side: 'front' }] };

    it('takes a photo facing the camera, then one with the head turned to the side the session asks, sending each pose', async () => {
      const user = userEvent.setup();
      const server = fakeKycServer({ session: buildSession({ ...PASSPORT_FRONT, selfieChallenge: { turn: 'right' } }) });
      renderKyc();
      expect(await screen.findByRole('heading', { name: 'Take a selfie' })).toBeInTheDocument();
      expect(screen.getByText(/Photo 1 of 2/)).toBeInTheDocument();
      await uploadPhoto(user, /Upload a photo of your face$/, 'facing.png');

      expect(await screen.findByRole('heading', { name: 'Now turn your head to your right' })).toBeInTheDocument();
      expect(screen.getByText(/Photo 2 of 2/)).toBeInTheDocument();
      expect(screen.getByText('Look towards your right shoulder')).toBeInTheDocument();
      await uploadPhoto(user, /Upload a photo of your face turned to your right/, 'turned.png');

      expect(await screen.findByRole('heading', { name: 'Your personal details' })).toBeInTheDocument();
      // Each selfie says how it was captured: here a file chosen instead of the camera (an injection signal the server derives).
      const capture = { source: 'file', deviceLabel: null, frameIntervalsMs: [] };
      expect(server.callsTo('kycUpload').map((call) => call.body)).toEqual([
        { docType: 'SELFIE', pose: 'facing', data: `data:image/jpeg;base64,${btoa('facing.png')}`, capture },
        { docType: 'SELFIE', pose: 'turned', data: `data:image/jpeg;base64,${btoa('turned.png')}`, capture },
      ]);
      expect(server.state.session.images).toEqual([
        { docType: 'PASSPORT', side: 'front' },
        { docType: 'SELFIE', side: null },
        { docType: 'SELFIE', side: 'turned' },
      ]);
    });

    it('asks for the turned photo when only the facing one was stored in an earlier visit; Back shows the facing one', async () => {
      const user = userEvent.setup();
      fakeKycServer({
        session: buildSession({ ...PASSPORT_FRONT, images: [...PASSPORT_FRONT.images, { docType: 'SELFIE', side: null }] }),
      });
      renderKyc();
      expect(await screen.findByRole('heading', { name: 'Now turn your head to your left' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(await screen.findByRole('heading', { name: 'Take a selfie' })).toBeInTheDocument();
      expect(screen.getByText('Your photo of your face is uploaded')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByRole('heading', { name: 'Now turn your head to your left' })).toBeInTheDocument();
    });

    it('shows the step done when both poses are stored, and retaking means both photos again', async () => {
      const user = userEvent.setup();
      const server = fakeKycServer({
        session: buildSession({
          ...PASSPORT_FRONT,
          images: [...PASSPORT_FRONT.images, { docType: 'SELFIE', side: null }, { docType: 'SELFIE', side: 'turned' }],
        }),
      });
      renderKyc();
      expect(await screen.findByRole('heading', { name: 'Your personal details' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(await screen.findByText('Both photos are uploaded.')).toBeInTheDocument();
      expect(screen.getByText('Head turned to your left')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Retake both' }));
      await uploadPhoto(user, /Upload a photo of your face$/, 'facing-2.png');
      expect(await screen.findByRole('heading', { name: 'Now turn your head to your left' })).toBeInTheDocument();
      // The server dropped the old turned photo with the new facing one.
      expect(server.state.session.images).toEqual([
        { docType: 'PASSPORT', side: 'front' },
        { docType: 'SELFIE', side: null },
      ]);
      await uploadPhoto(user, /Upload a photo of your face turned to your left/, 'turned-2.png');
      expect(await screen.findByRole('heading', { name: 'Your personal details' })).toBeInTheDocument();
      expect(server.callsTo('kycUpload').map((call) => call.body?.pose)).toEqual(['facing', 'turned']);
    });
  });

  it('validates the personal data before saving it', async () => {
    const user = userEvent.setup();
    const server = fakeKycServer({
      session: buildSession({
        documentType: 'PASSPORT',
        images: [
          { docType: 'PASSPORT', side: 'front' },
          { docType: 'SELFIE', side: null },
          { docType: 'SELFIE', side: 'turned' },
        ],
      }),
    });
    renderKyc();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(5);
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(server.callsTo('kycPersonalData')).toEqual([]);
  });

  it('hides the widget after submit and shows the processing state', async () => {
    const user = userEvent.setup();
    const server = fakeKycServer({
      session: buildSession({
        documentType: 'PASSPORT',
        images: [
          { docType: 'PASSPORT', side: 'front' },
          { docType: 'SELFIE', side: null },
          { docType: 'SELFIE', side: 'turned' },
        ],
        personalData: {
          ...buildSession().personalData,
          name: 'Ana Souza',
          dateOfBirth: '1990-05-17',
          docNumber: 'X1234567',
          expiryDate: '2031-01-01',
          country: 'Brazil',
        },
      }),
    });
    renderKyc();
    await user.click(await screen.findByRole('button', { name: 'Submit verification' }));
    expect(await screen.findByRole('heading', { name: "We're checking your documents…" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit verification' })).not.toBeInTheDocument();
    expect(server.callsTo('kycSubmit')).toHaveLength(1);
  });

  it('shows the processing state whenever the stream says processing', async () => {
    fakeKycServer();
    renderKyc();
    await screen.findByRole('button', { name: /Passport/ });
    FakeEventSource.latest().emit({ status: 'processing', redirectUrl: null });
    expect(await screen.findByRole('heading', { name: "We're checking your documents…" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Passport/ })).not.toBeInTheDocument();
  });

  it('goes to the redirect URL 2000 ms after the stream says completed', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    fakeKycServer({ session: buildSession({ status: 'processing' }) });
    renderKyc();
    await screen.findByRole('heading', { name: "We're checking your documents…" });
    const stream = FakeEventSource.latest();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    stream.emit({ status: 'completed', redirectUrl: 'https://shop.example.test/thanks' });
    expect(screen.getByRole('heading', { name: "You're verified" })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1999));
    expect(assign).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(assign).toHaveBeenCalledExactlyOnceWith('https://shop.example.test/thanks');
    expect(stream.closed).toBe(true);
  });

  it('closes the stream on error and opens a new one with a renewed token', async () => {
    fakeKycServer();
    renderKyc();
    await screen.findByRole('button', { name: /Passport/ });
    const first = FakeEventSource.latest();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    first.fail();
    expect(first.closed).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    vi.useRealTimers();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    expect(FakeEventSource.latest().url).toContain('token=token-2');
  });

  it("offers 'Try again' after a rejection that allows a resubmission, and restarts the widget", async () => {
    const user = userEvent.setup();
    fakeKycServer({
      session: buildSession({
        status: 'failed',
        canResubmit: true,
        documentType: 'PASSPORT',
        images: [
          { docType: 'PASSPORT', side: 'front' },
          { docType: 'SELFIE', side: null },
          { docType: 'SELFIE', side: 'turned' },
        ],
      }),
    });
    renderKyc();
    expect(await screen.findByRole('heading', { name: "We couldn't verify your identity" })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Choose your document' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Passport/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows a final rejection without Try again', async () => {
    fakeKycServer({ session: buildSession({ status: 'failed', canResubmit: false }) });
    renderKyc();
    expect(await screen.findByRole('heading', { name: "We couldn't verify your identity" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('falls back to the upload with a friendly message when the camera is not allowed', async () => {
    const user = userEvent.setup();
    const getUserMedia = vi.fn(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { mediaDevices: { getUserMedia } }));
    fakeKycServer();
    renderKyc();
    await user.click(await screen.findByRole('button', { name: /ID card/ }));
    await user.click(await screen.findByRole('button', { name: 'Take a photo' }));
    expect(await screen.findByText(/Camera access was not allowed/)).toBeInTheDocument();
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ video: expect.objectContaining({ facingMode: { ideal: 'environment' } }) }));
    expect(screen.queryByRole('button', { name: 'Take a photo' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload a photo' })).toBeInTheDocument();
  });
});
