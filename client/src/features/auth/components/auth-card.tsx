import { useEffect, type ReactNode } from 'react';

import { Brand } from '../../../components/brand';
import { APP_NAME } from '../../../config/app';

import './auth-card.css';

export interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card, e.g. "Don't have an account? Signup for free". */
  footer?: ReactNode;
}

/** The standalone page of the sign-in screens: brand on top, one centred card. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  useEffect(() => {
    document.title = `${title} — ${APP_NAME}`;
  }, [title]);

  return (
    <div className="auth-page">
      <header className="auth-page-header">
        <div className="container">
          <Brand />
        </div>
      </header>
      <main id="main" className="auth-page-main">
        <div className="auth-card">
          <div className="auth-card-heading">
            <h1 className="auth-card-title">{title}</h1>
            {subtitle && <p className="auth-card-subtitle">{subtitle}</p>}
          </div>
          {children}
        </div>
        {footer && <div className="auth-card-footer">{footer}</div>}
      </main>
    </div>
  );
}
