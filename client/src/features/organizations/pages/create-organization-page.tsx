import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { getErrorMessage } from '../../../api/client';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast-context';
import { paths } from '../../../config/paths';
import { FIELD_REQUIRED, isBlank } from '../../../lib/validation';
import { useCreateOrganization } from '../api/create-organization';

import './create-organization-page.css';

export const PROJECT_NAME_MAX_LENGTH = 100;

export function createdOrganizationMessage(name: string): string {
  return `Successfully created organization ${name}`;
}

/** /dashboard/create: a project name, then the new organization's dashboard. */
export function CreateOrganizationPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const createOrganization = useCreateOrganization();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBlank(name)) {
      setNameError(FIELD_REQUIRED);
      return;
    }
    createOrganization.mutate(
      { name: name.trim() },
      {
        onSuccess: (organization) => {
          toast.success(createdOrganizationMessage(organization.name));
          void navigate(paths.dashboard.organization(organization.id));
        },
      },
    );
  };

  return (
    <div className="org-create">
      <form className="org-create-card" onSubmit={onSubmit} noValidate>
        <PageHeader title="Create organization" description="An organization holds the applicants you verify and the people who review them." />
        {createOrganization.isError && <Alert variant="danger">{getErrorMessage(createOrganization.error)}</Alert>}
        <TextField
          label="Project name"
          name="name"
          value={name}
          maxLength={PROJECT_NAME_MAX_LENGTH}
          autoComplete="organization"
          placeholder="Acme onboarding"
          hint="Shown to your team; you can have as many organizations as you need."
          error={nameError}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(undefined);
          }}
        />
        <div className="org-create-actions">
          <Button type="submit" isLoading={createOrganization.isPending}>
            Create organization
          </Button>
          <Link to={paths.dashboard.select} className="org-create-back">
            Go back
          </Link>
        </div>
      </form>
    </div>
  );
}
