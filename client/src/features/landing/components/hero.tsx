import { ButtonLink } from '../../../components/ui/button-link';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { HeroPreview } from './hero-preview';

import './hero.css';

export function Hero() {
  const { isAuthenticated } = useAuth();

  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-grid">
        <div className="hero-copy">
          <p className="hero-eyebrow">
            <span className="hero-eyebrow-dot" aria-hidden="true" />
            Self-hosted identity verification
          </p>
          <h1 id="hero-title" className="hero-title">
            KYC management, <span className="hero-title-accent">simplified</span>.
          </h1>
          <p className="hero-lead">
            Increase verifications and deter fraud with one back-office for identity checks: a guided document and selfie flow for your customers, a clear
            review queue for your team, and real-time results for your systems.
          </p>
          <div className="hero-actions">
            {isAuthenticated ? (
              <ButtonLink to={paths.dashboard.root} size="large">
                Open dashboard
              </ButtonLink>
            ) : (
              <ButtonLink to={paths.register} size="large">
                Get started, it&apos;s free
              </ButtonLink>
            )}
            <ButtonLink to={paths.registerDemo} size="large" variant="outline">
              Explore demo account
            </ButtonLink>
          </div>
          <ul className="hero-points">
            <li>Free to self-host</li>
            <li>No credit card required</li>
            <li>Demo in one click</li>
          </ul>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}
