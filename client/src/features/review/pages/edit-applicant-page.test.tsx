import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { apiError, mockApi, type ApiHandler } from '../../../testing/mock-api';
import { renderPage } from '../../../testing/render-page';
import { buildUser } from '../../../testing/users';
import { buildApplicantDetails, ORGANIZATION_ID } from '../../../testing/applicant-factory';
import { EditApplicantPage } from './edit-applicant-page';

const ROUTE = '/dashboard/:organizationId/applicants/:userId/edit';
const PAGE_PATH = `/dashboard/${ORGANIZATION_ID}/applicants/user-0001/edit`;
function serve(onPut: ApiHandler<'applicantsUpdate'>) {
  const details = buildApplicantDetails({ identity: { dateOfBirth: '21/04/1990' }, applicant: { version: 6 } });
  return mockApi({
    usersMe: { body: buildUser() },
    applicantsDetails: ({ path }) => (path.id === ORGANIZATION_ID && path.userId === 'user-0001' ? { body: details } : undefined),
    applicantsUpdate: onPut,
  });
}

describe('edit applicant', () => {
  it('prefills both columns, with dates as YYYY-MM-DD', async () => {
    serve(undefined);
    renderPage(<EditApplicantPage />, ROUTE, PAGE_PATH);
    expect(await screen.findByRole('heading', { name: 'Edit Applicant' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Full Name')).toHaveValue('Maria Silva');
    expect(screen.getByLabelText('Date of Birth')).toHaveValue('1990-04-21');
    expect(screen.getByLabelText('Sex')).toHaveValue('F');
    expect(screen.getByLabelText('KYC Status')).toHaveValue('pending');
    expect(screen.getByRole('option', { name: 'Select marital status' })).toHaveValue('');
    expect(screen.getByRole('group', { name: 'Personal Information' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Document Information' })).toBeInTheDocument();
    expect(screen.getByText('e.g. 1.75m')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to applicant details/ })).toHaveAttribute('href', `/dashboard/${ORGANIZATION_ID}/applicants/user-0001`);
  });

  it('sends the changed values as text, then shows the details with a toast', async () => {
    const user = userEvent.setup();
    const api = serve({ body: buildApplicantDetails({ applicant: { version: 7 } }) });
    const { router } = renderPage(<EditApplicantPage />, ROUTE, PAGE_PATH);
    const name = await screen.findByLabelText('Full Name');
    await user.clear(name);
    await user.type(name, 'Maria S. Souza');
    await user.clear(screen.getByLabelText('Place of Birth'));
    await user.selectOptions(screen.getByLabelText('KYC Status'), 'Queued');
    await user.selectOptions(screen.getByLabelText('Marital Status'), 'Casado');
    await user.click(screen.getByRole('button', { name: 'Update Applicant' }));

    await waitFor(() =>
      expect(api.callsTo('applicantsUpdate').map((call) => call.body)).toEqual([
        { name: 'Maria S. Souza', placeOfBirth: '', maritalStatus: 'Casado', kycStatus: 'queued', version: 6 },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/${ORGANIZATION_ID}/applicants/user-0001`));
    expect(await screen.findByText('Applicant updated successfully!')).toBeInTheDocument();
  });

  it('shows the server message at the top of the form when saving fails', async () => {
    const user = userEvent.setup();
    serve(apiError(400, 'VALIDATION_FAILED', ['height must be shorter than or equal to 16 characters']));
    const { router } = renderPage(<EditApplicantPage />, ROUTE, PAGE_PATH);
    await user.type(await screen.findByLabelText('Height'), '9'.repeat(20));
    await user.click(screen.getByRole('button', { name: 'Update Applicant' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('height must be shorter than or equal to 16 characters');
    expect(router.state.location.pathname).toBe(PAGE_PATH);
  });

  it("says 'Applicant not found' for an unknown applicant", async () => {
    mockApi({ usersMe: { body: buildUser() }, applicantsDetails: apiError(404, 'APPLICANT_NOT_FOUND', 'Applicant not found') });
    renderPage(<EditApplicantPage />, ROUTE, PAGE_PATH);
    expect(await screen.findByText('Applicant not found')).toBeInTheDocument();
  });

  it('when someone else changed the applicant first (409 APPLICANT_CHANGED), shows the server message and the latest data, then saves with the new version', async () => {
    const user = userEvent.setup();
    const changed = 'Someone else changed this applicant in the meantime; reload it and try again';
    let current = buildApplicantDetails({ applicant: { version: 1 } });
    const api = mockApi({
      usersMe: { body: buildUser() },
      applicantsDetails: () => ({ body: current }),
      applicantsUpdate: ({ body }) => (body?.version === current.applicant.version ? { body: current } : apiError(409, 'APPLICANT_CHANGED', changed)),
    });
    const { router } = renderPage(<EditApplicantPage />, ROUTE, PAGE_PATH);
    const name = await screen.findByLabelText('Full Name');
    await user.clear(name);
    await user.type(name, 'Maria S. Souza');

    // Meanwhile another reviewer corrects the document number.
    current = buildApplicantDetails({ applicant: { version: 2 }, identity: { docNumber: 'ZZ999999' } });
    await user.click(screen.getByRole('button', { name: 'Update Applicant' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(changed);
    expect(await screen.findByDisplayValue('ZZ999999')).toBe(screen.getByLabelText('Document Number'));
    expect(screen.getByLabelText('Full Name')).toHaveValue('Maria Silva');
    expect(api.callsTo('applicantsDetails')).toHaveLength(2);
    expect(router.state.location.pathname).toBe(PAGE_PATH);

    await user.clear(screen.getByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), 'Maria S. Souza');
    await user.click(screen.getByRole('button', { name: 'Update Applicant' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/${ORGANIZATION_ID}/applicants/user-0001`));
    expect(api.callsTo('applicantsUpdate').map((call) => call.body)).toEqual([
      { name: 'Maria S. Souza', version: 1 },
      { name: 'Maria S. Souza', version: 2 },
    ]);
  });

  it('asks before leaving with unsaved changes, and leaves freely without any', async () => {
    const user = userEvent.setup();
    serve(undefined);
    const { router } = renderPage(<EditApplicantPage />, ROUTE, PAGE_PATH);
    await user.clear(await screen.findByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), 'Maria Souza');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(screen.getByRole('button', { name: 'Stay and keep editing' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.getByLabelText('Full Name')).toHaveValue('Maria Souza');
    expect(router.state.location.pathname).toBe(PAGE_PATH);

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/${ORGANIZATION_ID}/applicants/user-0001`));
  });

  it('shows the document images beside the form', async () => {
    serve(undefined);
    renderPage(<EditApplicantPage />, ROUTE, PAGE_PATH);
    expect(await screen.findByRole('complementary', { name: 'Document images' })).toBeInTheDocument();
  });

  it('asks for the review answer when the status is set to completed, and makes it as a decision', async () => {
    const user = userEvent.setup();
    const details = buildApplicantDetails({ applicant: { version: 6 } });
    const api = mockApi({
      usersMe: { body: buildUser() },
      applicantsDetails: { body: details },
      reviewSettingsListLabels: {
        body: [
          { id: 'label-expired', kind: 'reject', code: 'DOCUMENT_EXPIRED', title: 'Document expired', endUserText: 'Expired.', archived: false },
          { id: 'label-hold', kind: 'hold', code: 'ADDITIONAL_CHECK', title: 'Additional check needed', endUserText: 'Wait.', archived: false },
        ],
      },
      applicantsUpdate: { body: { ...details, applicant: { ...details.applicant, version: 7 } } },
      applicantsReject: { body: { applicant: { ...details.applicant, version: 8 }, decision: null, pendingDecision: null } },
    });
    const { router } = renderPage(<EditApplicantPage />, ROUTE, PAGE_PATH);
    await user.selectOptions(await screen.findByLabelText('KYC Status'), 'completed');
    await user.clear(screen.getByLabelText('Full Name'));
    await user.type(screen.getByLabelText('Full Name'), 'Maria Souza');
    await user.click(screen.getByRole('button', { name: 'Update Applicant' }));
    expect(await screen.findByText('Choose the review answer: a completed applicant is approved or rejected')).toBeInTheDocument();
    expect(api.callsTo('applicantsUpdate')).toEqual([]);

    await screen.findByRole('option', { name: 'Reject — Document expired' });
    expect(screen.queryByRole('option', { name: /Additional check/ })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Review answer'), 'Reject — Document expired');
    await user.click(screen.getByRole('button', { name: 'Update Applicant' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/${ORGANIZATION_ID}/applicants/user-0001`));
    expect(api.callsTo('applicantsUpdate').map((call) => call.body)).toEqual([{ name: 'Maria Souza', version: 6 }]);
    expect(api.callsTo('applicantsReject').map((call) => call.body)).toEqual([{ version: 7, labelId: 'label-expired' }]);
  });

  it('puts the applicant on hold as a decision, with a hold label, never through the edit (which refuses a decision status)', async () => {
    const user = userEvent.setup();
    const details = buildApplicantDetails({ applicant: { version: 6 } });
    const api = mockApi({
      usersMe: { body: buildUser() },
      applicantsDetails: { body: details },
      reviewSettingsListLabels: {
        body: [
          { id: 'label-expired', kind: 'reject', code: 'DOCUMENT_EXPIRED', title: 'Document expired', endUserText: 'Expired.', archived: false },
          { id: 'label-hold', kind: 'hold', code: 'ADDITIONAL_CHECK', title: 'Additional check needed', endUserText: 'Wait.', archived: false },
        ],
      },
      applicantsUpdate: { body: { ...details, applicant: { ...details.applicant, version: 7 } } },
      applicantsHold: { body: { applicant: { ...details.applicant, version: 7 }, decision: null, pendingDecision: null } },
    });
    const { router } = renderPage(<EditApplicantPage />, ROUTE, PAGE_PATH);
    await user.selectOptions(await screen.findByLabelText('KYC Status'), 'On Hold');
    await user.click(screen.getByRole('button', { name: 'Update Applicant' }));
    expect(await screen.findByText('Choose why the applicant is put on hold')).toBeInTheDocument();

    await screen.findByRole('option', { name: 'Hold — Additional check needed' });
    expect(screen.queryByRole('option', { name: /Document expired|Approve/ })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Hold reason'), 'Hold — Additional check needed');
    await user.click(screen.getByRole('button', { name: 'Update Applicant' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/${ORGANIZATION_ID}/applicants/user-0001`));
    expect(api.callsTo('applicantsUpdate')).toEqual([]);
    expect(api.callsTo('applicantsHold').map((call) => call.body)).toEqual([{ version: 6, labelId: 'label-hold' }]);
  });
});
