import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ApiError, isApiError } from '../../api/client';
import type { RoleDto } from '../../api/generated/types.gen';
import { renderRoute, type ApiRoute } from '../../testing/render-route';
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

function rolesApi(roles: RoleDto[], put?: ApiRoute): ApiRoute {
  return (method, url, body) => {
    if (method === 'GET' && url === '/api/roles') return { body: roles };
    if (method === 'PUT' && url === '/api/roles') return put?.(method, url, body) ?? { body: (body as { data: RoleDto[] }).data };
    return undefined;
  };
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
    expect(callsTo('PUT', '/api/roles')).toHaveLength(0);

    await user.click(save);
    expect(await screen.findByText('Successfully updated the permissions')).toBeInTheDocument();

    const [put] = callsTo('PUT', '/api/roles');
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
      api: rolesApi(buildRoles(), () => ({ status: 409, body: { statusCode: 409, message, error: 'Conflict' } })),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'KYC: read organizations' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    const reads = callsTo('GET', '/api/roles').length;
    await user.click(screen.getByRole('button', { name: 'Reload permissions' }));

    await waitFor(() => expect(callsTo('GET', '/api/roles').length).toBe(reads + 1));
    expect(screen.getByRole('checkbox', { name: 'KYC: read organizations' })).toBeChecked();
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('shows a role fetch error as raw text', async () => {
    renderRoute(<PermissionManagerPage />, {
      path: PATH,
      me: superAdmin,
      api: (_method, url) =>
        url === '/api/roles' ? { status: 403, body: { statusCode: 403, message: 'Forbidden resource' } } : undefined,
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
