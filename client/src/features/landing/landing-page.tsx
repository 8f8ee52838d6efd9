import { useEffect } from 'react';

import { APP_NAME } from '../../config/app';
import { ClosingCta } from './components/closing-cta';
import { FeaturesSection } from './components/features-section';
import { Hero } from './components/hero';
import { HowItWorks } from './components/how-it-works';

export function LandingPage() {
  useEffect(() => {
    document.title = `${APP_NAME} — Simplify KYC management`;
  }, []);

  return (
    <>
      <Hero />
      <FeaturesSection />
      <HowItWorks />
      <ClosingCta />
    </>
  );
}
