import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { BrandMark } from '../../../components/brand';
import { APP_NAME } from '../../../config/app';
import { paths } from '../../../config/paths';

import './kyc-layout.css';

/**
 * The end user's page: no product navigation (they are the integrator's customer, not
 * ours), only who runs the check and that it is secure.
 */
export function KycLayout({ children }: { children: ReactNode }) {
  return (
    <div className="kyc-layout">
      <header className="kyc-header">
        <div className="kyc-header-inner">
          <span className="kyc-header-brand">
            <BrandMark size={28} />
            <span>{APP_NAME}</span>
          </span>
          <span className="kyc-header-secure">
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M7 10V7a5 5 0 0 1 10 0v3M6 10h12a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1z" />
            </svg>
            Secure verification
          </span>
        </div>
      </header>
      <main id="main" className="kyc-main">
        {children}
      </main>
      <footer className="kyc-footer">
        <p>
          Your documents are encrypted in transit and only used to verify your identity. <Link to={paths.privacy}>Privacy policy</Link>
        </p>
      </footer>
    </div>
  );
}
