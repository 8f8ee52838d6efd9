import { Navigate, NavLink, Outlet, useParams } from 'react-router-dom';

import { isApiError } from '../../../api/client';
import { paths } from '../../../config/paths';
import { useOrganization } from '../api/get-organization';
import { OrganizationInitial } from './organization-initial';
import {
  ActivityIcon,
  ApplicantsIcon,
  DashboardIcon,
  IntegrationIcon,
  MembersIcon,
  ReviewSettingsIcon,
  SettingsIcon,
  TagsIcon,
} from './organization-nav-icons';

import './organization-layout.css';

function navClassName({ isActive }: { isActive: boolean }) {
  return isActive ? 'org-nav-link active' : 'org-nav-link';
}

export const UNKNOWN_ORGANIZATION = 'That organization does not exist, or you are not one of its members. Choose one of yours.';

/** /dashboard/:organizationId/*: the organization's sidebar (a tab bar on phones) beside its screens. */
export function OrganizationLayout() {
  const { organizationId = '' } = useParams();
  const { data: organization, error } = useOrganization(organizationId);
  // The Activity screen is the owner's (and a super-admin's) oversight; members do not see the link.
  const canManage = organization ? organization.isOwner || organization.role === 'super-admin' : false;

  // Another tenant's id and a made-up one both answer 404: back to the picker, saying why.
  if (isApiError(error) && (error.status === 404 || error.status === 403)) {
    return <Navigate to={paths.dashboard.select} replace state={{ notice: UNKNOWN_ORGANIZATION }} />;
  }

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
          <NavLink to={paths.dashboard.reviewSettings(organizationId)} className={navClassName}>
            <ReviewSettingsIcon />
            <span>Review settings</span>
          </NavLink>
          {canManage && (
            <NavLink to={paths.dashboard.activity(organizationId)} className={navClassName}>
              <ActivityIcon />
              <span>Activity</span>
            </NavLink>
          )}
          <NavLink to={paths.dashboard.organizationSettings(organizationId)} className={navClassName}>
            <SettingsIcon />
            <span>Settings</span>
          </NavLink>
        </nav>
      </aside>
      <div className="org-content" id="organization-content">
        <Outlet />
      </div>
    </div>
  );
}
