import { Link } from 'react-router-dom';

import { Brand } from '../../components/brand';
import { APP_NAME, APP_TAGLINE, CONTACT_EMAIL } from '../../config/app';
import { paths } from '../../config/paths';

import './public-footer.css';

export function PublicFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="public-footer">
      <div className="container">
        <div className="public-footer-grid">
          <div className="public-footer-about">
            <Brand />
            <p>{APP_TAGLINE}. Verify customers, stay compliant and stop fraud from one self-hosted back-office.</p>
          </div>
          <nav className="public-footer-column" aria-labelledby="footer-platform">
            <h2 id="footer-platform">Platform</h2>
            <ul>
              <li>
                <Link to={paths.demo}>Try Demo</Link>
              </li>
              <li>
                <Link to={paths.login}>Log in</Link>
              </li>
              <li>
                <Link to={paths.register}>Sign up</Link>
              </li>
            </ul>
          </nav>
          <nav className="public-footer-column" aria-labelledby="footer-legal">
            <h2 id="footer-legal">Legal</h2>
            <ul>
              <li>
                <Link to={paths.privacy}>Privacy policy</Link>
              </li>
            </ul>
          </nav>
          <div className="public-footer-column public-footer-contact">
            <h2>Contact</h2>
            <ul>
              <li>
                <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
              </li>
            </ul>
          </div>
        </div>
        <div className="public-footer-bottom">
          <p>
            © {year} {APP_NAME}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
