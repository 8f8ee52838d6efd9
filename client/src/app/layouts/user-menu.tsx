import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';

import { Avatar } from '../../components/avatar';
import { Badge } from '../../components/ui/badge';
import { REPORT_ISSUE_URL } from '../../config/app';
import { paths } from '../../config/paths';
import { LogoutDialog } from '../../features/auth/components/logout-dialog';
import { useAuth } from '../../lib/auth';

import './user-menu.css';

function Icon({ path }: { path: string }) {
  return (
    <svg className="user-menu-icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d={path} />
    </svg>
  );
}

const ICONS = {
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
  issue: 'M12 8v4m0 4h.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z',
  external: 'M14 4h6v6m0-6-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  logout: 'M15 17l5-5-5-5M20 12H9M12 20H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h7',
};

/** Avatar button in the top bar opening: who is signed in, Settings, Report issue, Logout. */
export function UserMenu() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  if (!user) return null;

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => items[(next + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        close();
        break;
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(items.length - 1);
        break;
      case 'Tab':
        close(false);
        break;
    }
  };

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={`Account menu for ${user.username}`}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar src={user.image.url} name={user.username} size="small" />
        <span className="user-menu-button-name">{user.username}</span>
        {user.isDemo && (
          <span className="user-menu-button-badge">
            <Badge variant="info">Demo</Badge>
          </span>
        )}
        <svg className="user-menu-chevron" viewBox="0 0 20 20" aria-hidden="true">
          <path d="M5 7.5l5 5 5-5" />
        </svg>
      </button>

      {open && (
        <div ref={menuRef} id={menuId} className="user-menu-panel" role="menu" aria-label="Account" onKeyDown={onMenuKeyDown}>
          <div className="user-menu-identity" role="none">
            <Avatar src={user.image.url} name={user.username} />
            <div className="user-menu-identity-text">
              <p className="user-menu-username">{user.username}</p>
              <p className="user-menu-email">{user.email}</p>
              {(user.isDemo || !user.isConfirmed) && (
                <p className="user-menu-badges">
                  {user.isDemo && <Badge variant="info">Demo</Badge>}
                  {!user.isConfirmed && <Badge variant="warning">Unconfirmed</Badge>}
                </p>
              )}
            </div>
          </div>
          <div className="user-menu-separator" role="separator" />
          <Link to={paths.account.root} className="user-menu-item" role="menuitem" onClick={() => close(false)}>
            <Icon path={ICONS.settings} />
            Settings
          </Link>
          <a href={REPORT_ISSUE_URL} target="_blank" rel="noopener noreferrer" className="user-menu-item" role="menuitem" onClick={() => close(false)}>
            <Icon path={ICONS.issue} />
            Report issue
            <span className="visually-hidden">(opens in a new tab)</span>
            <svg className="user-menu-icon user-menu-external" viewBox="0 0 24 24" aria-hidden="true">
              <path d={ICONS.external} />
            </svg>
          </a>
          <div className="user-menu-separator" role="separator" />
          <button
            type="button"
            className="user-menu-item user-menu-item-danger"
            role="menuitem"
            onClick={() => {
              close(false);
              setLogoutOpen(true);
            }}
          >
            <Icon path={ICONS.logout} />
            Logout
          </button>
        </div>
      )}

      <LogoutDialog open={logoutOpen} onClose={() => setLogoutOpen(false)} />
    </div>
  );
}
