import type { ReactNode } from 'react';

import { Brand } from '../brand';

import './error-screen.css';

export interface ErrorScreenProps {
  code?: string;
  title: string;
  children: ReactNode;
  actions: ReactNode;
  /** Inside the signed-in frame, whose top bar and `main` it keeps: the card alone, no second `main`. */
  embedded?: boolean;
}

/** Self-contained full page: it also stands in for the root layout when the router fails. */
export function ErrorScreen({ code, title, children, actions, embedded = false }: ErrorScreenProps) {
  const card = (
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
  );
  if (embedded) return <div className="error-screen-main error-screen-embedded">{card}</div>;
  return (
    <div className="error-screen">
      <header className="error-screen-header">
        <div className="container">
          <Brand />
        </div>
      </header>
      <main id="main" className="error-screen-main">
        {card}
      </main>
    </div>
  );
}
