import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { OrganizationDto } from '../../../api/generated/types.gen';
import { mockApi } from '../../../testing/mock-api';
import { renderPage } from '../../../testing/render-page';
import { SelectOrganizationPage } from './select-organization-page';

function organizations(count: number): OrganizationDto[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `00000000-0000-4000-8000-00000000000${index}`,
    name: `Organization ${index + 1}`,
    companyKey: `pk_${index}`,
    role: 'owner',
  }));
}

function serve(list: OrganizationDto[]) {
  mockApi({ organizationsList: { body: list } });
}

describe('/dashboard/select', () => {
  it('lists the first 3 organizations, each linking to its dashboard, with Expand/Hide for the rest', async () => {
    const user = userEvent.setup();
    serve(organizations(5));
    renderPage(<SelectOrganizationPage />, '/dashboard/select', '/dashboard/select');

    expect(await screen.findByRole('heading', { name: 'Your organizations' })).toBeInTheDocument();
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('link')).toHaveLength(3);
    expect(within(list).getByRole('link', { name: /Organization 1/ })).toHaveAttribute(
      'href',
      '/dashboard/00000000-0000-4000-8000-000000000000',
    );

    await user.click(screen.getByRole('button', { name: 'Expand' }));
    expect(within(list).getAllByRole('link')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(within(list).getAllByRole('link')).toHaveLength(3);
  });

  it('has no toggle with 3 or fewer', async () => {
    serve(organizations(3));
    renderPage(<SelectOrganizationPage />, '/dashboard/select', '/dashboard/select');
    await screen.findByRole('link', { name: /Organization 3/ });
    expect(screen.queryByRole('button', { name: 'Expand' })).not.toBeInTheDocument();
  });

  it("says 'No organizations found!' with a create button when there are none", async () => {
    serve([]);
    renderPage(<SelectOrganizationPage />, '/dashboard/select', '/dashboard/select');
    expect(await screen.findByText('No organizations found!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create organization' })).toHaveAttribute('href', '/dashboard/create');
    expect(screen.getByRole('link', { name: 'New' })).toHaveAttribute('href', '/dashboard/create');
  });
});
