import type { ReactNode } from 'react';

import { Brand } from '../brand';

import './error-screen.css';

export interface ErrorScreenProps {
  code?: string;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}

/** Self-contained full page: it also stands in for the root layout when the router fails. */
export function ErrorScreen({ code, title, children, actions }: ErrorScreenProps) {
  return (
    <div className="error-screen">
      <header className="error-screen-header">
        <div className="container">
          <Brand />
        </div>
      </header>
      <main id="main" className="error-screen-main">
        <div className="error-screen-card">
          {code && (
            <p className="error-screen-code" aria-hidden="true">
              {code}
            </p>
          )}
          <h1 className="error-screen-title">{title}</h1>
          <div className="error-screen-text">{children}</div>
          <div className="error-screen-actions">{actions}</div>
        </div>
      </main>
    </div>
  );
}
