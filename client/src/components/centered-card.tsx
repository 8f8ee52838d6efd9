import type { ReactNode } from 'react';

import { useDocumentTitle } from '../lib/use-document-title';
import { Brand } from './brand';

import './centered-card.css';

export interface CenteredCardProps {
  /** The card's heading, also the document title. */
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card, e.g. "Don't have an account? Signup for free". */
  footer?: ReactNode;
  /** Extra class on the page, for a caller's own tweaks. */
  className?: string;
}

/** The standalone page of the sign-in screens: brand on top, one centred card. */
export function CenteredCard({ title, subtitle, children, footer, className }: CenteredCardProps) {
  useDocumentTitle(title);

  return (
    <div className={['centered-card-page', className].filter(Boolean).join(' ')}>
      <header className="centered-card-header">
        <div className="container">
          <Brand />
        </div>
      </header>
      <main id="main" className="centered-card-main">
        <div className="centered-card">
          <div className="centered-card-heading">
            <h1 className="centered-card-title">{title}</h1>
            {subtitle && <p className="centered-card-subtitle">{subtitle}</p>}
          </div>
          {children}
        </div>
        {footer && <div className="centered-card-footer">{footer}</div>}
      </main>
    </div>
  );
}
