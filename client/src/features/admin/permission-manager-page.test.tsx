import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ApiError, isApiError } from '../../api/client';
import type { RoleDto } from '../../api/generated/types.gen';
import { apiError, type ApiHandler, type ApiHandlers } from '../../testing/mock-api';
import { renderRoute } from '../../testing/render-route';
import { buildUser } from '../../testing/users';
import { rolesQueryOptions, shouldRetryRoles } from './api/roles';
import { PermissionManagerPage } from './permission-manager-page';

const PATH = '/dashboard/user/me/manage-permission';
const superAdmin = buildUser({ role: 'super-admin' });

function buildRoles(): RoleDto[] {
  let id = 0;
  const entry = (resource: RoleDto['permissions'][number]['resource'], actions: RoleDto['permissions'][number]['actions']) => ({
    id: `00000000-0000-4000-8000-${String(++id).padStart(12, '0')}`,
    resource,
    actions,
    version: 3,
  });
  return [
    { name: 'super-admin', permissions: [entry('organizations', ['create', 'read', 'update', 'delete']), entry('roles', ['read', 'update'])] },
    { name: 'admin', permissions: [entry('organizations', ['create', 'read', 'update']), entry('roles', ['read'])] },
    { name: 'kyc', permissions: [entry('organizations', ['create', 'read']), entry('roles', [])] },
  ];
}

/** Serves `roles`; a save answers the matrix sent, unless `replace` answers otherwise. */
function rolesApi(roles: RoleDto[], replace: ApiHandler<'rolesReplace'> = ({ body }) => ({ body: body!.data })): ApiHandlers {
  return { rolesList: { body: roles }, rolesReplace: replace };
}

describe('<PermissionManagerPage>', { timeout: 20_000 }, () => {
  it('shows a checkbox per resource-action row and role column', async () => {
    renderRoute(<PermissionManagerPage />, { path: PATH, me: superAdmin, api: rolesApi(buildRoles()) });
    expect(await screen.findByRole('checkbox', { name: 'KYC: read organizations' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'KYC: delete organizations' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Super-admin: update roles' })).toBeChecked();
    // 2 resources × 4 actions × 3 roles
    expect(screen.getAllByRole('checkbox')).toHaveLength(24);
    expect(screen.getByRole('columnheader', { name: 'Admin' })).toBeInTheDocument();
  });

  it('toggles locally only, then one Save sends the whole matrix and toasts', async () => {
    const roles = buildRoles();
    const { user, callsTo } = renderRoute(<PermissionManagerPage />, { path: PATH, me: superAdmin, api: rolesApi(roles) });
    const box = await screen.findByRole('checkbox', { name: 'KYC: read organizations' });
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();

    await user.click(box);
    await user.click(screen.getByRole('checkbox', { name: 'Admin: delete organizations' }));
    expect(box).not.toBeChecked();
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();
    expect(callsTo('rolesReplace')).toHaveLength(0);

    await user.click(save);
    expect(await screen.findByText('Successfully updated the permissions')).toBeInTheDocument();

    const [put] = callsTo('rolesReplace');
    const expected = buildRoles();
    expected[2].permissions[0].actions = ['create'];
    expected[1].permissions[0].actions = ['create', 'read', 'update', 'delete'];
    // Every role and every entry, with ids and versions, not just the two changes.
    expect(put.body).toEqual({ data: expected });
    await waitFor(() => expect(screen.getByText('No unsaved changes')).toBeInTheDocument());
  });

  it("on 409 shows the server's message and reloads the matrix on request", async () => {
    const message = 'The permissions were changed by someone else. Reload and try again.';
    const { user, callsTo } = renderRoute(<PermissionManagerPage />, {
      path: PATH,
      me: superAdmin,
      api: rolesApi(buildRoles(), apiError(409, 'ROLE_VERSION_CONFLICT', message)),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'KYC: read organizations' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    const reads = callsTo('rolesList').length;
    await user.click(screen.getByRole('button', { name: 'Reload permissions' }));

    await waitFor(() => expect(callsTo('rolesList').length).toBe(reads + 1));
    expect(screen.getByRole('checkbox', { name: 'KYC: read organizations' })).toBeChecked();
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('shows a role fetch error as raw text', async () => {
    renderRoute(<PermissionManagerPage />, {
      path: PATH,
      me: superAdmin,
      api: { rolesList: apiError(403, 'PERMISSION_DENIED', 'Forbidden resource') },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Forbidden resource');
  });
});

describe('roles query', () => {
  it('refetches every 60000 ms, not on window focus', () => {
    const options = rolesQueryOptions();
    expect(options.refetchInterval).toBe(60_000);
    expect(options.refetchOnWindowFocus).toBe(false);
  });

  it('never retries a 403, otherwise at most once', () => {
    const forbidden = new ApiError(403, 'Forbidden');
    const failed = new ApiError(500, 'Internal Server Error');
    expect(isApiError(forbidden)).toBe(true);
    expect(shouldRetryRoles(0, forbidden)).toBe(false);
    expect(shouldRetryRoles(0, failed)).toBe(true);
    expect(shouldRetryRoles(1, failed)).toBe(false);
  });
});
