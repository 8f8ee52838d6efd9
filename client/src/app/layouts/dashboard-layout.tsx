import { Outlet } from 'react-router-dom';

import { Brand } from '../../components/brand';
import { paths } from '../../config/paths';
import { UserMenu } from './user-menu';

import './dashboard-layout.css';

/** The signed-in frame (inside RequireAuth): top bar with the brand and the user menu, then the page. */
export function DashboardLayout() {
  return (
    <div className="dashboard-layout">
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
