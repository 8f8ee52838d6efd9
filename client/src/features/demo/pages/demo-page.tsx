import { Link } from 'react-router-dom';

import type { CurrentUser } from '../../../api/current-user';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button-link';
import { Loading } from '../../../components/ui/loading';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CreateDemoAccount } from '../components/create-demo-account';
import { DemoContents, DemoLimits } from '../components/demo-contents';

import './demo-page.css';

const TOUR = [
  {
    title: 'Review applicants',
    text: 'Sort and search the applicants list, open an applicant and zoom into their document images.',
  },
  {
    title: 'Decide and edit',
    text: 'Approve, reject or hold an applicant, correct the extracted identity data, and follow the audit trail.',
  },
  {
    title: 'Integrate',
    text: 'See how results reach your systems: the webhook delivery log, retries and the integration guide.',
  },
] as const;

/** A public page may be opened signed in: creating a demo account would end that session. */
function SignedInNotice({ user }: { user: CurrentUser }) {
  return (
    <div className="demo-page-signed-in">
      <Alert variant="info">
        {user.isDemo ? (
          'You are already signed in to a demo account.'
        ) : (
          <>
            You are signed in as <strong>{user.username}</strong>. Log out first to try a demo account; it is separate from yours.
          </>
        )}
      </Alert>
      <ButtonLink to={paths.dashboard.root} size="large" block>
        Open dashboard
      </ButtonLink>
    </div>
  );
}

function DemoAction() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <Loading />;
  if (user) return <SignedInNotice user={user} />;
  return (
    <>
      <CreateDemoAccount />
      <p className="demo-page-login">
        Already have an account? <Link to={paths.login}>Login instead</Link>
      </p>
    </>
  );
}

/**
 * /demo, the "Try Demo" page: what the demo holds and what to try in it, with the same
 * one-click creation as /register/demo, inside the public site's header and footer.
 */
export function DemoPage() {
  useDocumentTitle('Try the demo');

  return (
    <div className="demo-page">
      <section className="demo-page-hero" aria-labelledby="demo-page-title">
        <div className="container demo-page-grid">
          <div className="demo-page-copy">
            <p className="demo-page-eyebrow">Live demo</p>
            <h1 id="demo-page-title" className="demo-page-title">
              Try the platform with a demo account
            </h1>
            <p className="demo-page-lead">
              See how your team would review identity checks. A demo account comes with two organizations full of sample applicants, their documents and
              decisions. Nothing to install, no sign-up.
            </p>
          </div>

          <section className="demo-page-card" aria-labelledby="demo-page-card-title">
            <h2 id="demo-page-card-title" className="demo-page-card-title">
              Your demo account
            </h2>
            <DemoContents />
            <DemoLimits />
            <DemoAction />
          </section>

          <section className="demo-page-tour" aria-labelledby="demo-page-tour-title">
            <h2 id="demo-page-tour-title" className="demo-page-tour-title">
              What you can try
            </h2>
            <ol className="demo-page-steps">
              {TOUR.map((step, index) => (
                <li key={step.title} className="demo-page-step">
                  <span className="demo-page-step-number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="demo-page-step-title">{step.title}</h3>
                    <p className="demo-page-step-text">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </section>
    </div>
  );
}
