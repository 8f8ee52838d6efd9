import { Outlet, ScrollRestoration } from 'react-router-dom';

export function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Outlet />
      {/* Also scrolls to the element named by a URL hash, e.g. /#features. */}
      <ScrollRestoration />
    </>
  );
}
