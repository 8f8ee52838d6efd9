import { useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';

import { paths } from '../../config/paths';
import { LogoutDialog } from '../../features/auth/components/logout-dialog';
import { useAuth } from '../../lib/auth';
import { hasExactRole } from '../../lib/roles';

import './settings-layout.css';

interface NavItem {
  label: string;
  to: string;
  icon: string;
  /** Other pages that belong to this entry (e.g. the forms opened from it). */
  alsoActiveOn?: readonly string[];
  /** Only this exact path, not the pages below it. */
  end?: boolean;
}

interface NavGroup {
  title: string;
  items: readonly NavItem[];
}

const ICON = {
  user: 'M20 21a8 8 0 1 0-16 0M12 13a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3z',
  grid: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z',
  userPlus: 'M15 21a6 6 0 0 0-12 0M9 13a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM19 8v6M22 11h-6',
  book: 'M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2zM4 5v16M8 7h8',
  key: 'M15 7a4 4 0 1 1-3.5 6L4 20.5V17h3v-3h3l1.5-1.5A4 4 0 0 1 15 7zm1.5 1.5h.01',
  webhook: 'M9 17a4 4 0 1 1-3-6.8M15 17H9l3-5.2M12 7a4 4 0 1 1 5.5 3.7L15 17',
  redirect: 'M10 14 21 3M15 3h6v6M19 14v5a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h5',
  logout: 'M15 17l5-5-5-5M20 12H9M12 20H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h7',
  chevron: 'M6 9l6 6 6-6',
  target: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM12 12h.01',
  face: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9 10h.01M15 10h.01M8.5 15a4.5 4.5 0 0 0 7 0',
};

const ACCOUNT: NavGroup = {
  title: 'Account',
  items: [
    { label: 'My account', to: paths.account.root, icon: ICON.user, end: true, alsoActiveOn: [paths.account.update] },
    {
      label: 'Privacy & Security',
      to: paths.account.security,
      icon: ICON.shield,
      alsoActiveOn: [paths.account.changeEmail, paths.account.changePassword, paths.account.confirmEmail, paths.account.delete],
    },
  ],
};

const ADMINISTRATION: NavGroup = {
  title: 'Administration',
  items: [
    { label: 'Permission Manager', to: paths.account.managePermission, icon: ICON.grid },
    { label: 'Create User', to: paths.account.createAdmin, icon: ICON.userPlus },
    { label: 'Sanctions Lists', to: paths.account.sanctionsLists, icon: ICON.shield },
    { label: 'Accuracy', to: paths.account.accuracyReport, icon: ICON.target },
    { label: 'Face Models', to: paths.account.faceModels, icon: ICON.face },
  ],
};

const DEVELOPER: NavGroup = {
  title: 'Developer',
  items: [
    { label: 'Documentation', to: paths.developer.root, icon: ICON.book, end: true },
    { label: 'API Key', to: paths.developer.keys, icon: ICON.key },
    { label: 'Webhooks', to: paths.developer.webhooks, icon: ICON.webhook },
    { label: 'Redirect Url', to: paths.developer.redirectUrl, icon: ICON.redirect },
  ],
};

function NavIcon({ path }: { path: string }) {
  return (
    <svg className="settings-nav-icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

function stripTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Settings of the signed-in user (/dashboard/user/me/**): sidebar on the left, page on the right. */
export function SettingsLayout() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  // Close the phone menu when a link changes the page (adjusting state during render, not in an effect).
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  const isSuperAdmin = user ? hasExactRole(user.role, 'super-admin') : false;
  const groups = [ACCOUNT, ...(isSuperAdmin ? [ADMINISTRATION] : []), DEVELOPER];
  const current = stripTrailingSlash(pathname);

  const isActive = (item: NavItem) => {
    if (item.alsoActiveOn?.includes(current)) return true;
    return item.end ? current === item.to : current === item.to || current.startsWith(`${item.to}/`);
  };
  const currentItem = groups.flatMap((group) => group.items).find(isActive);

  return (
    <div className="dashboard-container settings-layout">
      <aside className="settings-sidebar" data-open={menuOpen}>
        <button
          type="button"
          className="settings-menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="settings-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="settings-menu-toggle-label">
            <span className="settings-menu-toggle-caption">Settings</span>
            <span className="settings-menu-toggle-current">{currentItem?.label ?? 'Menu'}</span>
          </span>
          <svg className="settings-menu-toggle-chevron" viewBox="0 0 24 24" aria-hidden="true">
            <path d={ICON.chevron} />
          </svg>
        </button>

        <nav id="settings-nav" className="settings-nav" aria-label="Settings">
          {groups.map((group) => (
            <div key={group.title} className="settings-nav-group">
              <p className="settings-nav-title">{group.title}</p>
              <ul className="settings-nav-list">
                {group.items.map((item) => (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      className={['settings-nav-link', isActive(item) ? 'active' : ''].filter(Boolean).join(' ')}
                      aria-current={isActive(item) ? 'page' : undefined}
                    >
                      <NavIcon path={item.icon} />
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <div className="settings-nav-group settings-nav-footer">
            <button type="button" className="settings-nav-link settings-nav-logout" onClick={() => setLogoutOpen(true)}>
              <NavIcon path={ICON.logout} />
              Logout
            </button>
          </div>
        </nav>
      </aside>

      <div className="settings-content">
        <Outlet />
      </div>

      <LogoutDialog open={logoutOpen} onClose={() => setLogoutOpen(false)} />
    </div>
  );
}
