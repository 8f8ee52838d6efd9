import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

import { Brand } from '../../components/brand';
import { ButtonLink } from '../../components/ui/button-link';
import { APP_TAGLINE } from '../../config/app';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';

import './public-header.css';

const MOBILE_MENU_ID = 'public-mobile-menu';

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="public-header-menu-icon">
      {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

export function PublicHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const { isAuthenticated } = useAuth();
  const closeMenu = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <>
      <header className="public-header" data-menu-open={menuOpen}>
        <div className="container public-header-bar">
          <Brand onClick={closeMenu} />

          <nav className="public-header-nav" aria-label="Main">
            <Link to={paths.features} className="public-header-link">
              Features
            </Link>
            {isAuthenticated ? (
              <ButtonLink to={paths.dashboard.root}>Open dashboard</ButtonLink>
            ) : (
              <ButtonLink to={paths.login} variant="outline">
                Login
              </ButtonLink>
            )}
          </nav>

          <button
            type="button"
            className="public-header-menu-button"
            aria-expanded={menuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon open={menuOpen} />
          </button>
        </div>

        <div id={MOBILE_MENU_ID} className="public-mobile-menu" data-open={menuOpen} aria-hidden={!menuOpen} inert={!menuOpen}>
          <nav className="container public-mobile-menu-nav" aria-label="Mobile">
            <Link to={paths.features} className="public-mobile-menu-link" onClick={closeMenu}>
              Features
            </Link>
            {isAuthenticated ? (
              <Link to={paths.dashboard.root} className="public-mobile-menu-link" onClick={closeMenu}>
                Open dashboard
              </Link>
            ) : (
              <>
                <Link to={paths.login} className="public-mobile-menu-link" onClick={closeMenu}>
                  Login
                </Link>
                <Link to={paths.registerDemo} className="public-mobile-menu-link" onClick={closeMenu}>
                  Try demo
                </Link>
                <ButtonLink to={paths.register} block size="large" onClick={closeMenu}>
                  Get started
                </ButtonLink>
              </>
            )}
            <p className="public-mobile-menu-footer">{APP_TAGLINE}</p>
          </nav>
        </div>
      </header>
      {/* Outside the header: its backdrop-filter would make it the box of a fixed child. */}
      <div className="public-mobile-menu-scrim" data-open={menuOpen} aria-hidden="true" onClick={closeMenu} />
    </>
  );
}
