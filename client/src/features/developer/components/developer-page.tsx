import { useEffect, type ReactNode } from 'react';

import { PageHeader } from '../../../components/page-header';
import { APP_NAME } from '../../../config/app';

import './developer-page.css';

export interface DeveloperPageProps {
  title: string;
  lead?: ReactNode;
  /** Buttons beside the heading (below it on phones). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of every developer screen inside the settings layout: one h1, then cards. */
export function DeveloperPage({ title, lead, actions, children }: DeveloperPageProps) {
  useEffect(() => {
    document.title = `${title} — ${APP_NAME}`;
  }, [title]);

  return (
    <div className="dev-page">
      <PageHeader title={title} description={lead} actions={actions} />
      {children}
    </div>
  );
}
