import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import './page-header.css';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons at the right of the title (below it on phones). */
  actions?: ReactNode;
  /** A "← label" link above the title. */
  back?: { to: string; label: string };
}

/** The heading block of a signed-in page: one h1 per page. */
export function PageHeader({ title, description, actions, back }: PageHeaderProps) {
  return (
    <div className="page-header">
      {back && (
        <Link to={back.to} className="page-header-back">
          <span aria-hidden="true">←</span> {back.label}
        </Link>
      )}
      <div className="page-header-row">
        <div className="page-header-text">
          <h1 className="page-header-title">{title}</h1>
          {description && <p className="page-header-description">{description}</p>}
        </div>
        {actions && <div className="page-header-actions">{actions}</div>}
      </div>
    </div>
  );
}
