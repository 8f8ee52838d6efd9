import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { DecisionLabelDto, OrganizationDetailsDto } from '../../../api/generated/types.gen';
import { apiError, mockApi, type ApiHandlers } from '../../../testing/mock-api';
import { renderPage } from '../../../testing/render-page';
import { buildUser } from '../../../testing/users';
import { buildOrganizationDetails, ORGANIZATION_ID } from '../../../testing/organization-id';
import { ReviewSettingsPage } from './review-settings-page';

const ROUTE = '/dashboard/:organizationId/review-settings';
const PATH = `/dashboard/${ORGANIZATION_ID}/review-settings`;

const LABELS: DecisionLabelDto[] = [
  { id: 'l1', kind: 'reject', code: 'DOCUMENT_EXPIRED', title: 'Document expired', endUserText: 'Your document has expired.', archived: false },
  { id: 'l2', kind: 'hold', code: 'ADDITIONAL_CHECK', title: 'Additional check needed', endUserText: 'We check more.', archived: false },
  { id: 'l3', kind: 'resubmission', code: 'OLD_ONE', title: 'Old one', endUserText: 'Old.', archived: true },
];

function organization(role: OrganizationDetailsDto['role']): OrganizationDetailsDto {
  return buildOrganizationDetails({ role });
}

function serve(role: OrganizationDetailsDto['role'], extra: ApiHandlers = {}) {
  return mockApi({
    usersMe: { body: buildUser() },
    organizationsGet: { body: organization(role) },
    reviewSettingsSettings: { body: { fourEyes: 'off', slaHours: null, undoWindowSeconds: 30 } },
    reviewSettingsListLabels: { body: LABELS },
    ...extra,
  });
}

describe('review settings', () => {
  it('lists the labels by decision, with their code, end-user text and archived state', async () => {
    serve('owner');
    renderPage(<ReviewSettingsPage />, ROUTE, PATH);
    const rejections = await screen.findByRole('region', { name: 'Rejection' });
    expect(within(rejections).getByText('Document expired')).toBeInTheDocument();
    expect(within(rejections).getByText('DOCUMENT_EXPIRED')).toBeInTheDocument();
    expect(within(rejections).getByText(/Your document has expired\./)).toBeInTheDocument();
    const resubmissions = screen.getByRole('region', { name: 'Resubmission request' });
    expect(within(resubmissions).getByText('Archived')).toBeInTheDocument();
    expect(within(resubmissions).getByRole('button', { name: 'Offer Old one again' })).toBeInTheDocument();
    expect(screen.getByText(/undone by its reviewer for 30 seconds/)).toBeInTheDocument();
  });

  it('adds a label after checking its code, in a dialog', async () => {
    const user = userEvent.setup();
    const api = serve('owner', { reviewSettingsCreateLabel: { status: 201, body: { ...LABELS[0], id: 'l4' } } });
    renderPage(<ReviewSettingsPage />, ROUTE, PATH);
    await user.click(await screen.findByRole('button', { name: 'Add label' }));
    const dialog = screen.getByRole('dialog', { name: 'Add label' });
    await user.type(within(dialog).getByLabelText('Title (shown to your team)'), 'Underage');
    await user.type(within(dialog).getByLabelText('Text for the end user'), 'You must be 18 or older.');
    await user.type(within(dialog).getByLabelText('Code (sent in the webhook)'), '1bad');
    await user.click(within(dialog).getByRole('button', { name: 'Save label' }));
    expect(within(dialog).getByText(/Capital letters, digits and _/)).toBeInTheDocument();
    expect(api.callsTo('reviewSettingsCreateLabel')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Code (sent in the webhook)'));
    await user.type(within(dialog).getByLabelText('Code (sent in the webhook)'), 'underage');
    await user.click(within(dialog).getByRole('button', { name: 'Save label' }));
    await waitFor(() =>
      expect(api.callsTo('reviewSettingsCreateLabel').map((call) => call.body)).toEqual([
        { kind: 'reject', title: 'Underage', endUserText: 'You must be 18 or older.', code: 'UNDERAGE' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('saves the four-eyes rule; deleting a label in use says it was archived', async () => {
    const user = userEvent.setup();
    const api = serve('owner', {
      reviewSettingsSaveSettings: { body: { fourEyes: 'rejections', slaHours: null, undoWindowSeconds: 30 } },
      reviewSettingsRemoveLabel: { body: { archived: true } },
    });
    renderPage(<ReviewSettingsPage />, ROUTE, PATH);
    await user.click(await screen.findByRole('radio', { name: /Rejections/ }));
    await user.click(within(screen.getByRole('region', { name: 'Four-eyes rule' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('reviewSettingsSaveSettings').map((call) => call.body)).toEqual([{ fourEyes: 'rejections' }]));
    await user.click(screen.getByRole('button', { name: 'Delete Document expired' }));
    expect(await screen.findByText('Document expired is in use: archived instead of deleted')).toBeInTheDocument();
  });

  it('sets the SLA in whole hours, refuses anything else, and clears it when emptied', async () => {
    const user = userEvent.setup();
    const api = serve('owner', {
      reviewSettingsSaveSettings: ({ body }) => ({ body: { fourEyes: 'off', slaHours: body?.slaHours ?? null, undoWindowSeconds: 30 } }),
    });
    renderPage(<ReviewSettingsPage />, ROUTE, PATH);
    const sla = await screen.findByRole('region', { name: 'Service level (SLA)' });
    const hours = within(sla).getByRole('textbox', { name: 'Hours to a decision' });
    await user.type(hours, '0');
    expect(within(sla).getByText('A whole number of hours from 1 to 8760, or empty for no SLA')).toBeInTheDocument();
    expect(within(sla).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(hours);
    await user.type(hours, '24');
    await user.click(within(sla).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('reviewSettingsSaveSettings').map((call) => call.body)).toEqual([{ fourEyes: 'off', slaHours: 24 }]));
    await user.clear(hours);
    await user.click(within(sla).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('reviewSettingsSaveSettings').at(-1)?.body).toEqual({ fourEyes: 'off', slaHours: null }));
  });

  it('is read-only for a member', async () => {
    serve('member');
    renderPage(<ReviewSettingsPage />, ROUTE, PATH);
    expect(await screen.findByText('Only the owner or an administrator changes these settings.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add label' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Off/ })).toBeDisabled();
  });

  it('offers Retry when the settings cannot be loaded', async () => {
    serve('owner', { reviewSettingsListLabels: apiError(500, 'INTERNAL_ERROR') });
    renderPage(<ReviewSettingsPage />, ROUTE, PATH);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
