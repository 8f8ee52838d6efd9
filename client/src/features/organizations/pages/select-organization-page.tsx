import { useState } from 'react';
import { Link } from 'react-router-dom';

import type { OrganizationDto } from '../../../api/generated/types.gen';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { Loading } from '../../../components/ui/loading';
import { ORGANIZATION_PREVIEW_COUNT } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { useOrganizations } from '../api/get-organizations';
import { OrganizationInitial } from '../components/organization-initial';
import { organizationRoleLabel } from '../lib/organization-role';

import './select-organization-page.css';

function PlusIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="org-select-icon">
      <path d="M10 4v12M4 10h12" />
    </svg>
  );
}

function OrganizationLink({ organization }: { organization: OrganizationDto }) {
  return (
    <li>
      <Link to={paths.dashboard.organization(organization.id)} className="org-select-item">
        <OrganizationInitial name={organization.name} />
        <span className="org-select-item-text">
          <span className="org-select-item-name">{organization.name}</span>
          <span className="org-select-item-role">{organizationRoleLabel(organization.role)}</span>
        </span>
        <svg viewBox="0 0 20 20" aria-hidden="true" className="org-select-chevron">
          <path d="M7.5 15l5-5-5-5" />
        </svg>
      </Link>
    </li>
  );
}

/** /dashboard/select: the organizations the user may open, the first three unless expanded. */
export function SelectOrganizationPage() {
  const { data: organizations, error, isPending } = useOrganizations();
  const [expanded, setExpanded] = useState(false);

  let content;
  if (isPending || error) {
    content = <Loading error={error} />;
  } else if (organizations.length === 0) {
    content = (
      <div className="org-select-empty">
        <p className="org-select-empty-title">No organizations found!</p>
        <p className="org-select-empty-text">
          Create an organization to start verifying your users, or ask an owner to add you to theirs.
        </p>
        <ButtonLink to={paths.dashboard.create}>Create organization</ButtonLink>
      </div>
    );
  } else {
    const hasMore = organizations.length > ORGANIZATION_PREVIEW_COUNT;
    const shown = expanded ? organizations : organizations.slice(0, ORGANIZATION_PREVIEW_COUNT);
    content = (
      <>
        <ul className="org-select-list" id="organization-list">
          {shown.map((organization) => (
            <OrganizationLink key={organization.id} organization={organization} />
          ))}
        </ul>
        {hasMore && (
          <div className="org-select-toggle">
            <Button
              variant="secondary"
              onClick={() => setExpanded((value) => !value)}
              aria-expanded={expanded}
              aria-controls="organization-list"
            >
              {expanded ? 'Hide' : 'Expand'}
            </Button>
            {!expanded && (
              <span className="org-select-more">
                {organizations.length - ORGANIZATION_PREVIEW_COUNT} more
              </span>
            )}
          </div>
        )}
      </>
    );
  }

  return (
    <div className="org-select">
      <div className="org-select-card">
        <PageHeader
          title="Your organizations"
          description="Choose the organization whose applicants you want to review."
          actions={
            <ButtonLink to={paths.dashboard.create} variant="primary">
              <PlusIcon />
              New
            </ButtonLink>
          }
        />
        {content}
      </div>
    </div>
  );
}
