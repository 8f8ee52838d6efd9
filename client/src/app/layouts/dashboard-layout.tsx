import { Link, Outlet, useLocation, useParams } from 'react-router-dom';

import { Brand } from '../../components/brand';
import { paths, QUEUE_ANCHOR } from '../../config/paths';
import { UserMenu } from './user-menu';

import './dashboard-layout.css';

/**
 * An organization's pages: beside the root layout's "Skip to content", a skip link to the
 * applicants list's table (the queue), which takes the focus there; on the list itself it
 * keeps the list's filters.
 */
function SkipToQueue() {
  const { organizationId } = useParams();
  const { pathname, search } = useLocation();
  if (!organizationId) return null;
  const queue = paths.dashboard.applicants(organizationId);
  return (
    <Link className="skip-link" to={{ pathname: queue, search: pathname === queue ? search : '', hash: QUEUE_ANCHOR }}>
      Skip to the queue
    </Link>
  );
}

/** The signed-in frame (inside RequireAuth): top bar with the brand and the user menu, then the page. */
export function DashboardLayout() {
  return (
    <div className="dashboard-layout">
      <SkipToQueue />
      <header className="dashboard-header">
        <div className="dashboard-container dashboard-header-bar">
          <Brand to={paths.dashboard.select} />
          <UserMenu />
        </div>
      </header>
      <main id="main" className="dashboard-main">
        <Outlet />
      </main>
    </div>
  );
}
