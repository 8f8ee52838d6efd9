import type { ReactNode } from 'react';

import './card.css';

export interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions at the bottom, separated by a rule. */
  footer?: ReactNode;
  /** 'danger' frames the section in red (the Danger Zone). */
  variant?: 'default' | 'danger';
  className?: string;
  /** Rendered as <section aria-labelledby> when titled, so it is a landmark. */
  id?: string;
}

export function Card({ title, description, children, footer, variant = 'default', className, id }: CardProps) {
  const titleId = id ? `${id}-title` : undefined;
  return (
    <section id={id} className={['card', `card-${variant}`, className].filter(Boolean).join(' ')} aria-labelledby={title ? titleId : undefined}>
      {(title || description) && (
        <div className="card-header">
          {title && (
            <h2 id={titleId} className="card-title">
              {title}
            </h2>
          )}
          {description && <p className="card-description">{description}</p>}
        </div>
      )}
      {children && <div className="card-body">{children}</div>}
      {footer && <div className="card-footer">{footer}</div>}
    </section>
  );
}
