import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { MemberDto, OrganizationDetailsDto } from '../../../api/generated/types.gen';
import { apiError, mockApi } from '../../../testing/mock-api';
import { renderPage } from '../../../testing/render-page';
import { buildOrganizationDetails, ORGANIZATION_ID } from '../../../testing/organization-id';
import { OrganizationSettingsPage } from './organization-settings-page';

const MEMBERS: MemberDto[] = [
  { userId: 'aaaaaaaa-0000-4000-8000-000000000001', username: 'alice', email: 'alice@example.com', role: 'owner', addedAt: '2026-11-01T00:00:00Z' },
  { userId: 'aaaaaaaa-0000-4000-8000-000000000002', username: 'bob', email: 'bob@example.com', role: 'member', addedAt: '2026-11-02T00:00:00Z' },
];

function serve(role: OrganizationDetailsDto['role'], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ organizationsGet: { body: buildOrganizationDetails({ role }) }, membersList: { body: MEMBERS }, ...extra });
}

const ROUTE = '/dashboard/:organizationId/settings';
const PATH = `/dashboard/${ORGANIZATION_ID}/settings`;

describe('organization settings', () => {
  it('deletes only once the exact name is typed, then goes to the organization picker', async () => {
    const user = userEvent.setup();
    const api = serve('owner', { organizationsRemove: { status: 204 } });
    const { router } = renderPage(<OrganizationSettingsPage />, ROUTE, PATH);
    const remove = await screen.findByRole('button', { name: 'Delete this organization' });
    await user.type(screen.getByLabelText(/Type Acme to confirm/), 'acme');
    expect(remove).toBeDisabled();
    await user.clear(screen.getByLabelText(/Type Acme to confirm/));
    await user.type(screen.getByLabelText(/Type Acme to confirm/), 'Acme');
    await user.click(remove);
    await waitFor(() => expect(api.callsTo('organizationsRemove').map((call) => call.body)).toEqual([{ confirmName: 'Acme' }]));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/select');
  });

  it('transfers ownership to a chosen member after a confirmation that says where results will go', async () => {
    const user = userEvent.setup();
    const api = serve('owner', { organizationsTransferOwnership: { body: buildOrganizationDetails({ role: 'member', ownerUsername: 'bob' }) } });
    renderPage(<OrganizationSettingsPage />, ROUTE, PATH);
    await screen.findByRole('option', { name: 'bob (bob@example.com)' });
    await user.selectOptions(screen.getByLabelText('New owner'), 'bob (bob@example.com)');
    await user.click(screen.getByRole('button', { name: 'Transfer ownership' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make bob the owner?' });
    expect(dialog).toHaveTextContent(/their webhook and redirect URL/);
    await user.click(screen.getAllByRole('button', { name: 'Transfer ownership' }).at(-1)!);
    await waitFor(() => expect(api.callsTo('organizationsTransferOwnership').map((call) => call.body)).toEqual([{ userId: MEMBERS[1].userId }]));
    expect(await screen.findByText('bob now owns this organization')).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    serve('owner', { organizationsRemove: apiError(400, 'ORGANIZATION_NAME_MISMATCH', "Type the organization's name exactly to delete it") });
    renderPage(<OrganizationSettingsPage />, ROUTE, PATH);
    await user.type(await screen.findByLabelText(/Type Acme to confirm/), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Delete this organization' }));
    expect(await screen.findByText("Type the organization's name exactly to delete it")).toBeInTheDocument();
  });

  it('tells a member that only the owner can do this', async () => {
    serve('member');
    renderPage(<OrganizationSettingsPage />, ROUTE, PATH);
    expect(await screen.findByText('Only the owner of this organization (alice) can transfer or delete it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete this organization' })).not.toBeInTheDocument();
  });
  it('saves the retention policy the owner chose, then applies it on demand', async () => {
    const user = userEvent.setup();
    const saved = { imagesDays: 30, identityDays: 1825, abandonedDays: null };
    const api = serve('owner', {
      organizationsSetRetentionPolicy: { body: saved },
      retentionApply: { body: { imagesRemoved: 4, identitiesErased: 0 } },
    });
    renderPage(<OrganizationSettingsPage />, ROUTE, PATH);
    const apply = await screen.findByRole('button', { name: 'Apply now' });
    // Nothing to apply while every limit is "Keep".
    expect(apply).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Document photos, selfies and face data'), '30 days');
    await user.selectOptions(screen.getByLabelText('Identity data'), '5 years');
    expect(apply).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save retention policy' }));
    await waitFor(() => expect(api.callsTo('organizationsSetRetentionPolicy').map((call) => call.body)).toEqual([saved]));
    expect(await screen.findByText('Retention policy saved')).toBeInTheDocument();
    await waitFor(() => expect(apply).toBeEnabled());
    await user.click(apply);
    expect(await screen.findByText('Applied: photos removed from 4 applicant(s), 0 erased')).toBeInTheDocument();
    expect(api.callsTo('retentionApply')).toHaveLength(1);
  });

  it('shows a member the retention policy without letting them change it', async () => {
    serve('member', {
      organizationsGet: { body: buildOrganizationDetails({ role: 'member', retentionPolicy: { imagesDays: 45, identityDays: null, abandonedDays: 7 } }) },
    });
    renderPage(<OrganizationSettingsPage />, ROUTE, PATH);
    const photos = await screen.findByLabelText('Document photos, selfies and face data');
    // A value set through the API that the list does not offer is shown as it is.
    expect(photos).toHaveDisplayValue('45 days');
    expect(photos).toBeDisabled();
    expect(screen.getByLabelText('Verifications never submitted')).toHaveDisplayValue('7 days');
    expect(screen.getByText('Only the owner changes the retention policy.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save retention policy' })).not.toBeInTheDocument();
  });
});
