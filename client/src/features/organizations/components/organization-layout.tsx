import { NavLink, Outlet, useParams } from 'react-router-dom';

import { isApiError } from '../../../api/client';
import { paths } from '../../../config/paths';
import { useOrganization } from '../api/get-organization';
import { OrganizationInitial } from './organization-initial';
import { ApplicantsIcon, DashboardIcon, IntegrationIcon, MembersIcon, TagsIcon } from './organization-nav-icons';

import './organization-layout.css';

function navClassName({ isActive }: { isActive: boolean }) {
  return isActive ? 'org-nav-link active' : 'org-nav-link';
}

/** /dashboard/:organizationId/*: the organization's sidebar (a tab bar on phones) beside its screens. */
export function OrganizationLayout() {
  const { organizationId = '' } = useParams();
  const { data: organization, error } = useOrganization(organizationId);

  // Another tenant's id and a made-up one both answer 404: the route's error screen says "not found".
  if (isApiError(error) && (error.status === 404 || error.status === 403)) throw error;

  return (
    <div className="org-layout">
      <aside className="org-sidebar" aria-label="Organization">
        <div className="org-sidebar-header">
          <OrganizationInitial name={organization?.name ?? ''} size="small" />
          <div className="org-sidebar-name-block">
            <p className="org-sidebar-name" title={organization?.name}>
              {organization?.name ?? <span className="org-sidebar-name-placeholder">Loading…</span>}
            </p>
            <NavLink to={paths.dashboard.select} className="org-sidebar-switch">
              Switch organization
            </NavLink>
          </div>
        </div>
        <nav className="org-nav" aria-label="Organization sections">
          <NavLink to={paths.dashboard.organization(organizationId)} end className={navClassName}>
            <DashboardIcon />
            <span>Dashboard</span>
          </NavLink>
          <NavLink to={paths.dashboard.applicants(organizationId)} className={navClassName}>
            <ApplicantsIcon />
            <span>Applicants</span>
          </NavLink>
          <NavLink to={paths.dashboard.tags(organizationId)} className={navClassName}>
            <TagsIcon />
            <span>Tags</span>
          </NavLink>
          <NavLink to={paths.dashboard.members(organizationId)} className={navClassName}>
            <MembersIcon />
            <span>Members</span>
          </NavLink>
          <NavLink to={paths.dashboard.integration(organizationId)} className={navClassName}>
            <IntegrationIcon />
            <span>Integration</span>
          </NavLink>
        </nav>
      </aside>
      <div className="org-content" id="organization-content">
        <Outlet />
      </div>
    </div>
  );
}
