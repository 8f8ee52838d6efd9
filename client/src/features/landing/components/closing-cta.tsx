import { ButtonLink } from '../../../components/ui/button-link';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';

import './closing-cta.css';

export function ClosingCta() {
  const { isAuthenticated } = useAuth();

  return (
    <section className="closing-cta" aria-labelledby="closing-cta-title">
      <div className="container">
        <div className="closing-cta-panel">
          <h2 id="closing-cta-title" className="closing-cta-title">
            Start verifying customers today
          </h2>
          <p className="closing-cta-text">
            Set up your organization in minutes, or explore a demo account filled with sample applicants. No credit card, no sales call.
          </p>
          <div className="closing-cta-actions">
            {isAuthenticated ? (
              <ButtonLink to={paths.dashboard.root} size="large" className="closing-cta-primary">
                Open dashboard
              </ButtonLink>
            ) : (
              <ButtonLink to={paths.register} size="large" className="closing-cta-primary">
                Get started for free
              </ButtonLink>
            )}
            <ButtonLink to={paths.registerDemo} size="large" className="closing-cta-secondary">
              Explore demo account
            </ButtonLink>
          </div>
        </div>
      </div>
    </section>
  );
}
