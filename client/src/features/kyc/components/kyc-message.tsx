import type { ReactNode } from 'react';

import { Spinner } from '../../../components/ui/spinner';

import './kyc-message.css';

export type KycMessageTone = 'progress' | 'success' | 'danger' | 'warning';

const ICONS: Record<Exclude<KycMessageTone, 'progress'>, string> = {
  success: 'M8 12.5l2.7 2.7L16.5 9.5',
  danger: 'M15 9l-6 6m0-6l6 6',
  warning: 'M12 7.5v5.5m0 3.5h.01',
};

/** A whole-card state of the page: a big icon, a heading and what to do next. */
export function KycMessage({ tone, title, children, actions }: { tone: KycMessageTone; title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <section className={`kyc-card kyc-message kyc-message-${tone}`} aria-live={tone === 'progress' ? 'polite' : undefined}>
      <div className="kyc-message-icon" aria-hidden="true">
        {tone === 'progress' ? (
          <Spinner size="large" />
        ) : (
          <svg viewBox="0 0 24 24">
            <path d={ICONS[tone]} />
          </svg>
        )}
      </div>
      <h1 className="kyc-message-title">{title}</h1>
      {children && <div className="kyc-message-text">{children}</div>}
      {actions && <div className="kyc-message-actions">{actions}</div>}
    </section>
  );
}
