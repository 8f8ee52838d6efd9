import { useState } from 'react';

import { getErrorMessage, isApiError } from '../../api/client';
import type { RoleDto } from '../../api/generated/types.gen';
import { PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { useToast } from '../../components/ui/toast-context';
import { ROLE_LABELS } from '../../lib/roles';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useRoles } from './api/roles';
import { useUpdateRoles } from './api/update-roles';
import { countChanges, findPermission, isAllowed, matrixResources, PERMISSION_ACTIONS, togglePermission } from './permission-matrix';

import './permission-manager-page.css';

export const PERMISSIONS_SAVED = 'Successfully updated the permissions';

const RESOURCE_LABELS: Partial<Record<string, string>> = {
  'api-keys': 'API keys',
};

function resourceLabel(resource: string): string {
  return RESOURCE_LABELS[resource] ?? resource.charAt(0).toUpperCase() + resource.slice(1);
}

/** /dashboard/user/me/manage-permission — the role × resource-action matrix (super-admins only). */
export function PermissionManagerPage() {
  useDocumentTitle('Permission Manager');
  const toast = useToast();
  const roles = useRoles();
  const save = useUpdateRoles();
  // Edits live here until Save; the 60-second refresh only shows through while nothing is edited.
  const [draft, setDraft] = useState<RoleDto[] | null>(null);

  const header = <PageHeader title="Permission Manager" description="Choose what each role may do. Saved changes apply to every user's next request." />;

  if (roles.isPending) {
    return (
      <>
        {header}
        <Loading message="Loading permissions..." />
      </>
    );
  }
  if (roles.isError) {
    return (
      <>
        {header}
        {/* Spec §8: role fetch errors are shown as raw text. */}
        <p className="permission-raw-error" role="alert">
          {roles.error.message}
        </p>
      </>
    );
  }

  const saved = roles.data;
  const matrix = draft ?? saved;
  const changes = draft ? countChanges(saved, draft) : 0;
  const resources = matrixResources(matrix);
  const isConflict = isApiError(save.error) && save.error.status === 409;

  // The draft and the conflict stay until the server's matrix is in: dropping them first
  // would show the stale matrix as "No unsaved changes" for the time of the request.
  const reload = async () => {
    await roles.refetch();
    save.reset();
    setDraft(null);
  };

  const onSave = () => {
    save.mutate(matrix, {
      onSuccess: () => {
        setDraft(null);
        toast.success(PERMISSIONS_SAVED);
      },
    });
  };

  return (
    <>
      {header}
      <div className="permission-manager">
        <div className="permission-table-wrapper">
          <table className="permission-table">
            <caption className="visually-hidden">Permissions of each role</caption>
            <thead>
              <tr>
                <th scope="col">Permission</th>
                {matrix.map((role) => (
                  <th scope="col" key={role.name} className="permission-role">
                    {ROLE_LABELS[role.name]}
                  </th>
                ))}
              </tr>
            </thead>
            {resources.map((resource) => (
              <tbody key={resource}>
                <tr className="permission-group">
                  <th scope="colgroup" colSpan={matrix.length + 1} className="permission-resource">
                    {resourceLabel(resource)}
                  </th>
                </tr>
                {PERMISSION_ACTIONS.map((action) => (
                  <tr key={action}>
                    <th scope="row" className="permission-action">
                      {action}
                    </th>
                    {matrix.map((role) => {
                      const missing = findPermission(role, resource) === undefined;
                      return (
                        <td key={role.name} className="permission-cell">
                          <input
                            type="checkbox"
                            className="permission-checkbox"
                            aria-label={`${ROLE_LABELS[role.name]}: ${action} ${resource}`}
                            checked={isAllowed(role, resource, action)}
                            disabled={missing || save.isPending}
                            onChange={() => setDraft(togglePermission(matrix, role.name, resource, action))}
                          />
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>

        {/* The save bar stays in view at the bottom, so a refused save is seen where Save was pressed. */}
        <div className="permission-savebar" data-dirty={changes > 0}>
          {save.isError &&
            (isConflict ? (
              <Alert variant="danger" title="The permissions changed meanwhile">
                <p>{getErrorMessage(save.error)}</p>
                <Button variant="outline" className="permission-reload" onClick={() => void reload()}>
                  Reload permissions
                </Button>
              </Alert>
            ) : (
              <Alert variant="danger">{getErrorMessage(save.error)}</Alert>
            ))}
          <p className="permission-savebar-text" aria-live="polite">
            {changes === 0 ? 'No unsaved changes' : `${changes} unsaved ${changes === 1 ? 'change' : 'changes'}`}
          </p>
          <div className="permission-savebar-actions">
            <Button
              variant="outline"
              onClick={() => {
                save.reset();
                setDraft(null);
              }}
              disabled={changes === 0 || save.isPending}
            >
              Discard
            </Button>
            <Button onClick={onSave} disabled={changes === 0} isLoading={save.isPending}>
              Save changes
            </Button>
          </div>
        </div>
      </div>
    </>
  );
}
