import { Link } from 'react-router-dom';

import { APP_NAME } from '../config/app';

import './brand.css';

export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="9" className="brand-mark-bg" />
      <path d="M16 6.5l7.5 2.8v5.6c0 4.8-3.2 8.9-7.5 10.4-4.3-1.5-7.5-5.6-7.5-10.4V9.3L16 6.5z" className="brand-mark-shield" />
      <path d="M12.6 15.6l2.4 2.4 4.4-4.8" className="brand-mark-check" />
    </svg>
  );
}

export function Brand({ to = '/', onClick }: { to?: string; onClick?: () => void }) {
  return (
    <Link to={to} className="brand" onClick={onClick} aria-label={`${APP_NAME} home`}>
      <BrandMark />
      <span className="brand-name">{APP_NAME}</span>
    </Link>
  );
}
