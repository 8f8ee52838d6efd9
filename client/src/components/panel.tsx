import type { ReactNode } from 'react';

import './panel.css';

export interface PanelProps {
  title?: ReactNode;
  description?: ReactNode;
  /** Right-aligned beside the title. */
  aside?: ReactNode;
  children?: ReactNode;
  /** Lets a table or list run edge to edge instead of inside the padding. */
  flush?: boolean;
  className?: string;
  id?: string;
}

/** A titled card section of a signed-in screen. */
export function Panel({ title, description, aside, children, flush = false, className, id }: PanelProps) {
  const titleId = id ? `${id}-title` : undefined;
  return (
    <section className={['panel', className].filter(Boolean).join(' ')} id={id} aria-labelledby={titleId}>
      {(title || aside) && (
        <div className="panel-header">
          <div className="panel-heading">
            {title && (
              <h2 className="panel-title" id={titleId}>
                {title}
              </h2>
            )}
            {description && <p className="panel-description">{description}</p>}
          </div>
          {aside && <div className="panel-aside">{aside}</div>}
        </div>
      )}
      {children !== undefined && <div className={flush ? 'panel-body-flush' : 'panel-body'}>{children}</div>}
    </section>
  );
}
