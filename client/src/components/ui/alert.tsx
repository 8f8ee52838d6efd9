import type { ReactNode } from 'react';

import './alert.css';

export type AlertVariant = 'danger' | 'success' | 'info' | 'warning';

export interface AlertProps {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}

const ICON_PATHS: Record<AlertVariant, string> = {
  danger: 'M12 8v5m0 3.5h.01M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z',
  warning: 'M12 8v5m0 3.5h.01M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z',
  success: 'M9 12.5l2 2 4-4.5M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z',
  info: 'M12 11v5m0-8.5h.01M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z',
};

export function Alert({ variant = 'info', title, children, className }: AlertProps) {
  // Problems interrupt a screen reader; confirmations and notes wait their turn.
  const role = variant === 'danger' || variant === 'warning' ? 'alert' : 'status';
  return (
    <div className={['alert', `alert-${variant}`, className].filter(Boolean).join(' ')} role={role}>
      <svg className="alert-icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d={ICON_PATHS[variant]} />
      </svg>
      <div className="alert-body">
        {title && <p className="alert-title">{title}</p>}
        {children && <div className="alert-text">{children}</div>}
      </div>
    </div>
  );
}
