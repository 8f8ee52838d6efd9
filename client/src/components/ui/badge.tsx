import type { ReactNode } from 'react';

import './badge.css';

export type BadgeVariant = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

export function Badge({ variant = 'neutral', children }: { variant?: BadgeVariant; children: ReactNode }) {
  return <span className={`badge badge-${variant}`}>{children}</span>;
}
