import { Link } from 'react-router-dom';

import { CenteredCard } from '../../../components/centered-card';
import { paths } from '../../../config/paths';
import { CreateDemoAccount } from '../components/create-demo-account';
import { DemoContents, DemoLimits } from '../components/demo-contents';

import './register-demo-page.css';

/** /register/demo (guest-only): one click creates a seeded demo account and signs in. */
export function RegisterDemoPage() {
  return (
    <CenteredCard
      className="register-demo-page"
      title="Create demo account"
      subtitle="Explore the whole product with sample data, signed in with one click."
      footer={
        <>
          Already have an account? <Link to={paths.login}>Login instead</Link>
        </>
      }
    >
      <div className="register-demo-body">
        <DemoContents />
        <DemoLimits />
        <CreateDemoAccount />
      </div>
    </CenteredCard>
  );
}
