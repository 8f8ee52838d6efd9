import type { ReactNode } from 'react';

import { CheckIcon } from './check-icon';

import './features-section.css';

interface Feature {
  title: string;
  description: string;
  points: readonly string[];
  icon: ReactNode;
}

const FEATURES: readonly Feature[] = [
  {
    title: 'Instant verification',
    description:
      'Applicants photograph their identity document and take a selfie in a guided flow that works on any phone. Your own server reads the document, offline, and the result reaches your review queue seconds later.',
    points: [
      'Capture that asks for a retake of blurry, dark or glaring photos',
      'Passport and ID card zones (MRZ) and licence barcodes read, details pre-filled',
      'Live status and automatic redirect back to your site',
    ],
    icon: <path d="M13 3 5 13.5h6L10 21l8-10.5h-6L13 3z" />,
  },
  {
    title: 'Global compliance',
    description:
      'Meet KYC obligations wherever you operate. Host the platform in the region you choose, and keep a complete record of who viewed or changed each applicant.',
    points: ['Self-hosted for data residency', 'Audit trail of every applicant read and change', 'Role-based permissions for your team'],
    icon: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
      </>
    ),
  },
  {
    title: 'Fraud prevention',
    description:
      'Catch made-up and mistyped identity data before it reaches your product. What the applicant typed is checked against what the document itself says, and reviewers see both side by side with every difference marked.',
    points: [
      'Typed details checked against the document, field by field',
      'Side-by-side review with a document magnifier',
      'Signed webhooks your systems can trust',
    ],
    icon: (
      <>
        <path d="M12 3l7.5 2.8v5.6c0 4.8-3.2 8.9-7.5 10.4-4.3-1.5-7.5-5.6-7.5-10.4V5.8L12 3z" />
        <path d="M9 12l2 2 4-4" />
      </>
    ),
  },
];

export function FeaturesSection() {
  return (
    <section id="features" className="landing-section features" aria-labelledby="features-title">
      <div className="container">
        <div className="section-heading">
          <p className="section-eyebrow">Features</p>
          <h2 id="features-title" className="section-title">
            Everything you need to know your customer
          </h2>
          <p className="section-lead">
            Verify more genuine customers, keep regulators satisfied and keep fraudsters out, without stitching together a handful of tools.
          </p>
        </div>

        <div className="features-grid">
          {FEATURES.map((feature) => (
            <article key={feature.title} className="feature-card">
              <div className="feature-icon">
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  {feature.icon}
                </svg>
              </div>
              <h3 className="feature-title">{feature.title}</h3>
              <p className="feature-description">{feature.description}</p>
              <ul className="feature-points">
                {feature.points.map((point) => (
                  <li key={point}>
                    <CheckIcon className="feature-point-icon" />
                    {point}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
