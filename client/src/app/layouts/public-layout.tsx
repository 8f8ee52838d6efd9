import { Outlet } from 'react-router-dom';

import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

import './public-layout.css';

export function PublicLayout() {
  return (
    <div className="public-layout">
      <PublicHeader />
      <main id="main" className="public-main">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
