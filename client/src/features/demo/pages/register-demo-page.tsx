import { Link } from 'react-router-dom';

import { Brand } from '../../../components/brand';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CreateDemoAccount } from '../components/create-demo-account';
import { DemoContents, DemoLimits } from '../components/demo-contents';

import './register-demo-page.css';

/** /register/demo (guest-only): one click creates a seeded demo account and signs in. */
export function RegisterDemoPage() {
  useDocumentTitle('Create demo account');

  return (
    <div className="register-demo-page">
      <header className="register-demo-header">
        <div className="container">
          <Brand />
        </div>
      </header>
      <main id="main" className="register-demo-main">
        <div className="register-demo-card">
          <div className="register-demo-heading">
            <h1 className="register-demo-title">Create demo account</h1>
            <p className="register-demo-subtitle">
              Explore the whole product with sample data, signed in with one click.
            </p>
          </div>
          <div className="register-demo-body">
            <DemoContents />
            <DemoLimits />
            <CreateDemoAccount />
          </div>
        </div>
        <p className="register-demo-footer">
          Already have an account? <Link to={paths.login}>Login instead</Link>
        </p>
      </main>
    </div>
  );
}
