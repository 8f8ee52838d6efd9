import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { mockApi } from '../../../testing/mock-api';
import { renderPage } from '../../../testing/render-page';
import { buildUser } from '../../../testing/users';
import { ORGANIZATION_ID } from '../../../testing/applicant-factory';
import { ApplicantTags } from './applicant-tags';

const VIP = { id: 'aaaaaaaa-0000-4000-8000-00000000000a', name: 'VIP', color: 'blue' as const };
const SECOND = { id: 'aaaaaaaa-0000-4000-8000-00000000000b', name: 'Second look', color: 'amber' as const };
const ROUTE = '/dashboard/:organizationId/applicants/:userId';
const PATH = `/dashboard/${ORGANIZATION_ID}/applicants/user-0001`;

describe('ApplicantTags', () => {
  it('shows the tags and lets staff add one and remove one', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      usersMe: { body: buildUser() },
      tagsList: { body: [VIP, SECOND] },
      applicantTagsAdd: { body: { userId: 'user-0001', tags: [SECOND, VIP] } },
      applicantTagsRemove: { body: { userId: 'user-0001', tags: [] } },
    });
    renderPage(<ApplicantTags organizationId={ORGANIZATION_ID} userId="user-0001" tags={[VIP]} canEdit />, ROUTE, PATH);
    expect(screen.getByText('VIP')).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('Add a tag'), 'Second look');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.callsTo('applicantTagsAdd')[0].path).toMatchObject({ userId: 'user-0001', tagId: SECOND.id }));
    await user.click(screen.getByRole('button', { name: 'Remove tag VIP' }));
    await waitFor(() => expect(api.callsTo('applicantTagsRemove')[0].path).toMatchObject({ tagId: VIP.id }));
  });

  it('only shows the tags to someone who may not change the applicant', async () => {
    mockApi({ usersMe: { body: buildUser() }, tagsList: { body: [VIP, SECOND] } });
    renderPage(<ApplicantTags organizationId={ORGANIZATION_ID} userId="user-0001" tags={[VIP]} canEdit={false} />, ROUTE, PATH);
    expect(screen.getByText('VIP')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove tag VIP' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Add a tag')).not.toBeInTheDocument();
  });
});
