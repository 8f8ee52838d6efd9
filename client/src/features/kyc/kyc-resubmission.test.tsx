import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { buildSession, fakeKycServer, FakeEventSource } from './testing/fake-kyc-server';
import { renderKyc, takeSelfies } from './testing/render-kyc';

// jsdom has no canvas: the chosen file becomes this "downscaled JPEG".
vi.mock('./lib/image-processing', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./lib/image-processing')>()),
  prepareImageFile: vi.fn(async (file: File) => `data:image/jpeg;base64,${btoa(file.name)}`),
}));

beforeEach(() => {
  FakeEventSource.install();
});

const KEPT = { documentType: 'PASSPORT', images: [{ docType: 'PASSPORT', side: 'front' }] };

describe('/kyc after a decision with a label', () => {
  it('asks only for the step to redo, says why, and submits without the other steps', async () => {
    const user = userEvent.setup();
    const server = fakeKycServer({
      session: buildSession({ ...KEPT, resubmission: { step: 'selfie', message: 'We could not see your face clearly.', fields: [] } }),
    });
    renderKyc();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please redo one step: your selfie');
    expect(alert).toHaveTextContent('We could not see your face clearly.');
    expect(await screen.findByRole('heading', { name: 'Take a selfie' })).toBeInTheDocument();
    expect(screen.getAllByText(/Step 1 of 2/).length).toBeGreaterThan(0);
    const progress = screen.getByRole('navigation', { name: 'Verification progress' });
    expect(within(progress).queryByText('Document')).not.toBeInTheDocument();
    expect(within(progress).queryByText('Details')).not.toBeInTheDocument();

    await takeSelfies(user);
    expect(await screen.findByRole('heading', { name: 'Review and submit' })).toBeInTheDocument();
    expect(screen.getByText(/Everything else from your earlier submission is kept/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Personal details' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit verification' }));
    expect(await screen.findByRole('heading', { name: "We're checking your documents…" })).toBeInTheDocument();
    expect(server.callsTo('kycUpload').map((call) => call.body?.docType)).toEqual(['SELFIE', 'SELFIE']);
    expect(server.callsTo('kycSubmit')).toHaveLength(1);
  });

  it('a resubmission of the personal details opens the form filled in, not the camera, the fields to correct marked', async () => {
    const personalData = { ...buildSession().personalData, name: 'Ana Sousa', dateOfBirth: '1990-05-17' };
    fakeKycServer({
      session: buildSession({ ...KEPT, personalData, resubmission: { step: 'personal-data', message: 'Please check your name.', fields: ['name'] } }),
    });
    renderKyc();
    expect(await screen.findByRole('heading', { name: 'Your personal details' })).toBeInTheDocument();
    expect(screen.getAllByText(/Step 1 of 2/).length).toBeGreaterThan(0);
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct: Full name.');
    const name = screen.getByLabelText(/^Full name/);
    expect(name).toHaveValue('Ana Sousa');
    expect(name).toHaveAccessibleDescription('Please check and correct this.');
    expect(screen.getByLabelText(/^Date of birth/)).not.toHaveAccessibleDescription('Please check and correct this.');
  });

  it("shows a rejection's text for the end user", async () => {
    fakeKycServer({ session: buildSession({ status: 'failed', canResubmit: false, decision: { message: 'Your document has expired.' } }) });
    renderKyc();
    expect(await screen.findByRole('heading', { name: "We couldn't verify your identity" })).toBeInTheDocument();
    expect(screen.getByTestId('kyc-decision-message')).toHaveTextContent('Your document has expired.');
  });

  it("shows a hold's text while the verification is being checked", async () => {
    fakeKycServer({ session: buildSession({ status: 'processing', decision: { message: 'Your verification needs an additional check.' } }) });
    renderKyc();
    expect(await screen.findByRole('heading', { name: "We're checking your documents…" })).toBeInTheDocument();
    expect(screen.getByTestId('kyc-decision-message')).toHaveTextContent('Your verification needs an additional check.');
  });
});
